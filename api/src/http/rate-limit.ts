import type { RequestHandler } from 'express';
import { rateLimit, type IncrementResponse, type Store } from 'express-rate-limit';
import type { Logger } from '../platform/logger';
import type { Redis } from '../platform/redis';
import { DomainError } from '../domain/domain-error';

/** The store could not count a request: the limiter lets it through (see `rateLimited`). */
class LimitsUnavailableError extends Error {}

/**
 * Whether the limits of one Redis connection are off, shared by every limiter on it: one warning
 * when an outage starts, and when it ends, one line counting the requests let through unlimited.
 */
class LimitsOutage {
  private unlimited = 0;

  constructor(private readonly logger: Logger | undefined) {}

  failed(error: unknown): void {
    if (this.unlimited === 0) {
      this.logger?.warn(
        { err: error },
        'rate limits are off while redis is unreachable: requests go through uncounted',
      );
    }
    this.unlimited += 1;
  }

  counted(): void {
    if (this.unlimited === 0) return;
    this.logger?.info({ unlimited: this.unlimited }, 'rate limits are back on');
    this.unlimited = 0;
  }
}

const outages = new WeakMap<Redis, LimitsOutage>();

function outageOf(redis: Redis, logger: Logger | undefined): LimitsOutage {
  let outage = outages.get(redis);
  if (!outage) {
    outage = new LimitsOutage(logger);
    outages.set(redis, outage);
  }
  return outage;
}

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
    private readonly outage: LimitsOutage,
  ) {}

  init(options: { windowMs: number }): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const fullKey = this.prefix + key;
    let results: [Error | null, unknown][] | null;
    try {
      results = await this.redis
        .multi()
        .incr(fullKey)
        .pexpire(fullKey, this.windowMs, 'NX')
        .pttl(fullKey)
        .exec();
    } catch (error) {
      this.outage.failed(error);
      throw new LimitsUnavailableError('rate limit store unavailable', { cause: error });
    }
    this.outage.counted();
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
  /** Where the start and end of a Redis outage are said. */
  logger?: Logger;
}

/**
 * Counts requests per client IP (behind TRUST_PROXY proxies) and answers 429 with `message` once
 * the limit is passed. The counts live in Redis; while it is unreachable the limits are off
 * (fail open): refusing every booking and contact message for a Redis blip costs the business
 * more than a few uncounted requests, and MongoDB's unique and idempotency rules still hold.
 * The connection fails fast, so an outage adds no wait.
 */
export function rateLimited(options: RateLimitOptions): RequestHandler {
  const outage = outageOf(options.redis, options.logger);
  return rateLimit({
    windowMs: options.windowSeconds * 1000,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    passOnStoreError: true,
    store: new RedisWindowStore(
      options.redis,
      `${options.keyPrefix}:rate:${options.name}:`,
      outage,
    ),
    // express-rate-limit would print every store error to the console; the outage is logged once.
    logger: {
      error: (error, message) => {
        if (error instanceof LimitsUnavailableError) return;
        options.logger?.error({ err: error }, message ?? 'rate limiter error');
      },
      warn: (error, message) => {
        options.logger?.warn({ err: error }, message ?? 'rate limiter warning');
      },
    },
    handler: (_req, _res, next) => {
      next(new DomainError('tooMany', options.message));
    },
  });
}
