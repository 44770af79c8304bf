import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobDefinition, QueueName } from '../../../api/src/jobs/job-definitions';

/**
 * BullMQ's own Queue.add, as bare code calls it: the product's queue, job name, retry options and
 * job id, with no validation or outbox around it, under a prefix of the floor's own so that no
 * worker of the product takes these jobs.
 */
export class FloorQueues {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
  ) {}

  async add(job: JobDefinition, data: Record<string, unknown>, jobId: string): Promise<void> {
    await this.queue(job.queue).add(job.name, data, { ...job.options, jobId });
  }

  private queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      this.queues.set(name, queue);
    }
    return queue;
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
