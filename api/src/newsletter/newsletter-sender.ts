import mongoose from 'mongoose';
import { jobs } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import type { Logger } from '../platform/logger';
import { isDuplicateKeyError } from '../platform/mongo';
import { mayHaveBeenKept, serverAnswer, type Mailer } from '../platform/mailer';
import { CampaignModel, type CampaignDocument } from './campaign-model';
import {
  NewsletterDeliveryModel,
  OPEN_DELIVERY,
  type NewsletterDelivery,
} from './newsletter-delivery-model';
import { subscriberCopy } from './subscriber-copy';
import type { NewsletterLinks } from './newsletter-links';
import type { SendRate } from './send-rate';
import { WriteBehind } from '../platform/write-behind';
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

/** A message not sent because its campaign was paused while it waited for its turn. */
const PAUSED = Symbol('paused');

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
  /**
   * Server answers, recorded many to a write. A row whose answer is lost with its process stays
   * committed: never sent again by itself, counted as sent but unconfirmed, and listed for an
   * operator to decide on (unconfirmed-deliveries.ts). Only a row still committed takes its
   * answer: one an operator decided on meanwhile keeps the decision.
   */
  private readonly sentMarks: WriteBehind<{ _id: mongoose.Types.ObjectId; sentAt: Date }>;

  constructor(private readonly options: NewsletterSenderOptions) {
    this.sentMarks = new WriteBehind({
      write: async (marks) => {
        await NewsletterDeliveryModel.collection.bulkWrite(
          marks.map(({ _id, sentAt }) => ({
            updateOne: {
              filter: { _id, status: 'committed' },
              update: { $set: { status: 'sent', sentAt, lastError: null, updatedAt: sentAt } },
            },
          })),
          { ordered: false },
        );
      },
      maxBatch: options.batchSize,
      onError: (error, ops) => {
        options.logger.warn(
          { err: error, ops },
          'newsletter answers not recorded yet; trying again',
        );
      },
    });
  }

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
      await NewsletterDeliveryModel.insertMany(rows, { ordered: false }).catch(
        async (error: unknown) => {
          if (!onlyDuplicates(error) && !isDuplicateKeyError(error)) throw error;
          // Rows a crashed run already wrote are kept as they are. A duplicate can also end the
          // insert as a whole (a write retried across a primary's election answers E11000 for
          // the rows its first try wrote), leaving the others unwritten: the batch is written
          // again row by row, each only where it is missing.
          await NewsletterDeliveryModel.bulkWrite(
            rows.map((row) => ({
              updateOne: {
                filter: { campaignId: row.campaignId, subscriberId: row.subscriberId },
                update: { $setOnInsert: row },
                upsert: true,
              },
            })),
            { ordered: false },
          );
        },
      );
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
    const ofBatch = { campaignId: campaign._id, batch };
    await this.claimBatch(ofBatch, jobId);
    const open: Delivery[] = await NewsletterDeliveryModel.find({
      ...ofBatch,
      status: { $in: OPEN_DELIVERY },
    }).lean();
    const deliveries = open.filter(
      (delivery) => delivery.status === 'sending' && delivery.claimedBy === jobId,
    );
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
      // Rows another job holds are left to it; this job is tried again for them.
      retryLater: open.length - deliveries.length,
      lastError: '',
      /** Claimed and not tried: handed back for the resume when the campaign is paused. */
      untried: [] as mongoose.Types.ObjectId[],
    };
    // Once a second: a pause, and people who left since the batch began, take effect at once,
    // and the claim is renewed, so a long batch is never taken for an abandoned one.
    const stillSending = async (soon = false) => {
      if (Date.now() - state.checkedAt > (soon ? 200 : 1_000)) {
        state.checkedAt = Date.now();
        state.paused = !(await CampaignModel.exists({ _id: campaign._id, status: 'sending' }));
        state.subscribed = await confirmed();
        await NewsletterDeliveryModel.updateMany(
          { ...ofBatch, status: 'sending', claimedBy: jobId },
          { $set: { claimedAt: new Date() } },
        );
      }
      return !state.paused;
    };

    try {
      await forEachAtMost(deliveries, this.options.concurrency, async (delivery) => {
        if (!(await stillSending())) {
          state.untried.push(delivery._id);
          return;
        }
        if (!state.subscribed.has(String(delivery.subscriberId))) {
          await NewsletterDeliveryModel.updateOne(
            { _id: delivery._id, status: { $in: OPEN_DELIVERY } },
            { $set: { status: 'skipped' } },
          );
          return;
        }
        const outcome = await this.deliver(campaign, delivery, () => stillSending(true));
        if (outcome === PAUSED) state.untried.push(delivery._id);
        else if (outcome) {
          state.retryLater += 1;
          state.lastError = outcome;
        }
      });
    } finally {
      await this.sentMarks.flush();
    }
    if (state.untried.length > 0) {
      await NewsletterDeliveryModel.updateMany(
        { _id: { $in: state.untried }, status: 'sending', claimedBy: jobId },
        { $set: { status: 'pending', claimedBy: null }, $inc: { attempts: -1 } },
      );
    }

    if (state.retryLater > 0 && !state.paused) {
      throw new BatchIncompleteError(
        `${String(state.retryLater)} message(s) of batch ${String(batch)} left for a retry${state.lastError ? `: ${state.lastError}` : ''}`,
      );
    }
    await this.finishIfDone(campaign._id);
  }

  /**
   * Takes, in one write, every row of the batch this job may send: pending ones, its own from an
   * earlier try, and those of a job that died (claimed longer ago than any live one renews).
   */
  private async claimBatch(
    ofBatch: { campaignId: mongoose.Types.ObjectId; batch: number },
    jobId: string,
  ): Promise<void> {
    const abandoned = new Date(Date.now() - this.options.abandonedAfterMs);
    await NewsletterDeliveryModel.updateMany(
      {
        ...ofBatch,
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
    );
  }

  /**
   * Sends one message; answers a reason when it should be tried again, null when it is settled,
   * PAUSED when the campaign was paused before it went.
   */
  private async deliver(
    campaign: CampaignDocument,
    delivery: Delivery,
    stillSending: () => Promise<boolean>,
  ): Promise<string | null | typeof PAUSED> {
    const message = subscriberCopy(
      campaign,
      { id: String(delivery.subscriberId), email: delivery.email },
      this.options.links,
    );
    // The turn is taken last, just before the message goes: what comes between a turn and the
    // server (a first connection, a slow query) would otherwise bunch messages together.
    await this.options.rate.acquire();
    if (!(await stillSending())) return PAUSED;
    /** Set when another run of this batch committed the row first: this copy must not go. */
    const commit = { takenByAnother: false };
    try {
      await this.options.mailer.send(message, {
        beforeCommit: async () => {
          // The driver's own call: a write on every message, where the schema's casting bought
          // nothing.
          const now = new Date();
          const committed = await NewsletterDeliveryModel.collection.updateOne(
            { _id: delivery._id, status: 'sending' },
            { $set: { status: 'committed', committedAt: now, updatedAt: now } },
          );
          // Two runs of one batch job can hold the same rows: after a Redis failover the new
          // master hands out again a job whose first run is still going. Only the run whose
          // write moves the row sends; the other's message is cut before its final ".".
          if (committed.modifiedCount === 0) {
            commit.takenByAnother = true;
            throw new Error('this delivery was committed by another run of its batch');
          }
        },
      });
      this.sentMarks.add({ _id: delivery._id, sentAt: new Date() });
      return null;
    } catch (error) {
      if (commit.takenByAnother) return null;
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

  /** Writes the answers still waiting (a process about to stop). */
  async close(): Promise<void> {
    await this.sentMarks.close();
  }

  /** The campaign is sent once its recipients are fixed and none is left to send. */
  private async finishIfDone(campaignId: mongoose.Types.ObjectId): Promise<void> {
    const open = await NewsletterDeliveryModel.exists({
      campaignId,
      status: { $in: OPEN_DELIVERY },
    });
    if (open) return;
    await CampaignModel.updateOne(
      { _id: campaignId, status: 'sending', fanOutDone: true },
      { $set: { status: 'sent', finishedAt: new Date() } },
    );
  }
}
