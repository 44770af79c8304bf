import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from '../platform/redis';
import { allJobs, type JobDefinition, type PayloadOf, type QueueName } from './job-definitions';

export interface EnqueueOptions {
  /** Required: the same id twice is one job, so a retried request never queues work twice. */
  jobId: string;
  delayMs?: number;
}

/** BullMQ reserves ':' in ids and treats all-digit ids as its own counters. */
const JOB_ID = /^(?!\d+$)[^:\s]{1,200}$/;

/** Puts jobs on their queues, validating each payload against its one schema first. */
export class JobProducer {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
  ) {
    for (const job of allJobs) this.queue(job.queue);
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.connection,
        prefix: this.prefix,
        defaultJobOptions: {
          removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
          removeOnFail: { age: 30 * 24 * 3600 },
        },
      });
      this.queues.set(name, queue);
    }
    return queue;
  }

  async add<J extends JobDefinition>(
    job: J,
    payload: PayloadOf<J>,
    options: EnqueueOptions,
  ): Promise<void> {
    if (!JOB_ID.test(options.jobId)) throw new Error(`invalid job id: ${options.jobId}`);
    const data: unknown = job.schema.parse(payload);
    const jobOptions: JobsOptions = { ...job.options, jobId: options.jobId };
    if (options.delayMs) jobOptions.delay = options.delayMs;
    await this.queue(job.queue).add(job.name, data, jobOptions);
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
