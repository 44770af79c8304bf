import { randomUUID } from 'node:crypto';
import type { Logger } from '../platform/logger';
import type { JobOutbox } from './job-outbox';
import type { JobProducer } from './job-producer';

/** The ids a relay run names in its log line: which jobs left, without a line of thousands. */
const LOGGED_IDS = 200;

export interface OutboxRelayOptions {
  outbox: JobOutbox;
  producer: JobProducer;
  logger: Logger;
  /** How often the outbox is looked at; the relay also runs as soon as Redis reconnects. */
  pollMs: number;
  /**
   * How long a claimed row stays with this relay. Well above the enqueue time limit, so a live
   * relay always finishes first; a dead one's rows go to another relay after this.
   */
  leaseMs?: number;
}

const DEFAULT_LEASE_MS = 30_000;

/**
 * Moves the jobs kept in the outbox onto their queues once Redis takes them again. Every API
 * process runs one: each row is claimed atomically with a lease, so relays share the work rather
 * than repeat it, and a row is deleted only after BullMQ has the job. Should two relays still add
 * the same job (a lease that ran out), the job's own id makes the second add change nothing.
 */
export class OutboxRelay {
  private readonly owner = `relay-${randomUUID()}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private again = false;
  private failing = false;
  private stopped = false;

  constructor(private readonly options: OutboxRelayOptions) {}

  start(): void {
    if (this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs the relay now, or once more right after the run in progress. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /**
   * Moves every row it can now; resolves with how many jobs reached their queues. Stops at the
   * first job Redis does not take: the next run starts with the rows not tried yet, so one job
   * Redis keeps refusing cannot hold up the others.
   */
  async drain(): Promise<number> {
    const { outbox, producer, logger } = this.options;
    let moved = 0;
    const movedIds: string[] = [];
    let problem: unknown;
    try {
      // Not even a claim while Redis is away: nothing could be moved, and MongoDB is spared.
      while (producer.connected) {
        const job = await outbox.claim(this.owner, this.options.leaseMs ?? DEFAULT_LEASE_MS);
        if (!job) break;
        try {
          await producer.tryEnqueue(job);
        } catch (error) {
          problem = error;
          await outbox.giveBack(job, this.owner, error);
          break;
        }
        await outbox.remove(job);
        moved += 1;
        if (movedIds.length < LOGGED_IDS) movedIds.push(job.jobId);
      }
    } catch (error) {
      // MongoDB is away: the next poll tries again.
      problem = error;
    }
    // Said once when the trouble starts, not at every poll while it lasts.
    if (problem !== undefined && !this.failing) {
      logger.warn({ err: problem }, 'jobs kept in the outbox cannot be queued yet');
    }
    this.failing = problem !== undefined;
    if (moved > 0) {
      logger.info({ jobs: moved, jobIds: movedIds }, 'jobs kept while redis was away are queued');
    }
    return moved;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    this.again = false;
    await this.running;
  }
}
