import { QueueName, type QueueName as QueueNameType } from '@hs/api/jobs/job-definitions';
import type { JobMetrics } from '@hs/api/metrics/job-metrics';
import { runAsSendOrigin } from '@hs/api/mail/send-origin';
import type { Logger } from '@hs/api/platform/logger';
import type { Redis } from '@hs/api/platform/redis';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { ZodError } from 'zod';
import type { Processor } from './processor';

/** Stalls a job may go through before it fails for good (see the Worker's options below). */
const MAX_STALLED_COUNT = 5;

export interface WorkerPoolOptions {
  /** Each queue's worker gets a connection of its own, so one blocked queue cannot stall another. */
  connect: () => Redis;
  prefix: string;
  concurrency: number;
  /** A dead worker's job is taken back after about this long (BullMQ's lock and stall check). */
  lockMs: number;
  registry: Map<QueueNameType, Map<string, Processor>>;
  logger: Logger;
  /** Which queues this process serves (all when empty): the same code scales out by role. */
  queues?: string[] | undefined;
  /** Counts and times every finished attempt; absent when metrics are off. */
  metrics?: JobMetrics | undefined;
}

export interface WorkerPool {
  workers: Worker[];
  close(): Promise<void>;
}

export function parseQueueList(value: string | undefined): string[] | undefined {
  if (!value) return undefined;
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const known = Object.values(QueueName) as string[];
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length) {
    throw new Error(
      `WORKER_QUEUES: unknown queue(s) ${unknown.join(', ')}; known: ${known.join(', ')}`,
    );
  }
  return names;
}

/**
 * A refusal that will be given again, so retrying only delays the failed state (an operator can
 * still retry it from the queue dashboard): a remote API's 4xx other than timeout or rate limit
 * (Stripe saying a payment is already refunded), or a mail server's 5xx reply (550, no such
 * mailbox). A mail server's 4xx (421, 451) is its way of saying "later", and is retried.
 */
export function isPermanentRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { statusCode, responseCode } = error as { statusCode?: unknown; responseCode?: unknown };
  if (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600) return true;
  return (
    typeof statusCode === 'number' &&
    statusCode >= 400 &&
    statusCode < 500 &&
    statusCode !== 408 &&
    statusCode !== 429
  );
}

/**
 * Called after BullMQ has moved the job on (attemptsMade counts this attempt): final when BullMQ
 * will not try again, by the same rule it applies itself.
 */
function isFinalFailure(job: Job, error: Error): boolean {
  return error.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
}

const EMAIL = /[^\s<>"'@]+@[^\s<>"'@]+/g;

/**
 * The message only: a stack says nothing an operator can act on here, and a remote server's
 * reply may quote the recipient, so addresses are masked as payload fields would be.
 */
function loggableError(error: Error): string {
  return error.message.replace(EMAIL, '[email]').slice(0, 500);
}

/**
 * What the one log line of a finished attempt names: never the payload, which holds email
 * addresses and tokens. The time is measured as BullMQ measures it, from the moment the
 * attempt was taken.
 */
function finishedAttempt(queue: string, job: Job) {
  const durationMs = job.processedOn ? Math.max(0, Date.now() - job.processedOn) : 0;
  return {
    fields: { queue, job: job.name, jobId: job.id, attempt: job.attemptsMade, durationMs },
    seconds: durationMs / 1000,
  };
}

export function startWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const workers: Worker[] = [];
  const connections: Redis[] = [];
  for (const [queue, processors] of options.registry) {
    if (options.queues && !options.queues.includes(queue)) continue;
    const worker = new Worker(
      queue,
      async (job) => {
        const processor = processors.get(job.name);
        if (!processor) throw new UnrecoverableError(`no processor for job "${job.name}"`);
        const log = options.logger.child({ queue, job: job.name, jobId: job.id });
        log.debug({ attempt: job.attemptsMade + 1 }, 'job started');
        const jobId = job.id ?? '';
        try {
          // Every email the job sends records this job, for an operator to run it again should
          // the email be left unconfirmed (api/src/mail/unconfirmed-emails.ts).
          await runAsSendOrigin({ queue, name: job.name, jobId, data: job.data }, () =>
            processor.handle(job.data, { jobId, attempt: job.attemptsMade + 1, log }),
          );
        } catch (error) {
          // A payload that does not match its schema will not match on the next try either.
          if (error instanceof ZodError) {
            throw new UnrecoverableError(`invalid payload: ${error.message}`);
          }
          if (isPermanentRefusal(error)) {
            throw new UnrecoverableError(
              `refused by a remote service: ${error instanceof Error ? error.message : String(error)}`,
            );
          }
          throw error;
        }
      },
      {
        connection: connections[connections.push(options.connect()) - 1] as Redis,
        prefix: options.prefix,
        concurrency: options.concurrency,
        lockDuration: options.lockMs,
        stalledInterval: options.lockMs,
        // After a Redis failover the new master holds jobs whose locks went with the old one:
        // each reads as stalled and runs again (every job is idempotent by its keys), instead of
        // failing for good at its first stall, its work perhaps never done (BullMQ's default is 1).
        maxStalledCount: MAX_STALLED_COUNT,
      },
    );
    worker.on('completed', (job) => {
      const { fields, seconds } = finishedAttempt(queue, job);
      options.metrics?.attemptCompleted(queue, seconds);
      options.logger.info({ ...fields, outcome: 'completed' }, 'job finished');
    });
    worker.on('failed', (job, error) => {
      if (!job) return;
      const { fields, seconds } = finishedAttempt(queue, job);
      const final = isFinalFailure(job, error);
      options.metrics?.attemptFailed(queue, seconds, final);
      // A final failure needs an operator (retry from the dashboard); a retried attempt does not.
      options.logger[final ? 'warn' : 'info'](
        { ...fields, outcome: 'failed', final, error: loggableError(error) },
        'job finished',
      );
    });
    worker.on('error', (error) => options.logger.error({ queue, err: error }, 'worker error'));
    workers.push(worker);
  }
  return {
    workers,
    // close() lets the jobs in hand finish; a job cut off by a crash is found stalled and retried.
    close: async () => {
      await Promise.all(workers.map((worker) => worker.close()));
      for (const connection of connections) connection.disconnect();
    },
  };
}
