import { Redis, type RedisOptions } from 'ioredis';

export type { Redis };

/**
 * How a connection behaves while Redis is away depends on what it is for:
 * - request path (the default: rate limits, sign-in codes, health): a command fails at once, so
 *   the caller can answer without waiting;
 * - `producer` (the API's BullMQ queues): fails at once too, so a job goes to the MongoDB outbox
 *   instead of holding the request (BullMQ allows maxRetriesPerRequest on a Queue's connection);
 * - `blocking` (BullMQ workers): waits for Redis forever, as BullMQ requires.
 */
export function createRedis(
  url: string,
  options: { blocking?: boolean; producer?: boolean } = {},
): Redis {
  const base: RedisOptions = {
    lazyConnect: false,
    connectTimeout: 5_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  };
  if (options.blocking) {
    return new Redis(url, { ...base, maxRetriesPerRequest: null, enableReadyCheck: false });
  }
  return new Redis(url, {
    ...base,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // A Redis that takes connections but does not answer (paused, swapping) must not hold a
    // request either. Queue commands get longer: the dashboard reads whole queues.
    commandTimeout: options.producer ? 5_000 : 2_000,
  });
}

export async function pingRedis(redis: Redis): Promise<void> {
  await redis.ping();
}

/**
 * Gives a new connection a moment to come up so the first request does not fail needlessly.
 * Resolves false (the caller logs it) rather than blocking start-up when Redis is away: the
 * process then starts not-ready and recovers when Redis returns.
 */
export async function waitForRedis(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once('ready', onReady);
  });
}
