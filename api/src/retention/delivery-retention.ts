import { DAY_SECONDS, RETENTION_DAYS } from '../domain/retention';
import { CampaignModel } from '../newsletter/campaign-model';
import { deliveryProgress } from '../newsletter/campaign-service';
import { NewsletterDeliveryModel, SETTLED_DELIVERY } from '../newsletter/newsletter-delivery-model';

/** What may never expire: still to be sent, being sent, or sent and not yet confirmed. */
const UNSETTLED_DELIVERY = ['pending', 'sending', 'committed'] as const;

export interface SettledCampaigns {
  /** Campaigns settled by this run. */
  campaigns: number;
  /** Their delivery rows given an expiry date. */
  rows: number;
  /** Finished campaigns left for a later run: a row of theirs is open or unconfirmed. */
  waiting: number;
}

/**
 * Retention of newsletter delivery records (docs/product.md#privacy): a finished campaign none of
 * whose rows is pending, sending or committed (unconfirmed, waiting for an operator) is settled:
 * its totals are kept on the campaign, which shows them from then on, and each of its rows gets
 * an `expiresAt` a retention period away, after which MongoDB's TTL index deletes it. Nothing
 * moves a row of such a campaign any more, so the totals stay true once the rows are gone.
 *
 * The rows are dated before the campaign is marked: a run stopped between the two leaves the
 * campaign unsettled, and the next run counts it again (its rows are all still there) and dates
 * the rows still undated. Safe to run any number of times, by any number of workers.
 */
export async function settleFinishedCampaigns(now: Date): Promise<SettledCampaigns> {
  const result: SettledCampaigns = { campaigns: 0, rows: 0, waiting: 0 };
  const finished = await CampaignModel.find(
    { status: { $in: ['sent', 'cancelled'] }, settledAt: null },
    { _id: 1 },
  ).lean();
  const expiresAt = new Date(
    now.getTime() + RETENTION_DAYS.newsletterDelivery * DAY_SECONDS * 1000,
  );
  for (const { _id: campaignId } of finished) {
    const unsettled = await NewsletterDeliveryModel.exists({
      campaignId,
      status: { $in: UNSETTLED_DELIVERY },
    });
    if (unsettled) {
      result.waiting += 1;
      continue;
    }
    const progress = await deliveryProgress(campaignId);
    const dated = await NewsletterDeliveryModel.updateMany(
      { campaignId, status: { $in: SETTLED_DELIVERY }, expiresAt: null },
      { $set: { expiresAt } },
    );
    const marked = await CampaignModel.updateOne(
      { _id: campaignId, settledAt: null },
      {
        $set: {
          settledAt: now,
          settledProgress: {
            total: progress.total,
            sent: progress.sent,
            failed: progress.failed,
            skipped: progress.skipped,
          },
        },
      },
    );
    result.rows += dated.modifiedCount;
    result.campaigns += marked.modifiedCount;
  }
  return result;
}
