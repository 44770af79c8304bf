import type { FilterQuery, HydratedDocument, Model } from 'mongoose';
import type { Logger } from '../platform/logger';

/**
 * Records whose follow-up jobs may never have been handed over: the request saved the record and
 * then stopped (the process died, or MongoDB failed as it wrote the outbox). Each source finds its
 * own such records, saved before `savedBefore`, and hands their jobs over again; the job ids are
 * the records' own, so a job that did reach its queue is not queued twice.
 */
export interface FollowUpSource {
  /** What the records are, for the logs. */
  name: string;
  /** Hands over the jobs of up to `limit` records; answers the ids of those it handed over. */
  resume(savedBefore: Date, limit: number): Promise<string[]>;
}

/**
 * The field a sweep claims a record with, in every model a sweep resumes: every API process
 * sweeps, and the claim makes one of them hand each record over, the others finding it taken.
 */
export const FOLLOW_UP_CLAIM_FIELDS = {
  followUpClaimedUntil: { type: Date, default: null },
} as const;

/** Longer than a hand-over takes; a sweep that died with the claim leaves it to the next after. */
const CLAIM_MS = 60_000;

/**
 * A source's usual `resume`: the records of `model` still marked by `pendingFlag`, saved before
 * `savedBefore` and claimed by no other sweep, oldest first, each claimed and handed to
 * `handOver`, which answers whether its jobs left. Answers the ids this sweep handed over: a
 * record whose hand-over failed (MongoDB away as it wrote the outbox) stays pending, is taken
 * again once its claim runs out, and is counted by the sweep that finally hands it over.
 */
export async function resumeStranded<T>(
  model: Model<T>,
  pendingFlag: keyof T & string,
  savedBefore: Date,
  limit: number,
  handOver: (record: HydratedDocument<T>) => Promise<boolean>,
): Promise<string[]> {
  const now = new Date();
  const unclaimed = {
    [pendingFlag]: true,
    createdAt: { $lt: savedBefore },
    $or: [{ followUpClaimedUntil: null }, { followUpClaimedUntil: { $lt: now } }],
  } as FilterQuery<T>;
  const handedOver: string[] = [];
  // Oldest first, each claimed as it is taken: a record another sweep holds is not found here.
  while (handedOver.length < limit) {
    // The claim runs from the moment it is taken: on a slow machine a batch outlasts `now`.
    const claimed = await model.findOneAndUpdate(
      unclaimed,
      { $set: { followUpClaimedUntil: new Date(Date.now() + CLAIM_MS) } },
      { new: true, sort: { createdAt: 1 } },
    );
    if (!claimed) break;
    if (!(await handOver(claimed))) break;
    handedOver.push(String(claimed._id));
  }
  return handedOver;
}

export interface FollowUpSweepOptions {
  sources: FollowUpSource[];
  logger: Logger;
  everyMs: number;
  /** How old a record must be: a request still in flight is left to finish its own work. */
  graceMs?: number;
}

/** Well above the longest a request may take, so the sweep only picks up abandoned work. */
const DEFAULT_GRACE_MS = 60_000;
const BATCH = 100;

/**
 * The last piece of "accepted work is never lost": the outbox covers Redis being away, this
 * covers the moment between a record's write and its jobs' hand-over. Every API process runs one;
 * each record is claimed by one sweep (resumeStranded), and the job ids are the record's own, so
 * even a claim that ran out mid-hand-over queues nothing twice.
 */
export class FollowUpSweep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private failing = false;

  constructor(private readonly options: FollowUpSweepOptions) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.run(), this.options.everyMs);
    this.timer.unref();
  }

  /** Sweeps now, or joins the sweep in progress; answers how many records it resumed. */
  run(): Promise<number> {
    this.running ??= this.sweep().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async sweep(): Promise<number> {
    const { sources, logger } = this.options;
    const savedBefore = new Date(Date.now() - (this.options.graceMs ?? DEFAULT_GRACE_MS));
    let resumed = 0;
    try {
      for (const source of sources) {
        const ids = await source.resume(savedBefore, BATCH);
        if (ids.length > 0) {
          logger.warn(
            { records: ids.length, ids, kind: source.name },
            'follow-up jobs handed over late',
          );
        }
        resumed += ids.length;
      }
      this.failing = false;
    } catch (error) {
      // MongoDB is away: the next sweep tries again. Said once, not at every sweep.
      if (!this.failing) logger.warn({ err: error }, 'follow-up sweep could not run');
      this.failing = true;
    }
    return resumed;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
