import mongoose from 'mongoose';
import type { CampaignInput, CampaignView } from '../domain/newsletter/newsletter-schema';
import { DomainError } from '../domain/domain-error';
import { CampaignMessages } from '../domain/newsletter/campaign-messages';
import { jobs } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import { renderCampaignContent } from './campaign-content';
import { CampaignModel, type CampaignDocument } from './campaign-model';
import { NewsletterDeliveryModel, OPEN_DELIVERY } from './newsletter-delivery-model';

const notFound = () => new DomainError('notFound', CampaignMessages.notFound);

/** The campaign of an id, or the 404 of an unknown one (a malformed id included). */
export async function findCampaign(campaignId: string): Promise<CampaignDocument> {
  const campaign = mongoose.isValidObjectId(campaignId)
    ? await CampaignModel.findById(campaignId)
    : null;
  if (!campaign) throw notFound();
  return campaign;
}

export interface FailedDelivery {
  email: string;
  attempts: number;
  reason: string;
}

/** Campaigns as operators handle them: write, edit or delete a draft, send, watch, pause, resume. */
export class CampaignService {
  constructor(private readonly deps: { jobs: JobProducer }) {}

  async create(input: CampaignInput, createdBy: string): Promise<CampaignView> {
    const content = renderCampaignContent(input.format, input.body);
    const campaign = await CampaignModel.create({
      subject: input.subject,
      format: input.format,
      body: input.body,
      html: content.html,
      text: content.text,
      createdBy,
    });
    return this.view(campaign);
  }

  private find(campaignId: string): Promise<CampaignDocument> {
    return findCampaign(campaignId);
  }

  /**
   * A draft written again. Conditional on its still being a draft: a campaign sent meanwhile
   * keeps what went out (409).
   */
  async update(campaignId: string, input: CampaignInput): Promise<CampaignView> {
    const content = renderCampaignContent(input.format, input.body);
    const campaign = await CampaignModel.findOneAndUpdate(
      { _id: (await this.find(campaignId))._id, status: 'draft' },
      {
        $set: {
          subject: input.subject,
          format: input.format,
          body: input.body,
          html: content.html,
          text: content.text,
        },
      },
      { new: true },
    );
    if (!campaign) throw new DomainError('conflict', CampaignMessages.onlyDraftEdited);
    return this.view(campaign);
  }

  /** A draft thrown away. One that went out, even in part, is the record of what was sent (409). */
  async remove(campaignId: string): Promise<void> {
    const deleted = await CampaignModel.findOneAndDelete({
      _id: (await this.find(campaignId))._id,
      status: 'draft',
    });
    if (!deleted) throw new DomainError('conflict', CampaignMessages.onlyDraftDeleted);
  }

  /** From draft to sending: the fan-out job writes a delivery for every confirmed subscriber. */
  async start(campaignId: string): Promise<CampaignView> {
    const campaign = await CampaignModel.findOneAndUpdate(
      { _id: (await this.find(campaignId))._id, status: 'draft' },
      { $set: { status: 'sending', startedAt: new Date() } },
      { new: true },
    );
    if (!campaign) throw new DomainError('conflict', CampaignMessages.onlyDraftSent);
    await this.deps.jobs.add(
      jobs.newsletterFanOut,
      { campaignId },
      { jobId: `newsletter-fanout-${campaignId}-0` },
    );
    return this.view(campaign);
  }

  /** Batches stop before their next message; nothing already sent is touched. */
  async pause(campaignId: string): Promise<CampaignView> {
    const campaign = await CampaignModel.findOneAndUpdate(
      { _id: (await this.find(campaignId))._id, status: 'sending' },
      { $set: { status: 'paused' } },
      { new: true },
    );
    if (!campaign) throw new DomainError('conflict', CampaignMessages.onlySendingPaused);
    return this.view(campaign);
  }

  /** Queues again every batch with something left to send, under new job ids (a new round). */
  async resume(campaignId: string): Promise<CampaignView> {
    const campaign = await CampaignModel.findOneAndUpdate(
      { _id: (await this.find(campaignId))._id, status: 'paused' },
      { $set: { status: 'sending' }, $inc: { round: 1 } },
      { new: true },
    );
    if (!campaign) throw new DomainError('conflict', CampaignMessages.onlyPausedResumed);
    const round = String(campaign.round);
    if (!campaign.fanOutDone) {
      await this.deps.jobs.add(
        jobs.newsletterFanOut,
        { campaignId },
        { jobId: `newsletter-fanout-${campaignId}-${round}` },
      );
    }
    const batches = await NewsletterDeliveryModel.distinct('batch', {
      campaignId: campaign._id,
      status: { $in: OPEN_DELIVERY },
    });
    for (const batch of batches) {
      await this.deps.jobs.add(
        jobs.newsletterBatch,
        { campaignId, batch },
        { jobId: `newsletter-batch-${campaignId}-${String(batch)}-r${round}` },
      );
    }
    return this.view(campaign);
  }

  async get(campaignId: string): Promise<CampaignView> {
    return this.view(await this.find(campaignId));
  }

  async list(): Promise<CampaignView[]> {
    const campaigns = await CampaignModel.find().sort({ createdAt: -1 }).limit(50);
    return Promise.all(campaigns.map((campaign) => this.view(campaign)));
  }

  async failures(campaignId: string): Promise<FailedDelivery[]> {
    const campaign = await this.find(campaignId);
    const failed = await NewsletterDeliveryModel.find({
      campaignId: campaign._id,
      status: 'failed',
    })
      .sort({ updatedAt: -1 })
      .limit(500)
      .lean();
    return failed.map((delivery) => ({
      email: delivery.email,
      attempts: delivery.attempts,
      reason: delivery.lastError ?? 'unknown',
    }));
  }

  /**
   * Progress counted from the delivery rows themselves, so it cannot drift from what happened; a
   * settled campaign's rows expire (retention), so its totals, counted as it settled, are shown.
   */
  async view(campaign: CampaignDocument): Promise<CampaignView> {
    const settled = campaign.settledProgress;
    const progress = settled
      ? {
          total: settled.total,
          sent: settled.sent,
          failed: settled.failed,
          skipped: settled.skipped,
          pending: 0,
          unconfirmed: 0,
        }
      : await deliveryProgress(campaign._id);
    return {
      id: campaign.id as string,
      subject: campaign.subject,
      format: campaign.format,
      status: campaign.status,
      createdAt: campaign.createdAt.toISOString(),
      startedAt: campaign.startedAt?.toISOString() ?? null,
      finishedAt: campaign.finishedAt?.toISOString() ?? null,
      recipientsFixed: campaign.fanOutDone,
      progress,
    };
  }
}

export type DeliveryProgress = CampaignView['progress'];

/** A campaign's progress, counted from its delivery rows. */
export async function deliveryProgress(
  campaignId: mongoose.Types.ObjectId,
): Promise<DeliveryProgress> {
  const counts = await NewsletterDeliveryModel.aggregate<{ _id: string; count: number }>([
    { $match: { campaignId } },
    { $group: { _id: '$status', count: { $sum: 1 } } },
  ]);
  const count = (...statuses: string[]) =>
    counts.filter((row) => statuses.includes(row._id)).reduce((sum, row) => sum + row.count, 0);
  return {
    total: count('pending', 'sending', 'committed', 'sent', 'resent', 'failed', 'skipped'),
    // Committed: handed to the SMTP server in full, its answer not yet recorded. Resent: one
    // of those, which an operator had sent again (unconfirmed-deliveries.ts).
    sent: count('committed', 'sent', 'resent'),
    failed: count('failed'),
    skipped: count('skipped'),
    pending: count('pending', 'sending'),
    unconfirmed: count('committed'),
  };
}
