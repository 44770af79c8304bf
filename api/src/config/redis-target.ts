import type { z } from 'zod';
import { redisEnv } from './env-schema';
import { loadConfig, type EnvSource } from './load-config';

export type RedisSettings = z.infer<z.ZodObject<typeof redisEnv>>;

export interface SentinelAddress {
  host: string;
  port: number;
}

/**
 * Where a process finds Redis: one address, or the sentinels that say which node is the master
 * (and follow it through a failover). `password` is the data nodes' password either way.
 */
export type RedisTarget =
  | { url: string; password?: string | undefined }
  | {
      sentinels: SentinelAddress[];
      /** The master's name as the sentinels monitor it. */
      name: string;
      sentinelPassword?: string | undefined;
      password?: string | undefined;
    };

/** The one reading of the Redis settings; `createRedis` connects to what it returns. */
export function redisTarget(config: RedisSettings): RedisTarget {
  const { REDIS_URL: url, REDIS_SENTINELS: sentinels, REDIS_SENTINEL_NAME: name } = config;
  const password = config.REDIS_PASSWORD;
  if (sentinels !== undefined && name !== undefined) {
    return { sentinels, name, sentinelPassword: config.REDIS_SENTINEL_PASSWORD, password };
  }
  if (url !== undefined) return { url, password };
  // loadConfig refuses such settings (ENV_RULES): only a hand-made object gets here.
  throw new Error('no Redis configured: set REDIS_URL, or REDIS_SENTINELS and REDIS_SENTINEL_NAME');
}

/** For a process, test or script that has an environment but no loaded configuration. */
export function loadRedisTarget(env: EnvSource = process.env): RedisTarget {
  return redisTarget(loadConfig(redisEnv, env));
}

/**
 * Replicas that must hold a queued job before it counts as handed over (JobProducer): behind
 * Sentinel there is a replica to promote, and a job only the dead master had would be lost with
 * it; a lone Redis (or a managed endpoint that hides its replicas) has none to wait for.
 */
export function replicasToAck(target: RedisTarget): number {
  return 'sentinels' in target ? 1 : 0;
}
