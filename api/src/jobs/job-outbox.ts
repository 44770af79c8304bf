import type { JobsOptions } from 'bullmq';
import { isDuplicateKeyError } from '../platform/mongo';
import type { QueueName } from './job-definitions';
import { JobOutboxModel } from './job-outbox-model';

/** A job as BullMQ takes it: validated payload, deterministic id, and when it is due. */
export interface QueuedJob {
  queue: QueueName;
  name: string;
  jobId: string;
  data: unknown;
  /** The definition's options (attempts, backoff); the id and the delay are kept apart. */
  options: JobsOptions;
  /** When a delayed job is due; null to run at once. */
  runAt: Date | null;
}

export interface ClaimedJob extends QueuedJob {
  rowId: string;
}

const MAX_ERROR_LENGTH = 500;

/**
 * The transactional outbox of the job queues, in MongoDB: where a job waits when Redis cannot
 * take it, so that accepted work survives a Redis outage. `OutboxRelay` empties it.
 */
export class JobOutbox {
  /** Keeps a job until Redis takes it; keeping a job that is already kept changes nothing. */
  async keep(job: QueuedJob): Promise<void> {
    try {
      await JobOutboxModel.updateOne(
        { queue: job.queue, jobId: job.jobId },
        {
          $setOnInsert: {
            queue: job.queue,
            jobId: job.jobId,
            name: job.name,
            data: job.data,
            options: job.options,
            runAt: job.runAt,
          },
        },
        { upsert: true },
      );
    } catch (error) {
      // Two requests kept the same job at the same moment: the other one's row is this one.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /**
   * Takes a row no relay holds, for `leaseMs`: rows never tried first, oldest first, then those
   * tried longest ago. One atomic update, so two relays never hold a row at once; a relay that
   * dies or overruns loses the row when its lease ends.
   */
  async claim(owner: string, leaseMs: number): Promise<ClaimedJob | null> {
    const now = Date.now();
    const row = await JobOutboxModel.findOneAndUpdate(
      { leaseUntil: { $lte: new Date(now) } },
      {
        $set: { leaseUntil: new Date(now + leaseMs), leaseOwner: owner },
        $inc: { relayAttempts: 1 },
      },
      { sort: { leaseUntil: 1, createdAt: 1 }, new: true },
    ).lean();
    if (!row) return null;
    return {
      rowId: row._id.toHexString(),
      queue: row.queue as QueueName,
      name: row.name,
      jobId: row.jobId,
      data: row.data as unknown,
      options: row.options as JobsOptions,
      runAt: row.runAt ?? null,
    };
  }

  /**
   * BullMQ has the job: the row goes, even if its lease has passed to another relay meanwhile.
   * That relay's add then finds the job id taken and changes nothing.
   */
  async remove(job: ClaimedJob): Promise<void> {
    await JobOutboxModel.deleteOne({ _id: job.rowId });
  }

  /**
   * Redis did not take it: the row is free again (behind the rows not tried yet), unless another
   * relay holds it now.
   */
  async giveBack(job: ClaimedJob, owner: string, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    await JobOutboxModel.updateOne(
      { _id: job.rowId, leaseOwner: owner },
      {
        $set: {
          leaseUntil: new Date(),
          leaseOwner: null,
          lastError: reason.slice(0, MAX_ERROR_LENGTH),
        },
      },
    );
  }

  async count(): Promise<number> {
    return JobOutboxModel.countDocuments();
  }
}
