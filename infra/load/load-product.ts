import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QueueName } from '../../api/src/jobs/job-definitions';
import { spawnManaged, type ManagedChild } from '../local/child-processes';
import { NODE_FLAGS, repoRoot } from '../local/launcher';
import { freePort, waitFor } from '../local/ports';
import type { LocalService } from '../local/service';
import { startLocalStack } from '../local/stack';

export interface LoadProductOptions {
  /** Configuration for this run only, such as raised rate limits; never a code path. */
  env?: Record<string, string>;
  log: (line: string) => void;
  /**
   * Where the API and the workers write CPU profiles (node --cpu-prof) when they stop, each in a
   * folder of its own: one file per thread, the main thread's the largest.
   */
  profileDir?: string;
}

export interface LoadProduct {
  url: string;
  /** What the API and the workers run with: lets a run reach their MongoDB, Redis and S3 itself. */
  env: Readonly<Record<string, string | undefined>>;
  /** Where the API's and the workers' logs are (api.log, workers.log). */
  logDir: string;
  api: ManagedChild;
  workers: ManagedChild;
  /** The local services it runs on (MongoDB, Redis, S3), to see what each of them costs. */
  services: readonly LocalService[];
  /**
   * Jobs not yet done on every queue (waiting, active, delayed, prioritized), but for the next
   * run each job scheduler always keeps delayed (the workers' daily retention): never "done".
   */
  backlog(): Promise<number>;
  stop(): Promise<void>;
}

const QUEUE_PREFIX = 'hs';

/**
 * The product as `npm start` runs it (embedded services, the API and the workers as their own
 * processes) on throw-away data, for load runs. Their logs go to files so the run's own
 * progress stays readable.
 */
export async function startLoadProduct(options: LoadProductOptions): Promise<LoadProduct> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hs-load-'));
  options.log(`starting the local services (data in ${dataDir})...`);
  const stack = await startLocalStack({
    dataDir,
    persistent: false,
    env: options.env ?? {},
    log: options.log,
  });
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...stack.env,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LINK_SECRET: randomBytes(32).toString('base64url'),
    NODE_ENV: 'production',
    PAYMENTS_TEST_MODE: 'true',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: url,
    QUEUE_PREFIX,
    ...options.env,
  };
  const spawnNode = (name: 'api' | 'workers', script: string) => {
    const log = createWriteStream(path.join(dataDir, `${name}.log`));
    const profile = options.profileDir
      ? ['--cpu-prof', `--cpu-prof-dir=${path.join(options.profileDir, name)}`]
      : [];
    const flags = [...NODE_FLAGS[name], ...profile, '--import', 'tsx', script];
    const child = spawnManaged(name, process.execPath, flags, {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Both into one file: whichever ends first must not close it under the other.
    child.child.stdout?.pipe(log, { end: false });
    child.child.stderr?.pipe(log, { end: false });
    void child.exited.then(() => log.end());
    return child;
  };
  options.log('starting the API and the workers...');
  const api = spawnNode('api', 'api/src/main.ts');
  const workers = spawnNode('workers', 'workers/src/main.ts');
  await waitFor('the API', async () => (await fetch(`${url}/readyz`)).status === 200, {
    timeoutMs: 90_000,
    intervalMs: 250,
    failed: () => (api.isRunning() ? undefined : `the API exited (log: ${dataDir}/api.log)`),
  });
  const redis = new Redis(env.REDIS_URL ?? '', { maxRetriesPerRequest: 1 });
  const queues = Object.values(QueueName).map(
    (name) => new Queue(name, { connection: redis, prefix: env.QUEUE_PREFIX ?? QUEUE_PREFIX }),
  );
  return {
    url,
    env,
    logDir: dataDir,
    api,
    workers,
    services: stack.services,
    async backlog() {
      const counts = await Promise.all(
        queues.map(async (queue) => {
          const [jobs, schedulers] = await Promise.all([
            queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized'),
            queue.getJobSchedulersCount(),
          ]);
          const total = Object.values(jobs).reduce((a, b) => a + b, 0);
          return Math.max(0, total - schedulers);
        }),
      );
      return counts.reduce((sum, count) => sum + count, 0);
    },
    async stop() {
      await Promise.all(queues.map((queue) => queue.close()));
      redis.disconnect();
      await Promise.all([api.stop('SIGTERM', 35_000), workers.stop('SIGTERM', 35_000)]);
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The built site, so load runs can include page loads; built once if missing. */
export function siteIsBuilt(): boolean {
  return existsSync(path.join(repoRoot, 'web/dist/index.html'));
}
