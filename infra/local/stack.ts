import path from 'node:path';
import { startHaTopology, type HaTopology } from './ha-topology';
import { startMailCapture } from './mail-capture';
import { startMongod } from './mongod';
import { freePort } from './ports';
import { startRedis } from './redis';
import { startS3 } from './s3';
import type { LocalService, LogLine } from './service';

export interface LocalStackOptions {
  /** Where the servers keep their data. */
  dataDir: string;
  /** `npm start` keeps data between runs and prefers stable ports; tests throw both away. */
  persistent: boolean;
  /** Variables already set: a service whose URL is given is used as it is, not started. */
  env: Record<string, string | undefined>;
  log: LogLine;
  /**
   * `ha` starts MongoDB as a three-member replica set and Redis as a master, a replica and three
   * Sentinels (ha-topology.ts) instead of one server each; `single` by default.
   */
  topology?: LocalTopology;
}

export type LocalTopology = 'single' | 'ha';

export interface LocalStack {
  /** The variables to hand the API and the workers (only those the stack decided). */
  env: Record<string, string>;
  services: LocalService[];
  /** The replica set and the sentinels, when the topology is `ha`. */
  ha?: HaTopology;
  stop(): Promise<void>;
}

/** Ports `npm start` tries first, so bookmarks and a kept replica-set config stay valid. */
const STABLE_PORTS = { mongo: 27018, redis: 6380, s3: 4569, smtp: 1025, mailbox: 8025 };

export const DEFAULT_BUCKET = 'homeservices';

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const { env, persistent, log } = options;
  const dir = (name: string) => path.join(options.dataDir, name);
  const port = (preferred: number) => freePort(persistent ? preferred : undefined);
  const stackEnv: Record<string, string> = {};
  const starting: Promise<LocalService | LocalService[]>[] = [];
  const started: { ha?: HaTopology } = {};
  const ha = options.topology === 'ha';

  if (ha) {
    // The topology is the point of --ha: servers configured elsewhere would quietly replace it.
    const configured = ['MONGO_URL', 'REDIS_URL', 'REDIS_SENTINELS'].filter((name) => env[name]);
    if (configured.length) {
      throw new Error(
        `--ha starts its own MongoDB and Redis: unset ${configured.join(', ')}, or start without --ha`,
      );
    }
    starting.push(
      startHaTopology({ dataDir: options.dataDir, persistent, log }).then((topology) => {
        started.ha = topology;
        Object.assign(stackEnv, topology.env);
        return topology.services;
      }),
    );
  }
  if (!env.MONGO_URL && !ha) {
    starting.push(
      port(STABLE_PORTS.mongo).then(async (mongoPort) => {
        const mongo = await startMongod({ dataDir: dir('mongo'), port: mongoPort, persistent });
        stackEnv.MONGO_URL = mongo.url;
        return mongo;
      }),
    );
  }
  // Sentinels given are Redis configured too: the API takes one of the two, never both.
  if (!env.REDIS_URL && !env.REDIS_SENTINELS && !ha) {
    starting.push(
      port(STABLE_PORTS.redis).then(async (redisPort) => {
        const redis = await startRedis({ dataDir: dir('redis'), port: redisPort, persistent }, log);
        stackEnv.REDIS_URL = redis.url;
        return redis;
      }),
    );
  }
  if (!env.S3_ENDPOINT) {
    const bucket = env.S3_BUCKET ?? DEFAULT_BUCKET;
    starting.push(
      port(STABLE_PORTS.s3).then(async (s3Port) => {
        const s3 = await startS3({ dataDir: dir('s3'), port: s3Port, bucket });
        Object.assign(stackEnv, {
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: bucket,
          S3_ACCESS_KEY_ID: s3.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
        });
        return s3;
      }),
    );
  }
  if (!env.SMTP_URL) {
    starting.push(
      Promise.all([port(STABLE_PORTS.smtp), port(STABLE_PORTS.mailbox)]).then(
        async ([smtpPort, httpPort]) => {
          const mail = await startMailCapture({
            smtpPort,
            httpPort,
            ...(persistent ? { dataDir: dir('mail') } : {}),
          });
          stackEnv.SMTP_URL = mail.smtpUrl;
          stackEnv.MAILBOX_URL = mail.mailboxUrl;
          return mail;
        },
      ),
    );
  }

  const results = await Promise.allSettled(starting);
  const services = results.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value].flat() : [],
  );
  const stop = async () => {
    await Promise.allSettled(services.map((service) => service.stop()));
  };
  const failures = results.flatMap((result): unknown[] =>
    result.status === 'rejected' ? [result.reason] : [],
  );
  if (failures.length) {
    await stop();
    throw failures[0] instanceof Error ? failures[0] : new Error(String(failures[0]));
  }
  for (const service of services) log(`${service.name.padEnd(13)} ${service.description}`);
  for (const line of (await started.ha?.describe()) ?? []) log(`  ${line}`);
  return { env: stackEnv, services, ha: started.ha, stop };
}
