import { QueueName, type QueueName as QueueNameType } from '@hs/api/jobs/job-definitions';
import type { Logger } from '@hs/api/platform/logger';
import type { Redis } from '@hs/api/platform/redis';
import { UnrecoverableError, Worker } from 'bullmq';
import { ZodError } from 'zod';
import type { Processor } from './processor';

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
 * A refusal by a remote API (a 4xx other than timeout or rate limit, such as Stripe saying a
 * payment is already refunded) will be refused again: retrying only delays the failed state.
 */
export function isPermanentClientError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const status = (error as { statusCode?: unknown }).statusCode;
  return (
    typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429
  );
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
        try {
          await processor.handle(job.data, {
            jobId: job.id ?? '',
            attempt: job.attemptsMade + 1,
            log,
          });
        } catch (error) {
          // A payload that does not match its schema will not match on the next try either.
          if (error instanceof ZodError) {
            throw new UnrecoverableError(`invalid payload: ${error.message}`);
          }
          if (isPermanentClientError(error)) {
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
      },
    );
    worker.on('failed', (job, error) => {
      options.logger.warn(
        { queue, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: error },
        'job failed',
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
