import type { Logger } from '../platform/logger';
import type { Redis } from '../platform/redis';

/**
 * The ids of login tokens ended by logout, in the Redis every API instance shares, each kept
 * until its token would have expired: after that the signature check refuses it anyway, so the
 * list never grows past the tokens still in date.
 *
 * While Redis is unreachable the list cannot be read and a logged-out token is admitted again
 * (fail open, like the rate limits): refusing every signed-in request for a Redis blip costs
 * every customer, and logout itself falls back to ending all of the account's sessions when it
 * cannot write here (see AccountService.logout).
 */
export class RevokedTokens {
  private unreadable = false;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly logger: Logger,
  ) {}

  async revoke(tokenId: string, until: Date): Promise<void> {
    const remainingMs = until.getTime() - Date.now();
    if (remainingMs <= 0) return;
    await this.redis.set(this.key(tokenId), '1', 'PX', remainingMs);
  }

  async isRevoked(tokenId: string): Promise<boolean> {
    try {
      const found = (await this.redis.exists(this.key(tokenId))) === 1;
      if (this.unreadable) this.logger.info('logged-out tokens are refused again');
      this.unreadable = false;
      return found;
    } catch (error) {
      if (!this.unreadable) {
        this.logger.warn(
          { err: error },
          'cannot read logged-out tokens while redis is unreachable: admitting tokens unchecked',
        );
      }
      this.unreadable = true;
      return false;
    }
  }

  private key(tokenId: string): string {
    return `${this.keyPrefix}${tokenId}`;
  }
}
