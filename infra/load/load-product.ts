import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QueueName } from '../../api/src/jobs/job-definitions';
import { spawnManaged, type ManagedChild } from '../local/child-processes';
import { repoRoot } from '../local/launcher';
import { freePort, waitFor } from '../local/ports';
import { startLocalStack } from '../local/stack';

export interface LoadProductOptions {
  /** Configuration for this run only, such as raised rate limits; never a code path. */
  env?: Record<string, string>;
  log: (line: string) => void;
}

export interface LoadProduct {
  url: string;
  api: ManagedChild;
  workers: ManagedChild;
  /** Jobs not yet done on every queue (waiting, active, delayed, prioritized). */
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
  const spawnNode = (name: string, script: string) => {
    const log = createWriteStream(path.join(dataDir, `${name}.log`));
    const child = spawnManaged(name, process.execPath, ['--import', 'tsx', script], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.child.stdout?.pipe(log);
    child.child.stderr?.pipe(log);
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
    api,
    workers,
    async backlog() {
      const counts = await Promise.all(
        queues.map((queue) => queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized')),
      );
      return counts.reduce(
        (sum, count) => sum + Object.values(count).reduce((a, b) => a + b, 0),
        0,
      );
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
