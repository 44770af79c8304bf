import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '@hs/api/jobs/job-definitions';
import { JobProducer } from '@hs/api/jobs/job-producer';
import { createRedis, type Redis } from '@hs/api/platform/redis';
import { waitForMail } from '../../tests/support/mailbox';
import { jobsSettled } from '../../tests/support/settled-jobs';
import { spawnEntryPoint, type SpawnedProcess } from '../../tests/support/spawn-process';
import { testEmail, testEnv } from '../../tests/support/test-env';

const WORKERS = 'workers/src/main.ts';

describe('the workers process', () => {
  const env = testEnv({ LOG_LEVEL: 'info' });
  let redis: Redis;
  let producer: JobProducer;
  let workers: SpawnedProcess | undefined;

  beforeAll(() => {
    redis = createRedis(env.REDIS_URL ?? '', { blocking: true });
    producer = new JobProducer(redis, env.QUEUE_PREFIX ?? '');
  });
  afterEach(async () => {
    workers?.kill();
    await workers?.exited;
    workers = undefined;
  });
  afterAll(async () => {
    await producer.close();
    redis.disconnect();
  });

  it('processes a job that the API side put on the queue', async () => {
    workers = spawnEntryPoint(WORKERS, env);
    await workers.waitForOutput(/workers ready/);
    const to = testEmail('queued');
    await producer.add(
      jobs.sendMail,
      { to, subject: 'Queued by the API', text: 'Delivered by the workers process.' },
      { jobId: `test-${to}` },
    );
    const [mail] = await waitForMail(to);
    expect(mail?.Subject).toBe('Queued by the API');
    await workers.waitForOutput(/"msg":"email handled"/);
  });

  it('runs a job queued while no worker was running once one starts, and only once per job id', async () => {
    const to = testEmail('waiting');
    const message = { to, subject: 'Waited in Redis', text: 'Accepted work is never lost.' };
    await producer.add(jobs.sendMail, message, { jobId: `wait-${to}` });
    await producer.add(jobs.sendMail, message, { jobId: `wait-${to}` });
    workers = spawnEntryPoint(WORKERS, env);
    await waitForMail(to);
    await jobsSettled(producer);
    expect(await waitForMail(to)).toHaveLength(1);
  });

  it('refuses a payload that does not match the job schema before it reaches Redis', async () => {
    await expect(
      producer.add(
        jobs.sendMail,
        { to: 'nobody', subject: 'x', text: 'y' },
        { jobId: 'bad-payload' },
      ),
    ).rejects.toThrow();
  });

  it('stops gracefully on SIGTERM', async () => {
    workers = spawnEntryPoint(WORKERS, env);
    await workers.waitForOutput(/workers ready/);
    workers.kill('SIGTERM');
    const { code } = await workers.exited;
    expect(code).toBe(0);
    expect(workers.output()).toContain('"msg":"workers stopped"');
  });

  it('will not start with a missing variable, and says which', async () => {
    const { MONGO_URL: _, ...withoutMongo } = env;
    workers = spawnEntryPoint(WORKERS, withoutMongo);
    const { code } = await workers.exited;
    expect(code).toBe(1);
    expect(workers.output()).toContain('MONGO_URL: is required');
  });

  it('will not start with an unknown queue in WORKER_QUEUES', async () => {
    workers = spawnEntryPoint(WORKERS, { ...env, WORKER_QUEUES: 'mail,bogus' });
    const { code } = await workers.exited;
    expect(code).toBe(1);
    expect(workers.output()).toContain('WORKER_QUEUES: unknown queue(s) bogus');
  });
  it('answers health probes on WORKERS_HEALTH_PORT: alive, and ready with its dependencies', async () => {
    workers = spawnEntryPoint(WORKERS, { ...env, WORKERS_HEALTH_PORT: '0' });
    await workers.waitForOutput(/"port":\d+[^\n]*"msg":"health checks listening"/);
    const port = /"port":(\d+)[^\n]*"msg":"health checks listening"/.exec(workers.output())?.[1];
    const base = `http://127.0.0.1:${port ?? ''}`;

    const alive = await fetch(`${base}/healthz`);
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: 'alive' });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      down: [],
      dependencies: { mongodb: { status: 'up' }, redis: { status: 'up' }, smtp: { status: 'up' } },
    });
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
  });

  it('opens no health port unless WORKERS_HEALTH_PORT is set', async () => {
    workers = spawnEntryPoint(WORKERS, env);
    await workers.waitForOutput(/workers ready/);
    expect(workers.output()).not.toContain('health checks listening');
  });
});
