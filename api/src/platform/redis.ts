import { Redis, type RedisOptions } from 'ioredis';

export type { Redis };

/**
 * `blocking` connections (BullMQ workers) must wait for Redis forever instead of failing a
 * command after a few retries; request-path connections fail fast so the caller can answer 503.
 */
export function createRedis(url: string, options: { blocking?: boolean } = {}): Redis {
  const base: RedisOptions = {
    lazyConnect: false,
    connectTimeout: 5_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  };
  return new Redis(
    url,
    options.blocking
      ? { ...base, maxRetriesPerRequest: null, enableReadyCheck: false }
      : { ...base, maxRetriesPerRequest: 1, enableOfflineQueue: false },
  );
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
