import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { loadRedisTarget } from '../../../api/src/config/redis-target';
import { QueueName } from '../../../api/src/jobs/job-definitions';
import { createRedis } from '../../../api/src/platform/redis';
import { spawnManaged, type ManagedChild } from '../../local/child-processes';
import type { HaTopology } from '../../local/ha-topology';
import { NODE_FLAGS, repoRoot } from '../../local/launcher';
import { freePort, waitFor } from '../../local/ports';
import { startLocalStack, type LocalStack } from '../../local/stack';
import type { LoadProduct } from '../../load/load-product';

export interface HaProduct {
  product: LoadProduct;
  topology: HaTopology;
}

const QUEUE_PREFIX = 'hs';

/**
 * The product as load-product.ts starts it, on the local high-availability topology instead: a
 * three-member replica set and Redis behind Sentinel (`npm start -- --ha`). load-product.ts cannot
 * do this itself: it neither asks the stack for that topology nor reaches Redis other than at
 * REDIS_URL, which the API refuses beside REDIS_SENTINELS. Everything else is as it does it, so
 * the two topologies' numbers differ only by the servers underneath.
 */
export async function startHaProduct(options: {
  env: Record<string, string>;
  log: (line: string) => void;
}): Promise<HaProduct> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hs-bench-ha-'));
  options.log(`starting the HA topology (data in ${dataDir})...`);
  let stack: LocalStack | undefined;
  const children: ManagedChild[] = [];
  try {
    stack = await startLocalStack({
      dataDir,
      persistent: false,
      env: options.env,
      log: options.log,
      topology: 'ha',
    });
    const { ha } = stack;
    if (!ha) throw new Error('the local stack started without its HA topology');
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
      const flags = [...NODE_FLAGS[name], '--import', 'tsx', script];
      const child = spawnManaged(name, process.execPath, flags, {
        cwd: repoRoot,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      // Both into one file: whichever ends first must not close it under the other.
      child.child.stdout?.pipe(log, { end: false });
      child.child.stderr?.pipe(log, { end: false });
      void child.exited.then(() => log.end());
      return child;
    };
    options.log('starting the API and the workers on the HA topology...');
    const api = spawnNode('api', 'api/src/main.ts');
    const workers = spawnNode('workers', 'workers/src/main.ts');
    await waitFor('the API', async () => (await fetch(`${url}/readyz`)).status === 200, {
      timeoutMs: 90_000,
      intervalMs: 250,
      failed: () => (api.isRunning() ? undefined : `the API exited (log: ${dataDir}/api.log)`),
    });
    // Through the sentinels, as the product reaches Redis.
    const redis = createRedis(loadRedisTarget(env), { producer: true });
    const queues = Object.values(QueueName).map(
      (name) => new Queue(name, { connection: redis, prefix: QUEUE_PREFIX }),
    );
    const started = stack;
    const product: LoadProduct = {
      url,
      env,
      logDir: dataDir,
      api,
      workers,
      services: stack.services,
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
        await started.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    return { product, topology: ha };
  } catch (error) {
    await Promise.allSettled(children.map((child) => child.stop('SIGKILL', 5_000)));
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
