import { Worker } from 'bullmq';
import type { ApiContext } from '../../api/src/server/api-context';
import { QueueName } from '../../api/src/jobs/job-definitions';
import { redisTarget } from '../../api/src/config/redis-target';
import { createRedis } from '../../api/src/platform/redis';
import { eventually } from './poll';

/**
 * A mail job that failed for good, as a worker leaves one: its only attempt used up and the
 * reason kept. Consumed by a worker of this test's own, so no workers process is needed.
 */
export async function failedMailJob(api: ApiContext, jobId: string, reason: string): Promise<void> {
  const mail = api.jobs.queue(QueueName.Mail);
  await mail.add('mail.send', { to: 'someone@example.test' }, { jobId, attempts: 1 });
  const connection = createRedis(redisTarget(api.config), { blocking: true });
  const worker = new Worker(QueueName.Mail, () => Promise.reject(new Error(reason)), {
    connection,
    prefix: api.config.QUEUE_PREFIX,
  });
  try {
    await eventually(async () => {
      const state = await (await mail.getJob(jobId))?.getState();
      if (state !== 'failed') throw new Error(`job ${jobId} is ${String(state)}, not failed yet`);
    });
  } finally {
    await worker.close();
    connection.disconnect();
  }
}
