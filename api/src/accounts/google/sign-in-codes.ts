import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Redis } from '../../platform/redis';

/** 32 random bytes, base64url: 43 characters. */
export const SIGN_IN_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const storedSchema = z.object({
  userId: z.string().min(1),
  /** SHA-256 (hex) of the browser binding. */
  binding: z.string().length(64),
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const random = () => randomBytes(32).toString('base64url');

export interface IssuedCode {
  /** Goes to the site in the redirect URL. */
  code: string;
  /** Goes to the same browser in an HttpOnly cookie; the exchange needs both. */
  binding: string;
}

/**
 * One-time codes that carry a finished Google sign-in from the callback to the site, so the
 * login token never travels in a URL (browser history, proxies, Referer). The site trades the
 * code for the token with a POST.
 *
 * Redis, not MongoDB: a code lives seconds, and SET EX / GETDEL give the expiry and the
 * use-once guarantee (of two racing exchanges, one wins) in one command each, on the Redis every
 * API instance shares. Codes are stored only as their SHA-256, so the store holds nothing that
 * works. A code is bound to the browser that finished the sign-in: the hash of a second random
 * value, sent to that browser as an HttpOnly cookie, is stored with it, so a code carried to
 * another browser (to sign a victim into the attacker's account) is refused.
 */
export class SignInCodes {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly ttlSeconds: number,
  ) {}

  async issue(userId: string): Promise<IssuedCode> {
    const issued = { code: random(), binding: random() };
    const stored: z.infer<typeof storedSchema> = { userId, binding: sha256(issued.binding) };
    await this.redis.set(this.key(issued.code), JSON.stringify(stored), 'EX', this.ttlSeconds);
    return issued;
  }

  /** The user id once, for a live code presented with its binding; null otherwise. */
  async redeem(code: string, binding: string | undefined): Promise<string | null> {
    if (!SIGN_IN_CODE_PATTERN.test(code)) return null;
    // Taken out whatever happens next: a code presented without its binding is spent too.
    const raw = await this.redis.getdel(this.key(code));
    if (!raw || !binding) return null;
    let stored: z.infer<typeof storedSchema>;
    try {
      const parsed = storedSchema.safeParse(JSON.parse(raw) as unknown);
      if (!parsed.success) return null;
      stored = parsed.data;
    } catch {
      return null;
    }
    const matches = timingSafeEqual(Buffer.from(stored.binding), Buffer.from(sha256(binding)));
    return matches ? stored.userId : null;
  }

  private key(code: string): string {
    return `${this.keyPrefix}${sha256(code)}`;
  }
}
