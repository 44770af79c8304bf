import type { RequestHandler } from 'express';
import { rateLimit, type IncrementResponse, type Store } from 'express-rate-limit';
import type { Redis } from '../platform/redis';
import { HttpError } from './http-error';

/**
 * A fixed-window counter in Redis, shared by every API instance. Plain commands in one MULTI,
 * no Lua scripts: rate-limit-redis loads its script once at start-up and stays broken if Redis
 * was away at that moment.
 */
class RedisWindowStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly redis: Redis,
    readonly prefix: string,
  ) {}

  init(options: { windowMs: number }): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const fullKey = this.prefix + key;
    const results = await this.redis
      .multi()
      .incr(fullKey)
      .pexpire(fullKey, this.windowMs, 'NX')
      .pttl(fullKey)
      .exec();
    const totalHits = Number(results?.[0]?.[1] ?? 1);
    const ttl = Number(results?.[2]?.[1] ?? this.windowMs);
    return { totalHits, resetTime: new Date(Date.now() + Math.max(ttl, 0)) };
  }

  async decrement(key: string): Promise<void> {
    await this.redis.decr(this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

export interface RateLimitOptions {
  redis: Redis;
  /** Keeps environments that share a Redis apart (the queue prefix). */
  keyPrefix: string;
  name: string;
  limit: number;
  windowSeconds: number;
  message: string;
}

/**
 * Counts requests per client IP (behind TRUST_PROXY proxies) and answers 429 with `message` once
 * the limit is passed. If Redis is away the request goes through: the limit protects the site,
 * it must not take it down.
 */
export function rateLimited(options: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs: options.windowSeconds * 1000,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    passOnStoreError: true,
    store: new RedisWindowStore(options.redis, `${options.keyPrefix}:rate:${options.name}:`),
    handler: (_req, _res, next) => {
      next(new HttpError(429, options.message));
    },
  });
}
