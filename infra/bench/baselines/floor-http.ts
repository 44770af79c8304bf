import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type autocannon from 'autocannon';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { UserModel } from '../../../api/src/accounts/user-model';
import { BookingModel } from '../../../api/src/bookings/booking-model';
import { storageEnv } from '../../../api/src/config/env-schema';
import { loadConfig } from '../../../api/src/config/load-config';
import { QueueName } from '../../../api/src/jobs/job-definitions';
import { EmailDeliveryModel } from '../../../api/src/mail/email-delivery-model';
import { SubscriberModel } from '../../../api/src/newsletter/subscriber-model';
import { DEFAULT_MAIL_POOL_SIZE } from '../../../api/src/platform/mailer';
import { spawnManaged, tailOfFile } from '../../local/child-processes';
import { repoRoot } from '../../local/launcher';
import { freePort, waitFor } from '../../local/ports';
import type { LoadProduct } from '../../load/load-product';
import { serviceProcesses } from '../cpu-time';
import { runHttpLoad, type HttpLoadResult } from '../http-load';
import { productSettings } from '../product-settings';
import {
  FLOOR_CONFIG_VARIABLE,
  FLOOR_DATABASE,
  FLOOR_KEY_PREFIX,
  FLOOR_QUEUE_PREFIX,
  type FloorConfig,
} from './floor-config';
import { openFloorDatabase } from './floor-database';

export type FloorRoute = '/subscribe' | '/sign-up' | '/bookings';

function floorConfigOf(env: LoadProduct['env']): FloorConfig {
  const storage = loadConfig(storageEnv, env);
  const settings = productSettings(env);
  return {
    mongoUrl: env.MONGO_URL ?? '',
    database: FLOOR_DATABASE,
    redisUrl: env.REDIS_URL ?? '',
    queuePrefix: FLOOR_QUEUE_PREFIX,
    collections: {
      subscribers: SubscriberModel.collection.collectionName,
      users: UserModel.collection.collectionName,
      bookings: BookingModel.collection.collectionName,
      deliveries: EmailDeliveryModel.collection.collectionName,
    },
    mail: {
      smtpUrl: env.SMTP_URL ?? '',
      from: settings.MAIL_FROM,
      businessInbox: settings.BUSINESS_INBOX,
      linkSecret: settings.LINK_SECRET,
      siteUrl: settings.SITE_URL,
      poolSize: DEFAULT_MAIL_POOL_SIZE,
      concurrency: settings.WORKER_CONCURRENCY,
    },
    s3: {
      endpoint: storage.S3_ENDPOINT,
      region: storage.S3_REGION,
      bucket: storage.S3_BUCKET,
      accessKeyId: storage.S3_ACCESS_KEY_ID,
      secretAccessKey: storage.S3_SECRET_ACCESS_KEY,
      forcePathStyle: storage.S3_FORCE_PATH_STYLE,
      keyPrefix: `${storage.S3_KEY_PREFIX}${FLOOR_KEY_PREFIX}`,
    },
  };
}

/**
 * Starts one of the floor's processes (floor-server.ts, floor-mail-worker.ts), as the product's
 * API and workers run, logging beside them; each answers on the port it is given once ready.
 */
async function startFloorProcess(
  name: 'floor-server' | 'floor-mail-worker',
  config: FloorConfig,
  logFile: string,
) {
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  const child = spawnManaged(
    name,
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, `infra/bench/baselines/${name}.ts`), String(port)],
    {
      cwd: repoRoot,
      // As the product runs: Express skips some development-only work in production.
      env: { NODE_ENV: 'production', [FLOOR_CONFIG_VARIABLE]: JSON.stringify(config) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = createWriteStream(logFile, { flags: 'a' });
  // Both into one file: whichever ends first must not close it under the other.
  child.child.stdout?.pipe(output, { end: false });
  child.child.stderr?.pipe(output, { end: false });
  void child.exited.then(() => output.end());
  await waitFor(name, async () => (await fetch(`${url}/ready`)).ok, {
    timeoutMs: 30_000,
    intervalMs: 200,
    failed: () => (child.isRunning() ? undefined : `it exited (log: ${logFile})`),
  });
  return { url, pid: child.child.pid, stop: () => child.stop('SIGTERM', 5_000) };
}

/** Removes the floor's jobs from Redis: those its workers had not taken would only fill it. */
async function clearFloorJobs(redisUrl: string): Promise<void> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  try {
    for (const name of Object.values(QueueName)) {
      const queue = new Queue(name, { connection, prefix: FLOOR_QUEUE_PREFIX });
      await queue.obliterate({ force: true });
      await queue.close();
    }
  } finally {
    connection.disconnect();
  }
}

/**
 * A scenario's HTTP load pointed at the floor server's route for it, with the same settings, its
 * jobs taken by the floor's workers as the product's workers take the product's, and the CPU of
 * the services it writes to counted as the product's are.
 */
export async function measureFloor(
  route: FloorRoute,
  load: { connections: number; seconds: number; request: autocannon.Request },
  product: LoadProduct,
  log: (line: string) => void,
): Promise<HttpLoadResult> {
  const config = floorConfigOf(product.env);
  const database = await openFloorDatabase(product.env, Object.values(config.collections));
  try {
    const serverLog = path.join(product.logDir, 'floor.log');
    const workerLog = path.join(product.logDir, 'floor-mail-worker.log');
    log(`  floor's own logs: ${serverLog}, ${workerLog}`);
    const worker = await startFloorProcess('floor-mail-worker', config, workerLog);
    let result: HttpLoadResult;
    try {
      const server = await startFloorProcess('floor-server', config, serverLog);
      try {
        result = await runHttpLoad(
          {
            ...load,
            url: server.url,
            request: { ...load.request, path: route },
            server: {
              floor: server.pid === undefined ? [] : [server.pid],
              'floor workers': worker.pid === undefined ? [] : [worker.pid],
              ...serviceProcesses(product),
            },
          },
          log,
        );
      } finally {
        await server.stop();
      }
    } finally {
      await worker.stop();
    }
    // The worker's one row per email it sent: proof it did the email work it is counted for.
    const sent = await database.floor.collection(config.collections.deliveries).countDocuments();
    log(`  the floor's workers sent ${String(sent)} emails (each recorded once)`);
    // A floor that skipped its email work would flatter nothing but itself: not a floor.
    if (sent === 0) throw new Error(`the floor's workers sent nothing:\n${tailOfFile(workerLog)}`);
    return result;
  } finally {
    await clearFloorJobs(config.redisUrl);
    await database.close();
  }
}
