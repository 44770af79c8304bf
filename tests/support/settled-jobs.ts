import { scaled } from './time-scale';

import type { Queue } from 'bullmq';
import { QueueName } from '../../api/src/jobs/job-definitions';
import { JobProducer } from '../../api/src/jobs/job-producer';
import { loadRedisTarget } from '../../api/src/config/redis-target';
import { createRedis } from '../../api/src/platform/redis';
import { eventually } from './poll';

/** Anything that hands out the product's queues: the API's `context.jobs`, a JobProducer. */
export interface QueueSource {
  queue(name: QueueName): Queue;
}

/** States in which a job is still to run, or running. */
const UNFINISHED = ['waiting', 'active', 'prioritized', 'waiting-children'] as const;

async function snapshot(queues: readonly Queue[]): Promise<{ unfinished: number; state: string }> {
  let unfinished = 0;
  const counts = await Promise.all(
    queues.map(async (queue) => {
      const byState = await queue.getJobCounts(...UNFINISHED, 'completed', 'failed');
      // A delayed job that already ran is a retry waiting out its back-off: not done yet. One
      // that never ran is a timer for later (a reminder, a payment hold): not this moment's work.
      const retrying = (await queue.getJobs(['delayed'])).filter((job) => job.attemptsMade > 0);
      unfinished += retrying.length + UNFINISHED.reduce((n, state) => n + (byState[state] ?? 0), 0);
      return { ...byState, retrying: retrying.length };
    }),
  );
  return { unfinished, state: JSON.stringify(counts) };
}

/**
 * Waits until every job queued so far has finished (completed, or failed for good), so whatever
 * those jobs were going to send has been sent and a count of emails is final: the positive
 * signal in place of sleeping "long enough" for nothing more to arrive. A job can queue another
 * as it finishes, on another queue, between two reads: so the queues must read the same twice
 * running, nothing unfinished and no job finishing in between.
 */
export async function jobsSettled(
  source: QueueSource,
  options: { queues?: readonly QueueName[]; timeoutMs?: number } = {},
): Promise<void> {
  const queues = (options.queues ?? Object.values(QueueName)).map((name) => source.queue(name));
  let previous = '';
  await eventually(
    async () => {
      const now = await snapshot(queues);
      const stable = now.state === previous;
      previous = now.state;
      if (now.unfinished > 0 || !stable) {
        throw new Error(`jobs still running or just finished: ${now.state}`);
      }
    },
    { timeoutMs: scaled(options.timeoutMs ?? 30_000), intervalMs: 100 },
  );
}

/** The product's queues for a test that has no API of its own in this process (env as testEnv). */
export function queuesOf(env: Record<string, string>): QueueSource & { close(): Promise<void> } {
  const connection = createRedis(loadRedisTarget(env), { blocking: true });
  const producer = new JobProducer(connection, env.QUEUE_PREFIX ?? '');
  return {
    queue: (name) => producer.queue(name),
    async close() {
      await producer.close();
      connection.disconnect();
    },
  };
}

/** Waits until the job `jobId` has run to completion; a job that failed for good fails the wait. */
export async function jobCompleted(
  source: QueueSource,
  queue: QueueName,
  jobId: string,
  options: { timeoutMs?: number } = {},
): Promise<void> {
  await eventually(
    async () => {
      const job = await source.queue(queue).getJob(jobId);
      const state = job ? await job.getState() : 'not queued';
      if (state === 'failed') {
        throw new Error(`job ${jobId} failed: ${job?.failedReason ?? ''}`);
      }
      if (state !== 'completed') throw new Error(`job ${jobId} is ${state}, not completed yet`);
    },
    { timeoutMs: scaled(options.timeoutMs ?? 30_000), intervalMs: 100 },
  );
}
