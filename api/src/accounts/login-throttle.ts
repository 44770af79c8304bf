import { createHash } from 'node:crypto';
import { AuthMessages } from '../domain/auth/auth-messages';
import { DomainError } from '../domain/domain-error';
import type { Logger } from '../platform/logger';
import type { Redis } from '../platform/redis';

/** Failures that cost nothing: typos and a forgotten caps lock. */
const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 1_000;
/**
 * The longest one wait gets. A stranger who keeps failing on purpose can hold the owner off for
 * this long at a time, never longer, while a guesser gets about two tries a minute per account
 * on top of the per-address limit.
 */
const MAX_DELAY_MS = 30_000;
/** A count with no new failure for this long starts again from zero. */
const FORGET_AFTER_SECONDS = 15 * 60;

/** The wait after the `failures`th failure: 0 for the free ones, then 1 s, 2 s, 4 s... 30 s. */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

/**
 * Slows password guessing against one account, wherever the guesses come from (the per-address
 * limit does nothing against many addresses). Counted in Redis, shared by every API instance,
 * per SHA-256 of the email, so an unknown address is slowed exactly like a known one and Redis
 * never holds an address. While an account is delayed its password is not even checked.
 *
 * Fails open, like the rate limits: with Redis away, logins are answered unthrottled.
 */
export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly logger: Logger,
  ) {}

  /** Throws a 429 with Retry-After while the account is delayed. */
  async check(email: string): Promise<void> {
    let remainingMs: number;
    try {
      remainingMs = await this.redis.pttl(this.keys(email).delay);
    } catch (error) {
      this.logger.warn({ err: error }, 'login delays are off while redis is unreachable');
      return;
    }
    if (remainingMs > 0) {
      throw new DomainError(
        'auth.login_delayed',
        AuthMessages.loginDelayed,
        undefined,
        Math.ceil(remainingMs / 1000),
      );
    }
  }

  async failed(email: string): Promise<void> {
    const { failures, delay } = this.keys(email);
    try {
      const results = await this.redis
        .multi()
        .incr(failures)
        .expire(failures, FORGET_AFTER_SECONDS)
        .exec();
      const waitMs = delayAfter(Number(results?.[0]?.[1] ?? 0));
      if (waitMs > 0) await this.redis.set(delay, '1', 'PX', waitMs);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not count a failed login');
    }
  }

  async succeeded(email: string): Promise<void> {
    const { failures, delay } = this.keys(email);
    try {
      await this.redis.del(failures, delay);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not clear the failed-login count');
    }
  }

  private keys(email: string) {
    const hash = createHash('sha256').update(email).digest('hex');
    return {
      failures: `${this.keyPrefix}login-failures:${hash}`,
      delay: `${this.keyPrefix}login-delay:${hash}`,
    };
  }
}
