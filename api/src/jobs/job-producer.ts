import { Queue, type JobsOptions } from 'bullmq';
import type { Logger } from '../platform/logger';
import type { Redis } from '../platform/redis';
import { withTimeout } from '../platform/with-timeout';
import { allJobs, type JobDefinition, type PayloadOf, type QueueName } from './job-definitions';
import type { JobOutbox, QueuedJob } from './job-outbox';

export interface EnqueueOptions {
  /** Required: the same id twice is one job, so a retried request never queues work twice. */
  jobId: string;
  delayMs?: number;
}

export interface JobProducerOptions {
  /**
   * Where a job waits when Redis cannot take it within `enqueueTimeoutMs` (the API: a request
   * must not hang on Redis). Without one, `add` waits as long as its connection does: the workers
   * and the CLI only run jobs while Redis is up anyway.
   */
  outbox?: JobOutbox;
  enqueueTimeoutMs?: number;
  /**
   * Replicas that must hold a job before it counts as handed over (Redis `WAIT`): 0 for a lone
   * Redis, 1 behind Sentinel. Redis replicates after it answers, so a master that dies just after
   * taking a job can take it along: a job no replica confirmed stays in the outbox too (API), or
   * fails the add (workers: the job that made it runs again), and its id keeps it one job.
   */
  replicasToAck?: number;
  logger?: Logger;
}

/** BullMQ reserves ':' in ids and treats all-digit ids as its own counters. */
const JOB_ID = /^(?!\d+$)[^:\s]{1,200}$/;

const DEFAULT_ENQUEUE_TIMEOUT_MS = 1_500;

/** Puts jobs on their queues, validating each payload against its one schema first. */
export class JobProducer {
  private readonly queues = new Map<QueueName, Queue>();
  /** Set by the first job kept in the outbox, cleared by the next one Redis takes: one warning. */
  private keepingInOutbox = false;

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
    private readonly options: JobProducerOptions = {},
  ) {
    for (const job of allJobs) this.queue(job.queue);
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      const created = new Queue(name, {
        connection: this.connection,
        prefix: this.prefix,
        defaultJobOptions: {
          removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
          removeOnFail: { age: 30 * 24 * 3600 },
        },
      });
      // The connection's own listener logs Redis errors once; BullMQ repeats them per queue.
      created.on('error', () => undefined);
      // BullMQ prepares a queue's connection once: if Redis drops in the middle of that, the
      // queue stays broken for good. Forget it, so the next job makes a fresh one.
      created.waitUntilReady().catch(() => {
        if (this.queues.get(name) === created) this.queues.delete(name);
      });
      this.queues.set(name, created);
      queue = created;
    }
    return queue;
  }

  async add<J extends JobDefinition>(
    job: J,
    payload: PayloadOf<J>,
    options: EnqueueOptions,
  ): Promise<void> {
    if (!JOB_ID.test(options.jobId)) throw new Error(`invalid job id: ${options.jobId}`);
    const queued: QueuedJob = {
      queue: job.queue,
      name: job.name,
      jobId: options.jobId,
      data: job.schema.parse(payload),
      options: job.options ?? {},
      runAt: options.delayMs ? new Date(Date.now() + options.delayMs) : null,
    };
    const { outbox, logger } = this.options;
    if (!outbox) {
      await this.enqueue(queued);
      return;
    }
    try {
      await this.tryEnqueue(queued);
      this.keepingInOutbox = false;
    } catch (error) {
      // Redis is away or slow: the job is accepted all the same, and the relay queues it later.
      await outbox.keep(queued);
      if (!this.keepingInOutbox) {
        logger?.warn(
          { err: error, queue: queued.queue, job: queued.name },
          'redis cannot take jobs: keeping them in the MongoDB outbox until it can',
        );
      }
      this.keepingInOutbox = true;
    }
  }

  /**
   * Runs `job` on a repeating schedule (a cron pattern in `timeZone`), under `schedulerId`: every
   * workers process sets it up at start-up, and the same id makes one schedule, however many do.
   */
  async schedule<J extends JobDefinition>(
    job: J,
    payload: PayloadOf<J>,
    schedule: { schedulerId: string; pattern: string; timeZone: string },
  ): Promise<void> {
    await this.queue(job.queue).upsertJobScheduler(
      schedule.schedulerId,
      { pattern: schedule.pattern, tz: schedule.timeZone },
      { name: job.name, data: job.schema.parse(payload), opts: job.options ?? {} },
    );
  }

  /**
   * Runs a job now: a delayed one of that id is brought forward, and one not queued yet (or
   * gone already) is added to run at once. Its id still makes it one job.
   */
  async runNow<J extends JobDefinition>(
    job: J,
    payload: PayloadOf<J>,
    jobId: string,
  ): Promise<void> {
    const promoted = await withTimeout(
      this.promote(job.queue, jobId),
      this.options.enqueueTimeoutMs ?? DEFAULT_ENQUEUE_TIMEOUT_MS,
      'redis',
    ).catch(() => false);
    if (!promoted) await this.add(job, payload, { jobId });
  }

  /**
   * Calls off a delayed job that is no longer wanted (a reminder of something done). Best effort:
   * with Redis away the job stays, and its processor, which reads the record when it runs, finds
   * nothing left to do.
   */
  async cancel(job: JobDefinition, jobId: string): Promise<void> {
    try {
      await withTimeout(
        (async () => {
          const existing = await this.queue(job.queue).getJob(jobId);
          if (existing && (await existing.isDelayed())) await existing.remove();
        })(),
        this.options.enqueueTimeoutMs ?? DEFAULT_ENQUEUE_TIMEOUT_MS,
        'redis',
      );
    } catch (error) {
      this.options.logger?.warn({ err: error, jobId }, 'a delayed job could not be called off');
    }
  }

  private async promote(queue: QueueName, jobId: string): Promise<boolean> {
    if (!this.connected) return false;
    const existing = await this.queue(queue).getJob(jobId);
    if (!existing) return false;
    if (await existing.isDelayed()) await existing.promote();
    return true;
  }

  /** True while the connection to Redis is up. */
  get connected(): boolean {
    return this.connection.status === 'ready';
  }

  /**
   * Puts a job on its queue within the time limit, or throws. A job that timed out may still
   * reach Redis afterwards (ioredis resends the commands in flight when it reconnects): its id
   * makes that, and any later relay of it, one job.
   */
  async tryEnqueue(job: QueuedJob): Promise<void> {
    if (!this.connected) throw new Error(`redis is not connected (${this.connection.status})`);
    const timeoutMs = this.options.enqueueTimeoutMs ?? DEFAULT_ENQUEUE_TIMEOUT_MS;
    await withTimeout(this.enqueue(job), timeoutMs, 'redis');
  }

  private async enqueue(job: QueuedJob): Promise<void> {
    const jobOptions: JobsOptions = { ...job.options, jobId: job.jobId };
    // A job kept in the outbox for a while keeps its due time, not its original delay.
    const delay = job.runAt ? job.runAt.getTime() - Date.now() : 0;
    if (delay > 0) jobOptions.delay = delay;
    await this.queue(job.queue).add(job.name, job.data, jobOptions);
    await this.replicated();
  }

  /**
   * Waits for the replicas to hold every write this connection made so far, the job's among them
   * (a Queue writes on the connection it was given). Throws when a connected replica does not
   * within the enqueue time limit: the job may be lost with the master, so the caller keeps it
   * elsewhere. A master left with no replica at all (its replica died, or was just promoted from
   * one) takes jobs on its own: there is nothing to fail over to that could lack them, and
   * refusing would stop every email until an operator brings a second node back.
   */
  private async replicated(): Promise<void> {
    const wanted = this.options.replicasToAck ?? 0;
    if (wanted === 0) return;
    // Asked first: WAIT with no replica attached would sit out its whole timeout on every job.
    const needed = Math.min(wanted, await connectedReplicas(this.connection));
    if (needed === 0) return;
    const timeoutMs = this.options.enqueueTimeoutMs ?? DEFAULT_ENQUEUE_TIMEOUT_MS;
    const acked = await this.connection.wait(needed, Math.max(1, Math.floor(timeoutMs / 2)));
    if (acked < needed) {
      throw new Error(`redis: ${String(acked)} of ${String(needed)} replicas took the job`);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}

/** The replicas attached to the master this connection writes to (ROLE's third element). */
async function connectedReplicas(connection: Redis): Promise<number> {
  const role = (await connection.call('ROLE')) as unknown[];
  return role[0] === 'master' && Array.isArray(role[2]) ? role[2].length : 0;
}
