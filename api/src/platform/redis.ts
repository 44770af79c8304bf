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
  const answer = await redis.ping();
  if (answer !== 'PONG') throw new Error(`unexpected answer ${answer}`);
}
