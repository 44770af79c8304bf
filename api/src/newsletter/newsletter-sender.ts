import mongoose from 'mongoose';
import { jobs } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import type { Logger } from '../platform/logger';
import { mayHaveBeenKept, serverAnswer, type Mailer } from '../platform/mailer';
import { CampaignModel, type CampaignDocument } from './campaign-model';
import { NewsletterDeliveryModel, type NewsletterDelivery } from './newsletter-delivery-model';
import { newsletterEmail } from './newsletter-emails';
import type { NewsletterLinks } from './newsletter-links';
import type { SendRate } from './send-rate';
import { SubscriberModel } from './subscriber-model';

export interface NewsletterSenderOptions {
  mailer: Mailer;
  links: NewsletterLinks;
  jobs: JobProducer;
  rate: SendRate;
  logger: Logger;
  batchSize: number;
  /** Messages in flight at once within a batch (the SMTP pool's size). */
  concurrency: number;
  /** Tries per recipient before the delivery is marked failed with its reason. */
  maxAttempts: number;
  /** A delivery claimed by another job this long ago is taken to be abandoned. */
  abandonedAfterMs: number;
}

type Delivery = NewsletterDelivery & { _id: mongoose.Types.ObjectId };

/** A retry of the job, not a failure: what is left is sent on the next try. */
export class BatchIncompleteError extends Error {
  override readonly name = 'BatchIncompleteError';
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/** A bulk insert whose every refused row was already there. */
function onlyDuplicates(error: unknown): boolean {
  if (!(error instanceof mongoose.mongo.MongoBulkWriteError)) return false;
  const writeErrors: unknown[] = Array.isArray(error.writeErrors)
    ? error.writeErrors
    : [error.writeErrors];
  return writeErrors.every(
    (writeError) => (writeError as { code?: unknown } | null)?.code === 11000,
  );
}

async function forEachAtMost<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Delivers campaigns in the workers, as Ghost does: the campaign fans out into one delivery row
 * per (campaign, subscriber), unique, grouped in numbered batches; a batch job claims each row,
 * sends, and records it. A row never goes back to pending once its message was handed to the
 * server in full, so no retry, restart or second worker sends anyone a campaign twice.
 */
export class NewsletterSender {
  constructor(private readonly options: NewsletterSenderOptions) {}

  /**
   * Writes the delivery rows of every confirmed subscriber, batch by batch, queueing each batch
   * as soon as it exists. Picks up after the last row written when run again after a crash.
   */
  async fanOut(campaignId: string): Promise<void> {
    const campaign = await CampaignModel.findById(campaignId);
    if (!campaign || campaign.fanOutDone || campaign.status === 'draft') return;
    // After a crash, the last batch written may be incomplete (rows go in unordered): it is
    // written again from its first subscriber, and the rows it already has are kept.
    const last = await NewsletterDeliveryModel.findOne({ campaignId: campaign._id })
      .sort({ batch: -1 })
      .lean();
    const firstOfLast = last
      ? await NewsletterDeliveryModel.findOne({ campaignId: campaign._id, batch: last.batch })
          .sort({ subscriberId: 1 })
          .lean()
      : null;
    let batch = last?.batch ?? 0;
    const subscribers = SubscriberModel.find({
      status: 'confirmed',
      ...(firstOfLast ? { _id: { $gte: firstOfLast.subscriberId } } : {}),
    })
      .sort({ _id: 1 })
      .select({ _id: 1, email: 1 })
      .lean()
      .cursor();
    let rows: {
      campaignId: mongoose.Types.ObjectId;
      subscriberId: mongoose.Types.ObjectId;
      email: string;
      batch: number;
    }[] = [];
    const flush = async () => {
      if (rows.length === 0) return;
      await NewsletterDeliveryModel.insertMany(rows, { ordered: false }).catch((error: unknown) => {
        // Rows a crashed run already wrote are kept as they are.
        if (!onlyDuplicates(error)) throw error;
      });
      await this.queueBatch(campaign, batch);
      batch += 1;
      rows = [];
    };
    for await (const subscriber of subscribers) {
      rows.push({
        campaignId: campaign._id,
        subscriberId: subscriber._id,
        email: subscriber.email,
        batch,
      });
      if (rows.length >= this.options.batchSize) await flush();
    }
    await flush();
    await CampaignModel.updateOne({ _id: campaign._id }, { $set: { fanOutDone: true } });
    await this.finishIfDone(campaign._id);
  }

  private async queueBatch(campaign: CampaignDocument, batch: number): Promise<void> {
    const campaignId = campaign.id as string;
    await this.options.jobs.add(
      jobs.newsletterBatch,
      { campaignId, batch },
      { jobId: `newsletter-batch-${campaignId}-${String(batch)}-r${String(campaign.round)}` },
    );
  }

  /**
   * Sends what is left of one batch. `jobId` identifies this job: rows it claimed on an earlier
   * try (the worker died) are its own to send again; rows another job claimed are left to it.
   */
  async sendBatch(campaignId: string, batch: number, jobId: string): Promise<void> {
    const campaign = await CampaignModel.findById(campaignId);
    if (campaign?.status !== 'sending') return;
    const deliveries: Delivery[] = await NewsletterDeliveryModel.find({
      campaignId: campaign._id,
      batch,
      status: { $in: ['pending', 'sending'] },
    }).lean();
    const subscriberIds = deliveries.map((delivery) => delivery.subscriberId);
    const confirmed = async () =>
      new Set(
        (
          await SubscriberModel.find(
            { _id: { $in: subscriberIds }, status: 'confirmed' },
            { _id: 1 },
          ).lean()
        ).map((subscriber) => String(subscriber._id)),
      );
    const state = {
      paused: false,
      checkedAt: Date.now(),
      subscribed: await confirmed(),
      retryLater: 0,
      lastError: '',
    };
    // Once a second: a pause, and people who left since the batch began, take effect at once.
    const stillSending = async (soon = false) => {
      if (Date.now() - state.checkedAt > (soon ? 200 : 1_000)) {
        state.checkedAt = Date.now();
        state.paused = !(await CampaignModel.exists({ _id: campaign._id, status: 'sending' }));
        state.subscribed = await confirmed();
      }
      return !state.paused;
    };

    await forEachAtMost(deliveries, this.options.concurrency, async (delivery) => {
      if (!(await stillSending())) return;
      if (!state.subscribed.has(String(delivery.subscriberId))) {
        await NewsletterDeliveryModel.updateOne(
          { _id: delivery._id, status: { $in: ['pending', 'sending'] } },
          { $set: { status: 'skipped' } },
        );
        return;
      }
      const claimed = await this.claim(delivery, jobId);
      if (!claimed) {
        state.retryLater += 1;
        return;
      }
      const outcome = await this.deliver(campaign, claimed, () => stillSending(true));
      if (outcome) {
        state.retryLater += 1;
        state.lastError = outcome;
      }
    });

    if (state.retryLater > 0 && !state.paused) {
      throw new BatchIncompleteError(
        `${String(state.retryLater)} message(s) of batch ${String(batch)} left for a retry${state.lastError ? `: ${state.lastError}` : ''}`,
      );
    }
    await this.finishIfDone(campaign._id);
  }

  /** Takes a row for this job: a pending one, one of its own, or one abandoned by another. */
  private async claim(delivery: Delivery, jobId: string): Promise<Delivery | null> {
    const abandoned = new Date(Date.now() - this.options.abandonedAfterMs);
    return NewsletterDeliveryModel.findOneAndUpdate(
      {
        _id: delivery._id,
        $or: [
          { status: 'pending' },
          { status: 'sending', claimedBy: jobId },
          { status: 'sending', claimedAt: { $lt: abandoned } },
        ],
      },
      {
        $set: { status: 'sending', claimedBy: jobId, claimedAt: new Date() },
        $inc: { attempts: 1 },
      },
      { new: true },
    ).lean();
  }

  /** Sends one message; answers a reason when it should be tried again, null when it is settled. */
  private async deliver(
    campaign: CampaignDocument,
    delivery: Delivery,
    stillSending: () => Promise<boolean>,
  ): Promise<string | null> {
    const subscriberId = String(delivery.subscriberId);
    const message = newsletterEmail({
      to: delivery.email,
      subject: campaign.subject,
      content: { html: campaign.html, text: campaign.text },
      unsubscribeUrl: this.options.links.unsubscribePageUrl(subscriberId),
      oneClickUnsubscribeUrl: this.options.links.oneClickUrl(subscriberId),
    });
    // The turn is taken last, just before the message goes: what comes between a turn and the
    // server (a first connection, a slow query) would otherwise bunch messages together.
    await this.options.rate.acquire();
    if (!(await stillSending())) {
      // Paused while waiting for its turn: handed back untouched for the resume.
      await NewsletterDeliveryModel.updateOne(
        { _id: delivery._id, status: 'sending' },
        { $set: { status: 'pending', claimedBy: null }, $inc: { attempts: -1 } },
      );
      return null;
    }
    try {
      await this.options.mailer.send(message, {
        beforeCommit: async () => {
          await NewsletterDeliveryModel.updateOne(
            { _id: delivery._id, status: 'sending' },
            { $set: { status: 'committed' } },
          );
        },
      });
      await NewsletterDeliveryModel.updateOne(
        { _id: delivery._id },
        { $set: { status: 'sent', sentAt: new Date(), lastError: null } },
      );
      return null;
    } catch (error) {
      const reason = reasonOf(error);
      const code = serverAnswer(error);
      if (mayHaveBeenKept(error)) {
        // Handed over in full, answer lost: counted as sent rather than risk a second copy.
        this.options.logger.warn(
          { deliveryId: String(delivery._id), reason },
          'newsletter answer lost',
        );
        return null;
      }
      const final =
        (code !== undefined && code >= 500) || delivery.attempts >= this.options.maxAttempts;
      await NewsletterDeliveryModel.updateOne(
        { _id: delivery._id },
        { $set: { status: final ? 'failed' : 'pending', lastError: reason } },
      );
      return final ? null : reason;
    }
  }

  /** The campaign is sent once its recipients are fixed and none is left to send. */
  private async finishIfDone(campaignId: mongoose.Types.ObjectId): Promise<void> {
    const open = await NewsletterDeliveryModel.exists({
      campaignId,
      status: { $in: ['pending', 'sending'] },
    });
    if (open) return;
    await CampaignModel.updateOne(
      { _id: campaignId, status: 'sending', fanOutDone: true },
      { $set: { status: 'sent', finishedAt: new Date() } },
    );
  }
}
