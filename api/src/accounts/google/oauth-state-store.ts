import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { z } from 'zod';
import { GoogleCookies, googleCookieOptions, readCookie } from './google-cookies';

/** Time a person has at Google's consent screen before the sign-in must be started again. */
const STATE_TTL_SECONDS = 10 * 60;

const savedStateSchema = z.object({
  /** The `state` sent to Google. */
  handle: z.string().min(1),
  /** The PKCE code verifier (RFC 7636: 43 to 128 characters). */
  verifier: z.string().min(43).max(128),
  /** Expiry, milliseconds since the epoch. */
  expiresAt: z.number().int(),
});

type StoreCallback = (error: Error | null, handle?: string) => void;
type VerifyCallback = (
  error: Error | null,
  verifier: string | false,
  info?: { message: string },
) => void;

const digest = (text: string) => createHash('sha256').update(text).digest();
const sameText = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/**
 * Keeps passport-oauth2's `state` and PKCE code verifier between the redirect to Google and the
 * callback. passport-oauth2's own stores need express-session, which this stateless API does not
 * use.
 *
 * Why a signed cookie and not Redis: the state has to be tied to the browser that started the
 * sign-in in any case (a server-side record alone would accept a callback replayed in another
 * browser: login CSRF), so a cookie is needed; once the cookie exists it can carry the whole
 * state, signed so it cannot be forged, and the server keeps nothing. Any API instance can
 * finish a sign-in that another one started, nothing needs cleaning up, and the start of a
 * sign-in does not depend on Redis. The cookie is HttpOnly, SameSite=Lax, scoped to the Google
 * routes, lives ten minutes and is cleared at the callback; a replayed callback also fails at
 * Google, whose authorization codes work once and only with this verifier. The signing key is
 * derived from JWT_SECRET for this one purpose, so deploying needs no new secret.
 *
 * passport-oauth2 picks the PKCE form of `store` and the plain form of `verify` by their
 * number of parameters (5 and 3): keep every parameter, used or not.
 */
export class SignedCookieStateStore {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly secureCookies: boolean,
  ) {
    this.key = createHmac('sha256', secret).update('hs:google-oauth-state:v1').digest();
  }

  store(
    req: Request,
    verifier: string,
    _state: unknown,
    _meta: unknown,
    callback: StoreCallback,
  ): void {
    const res = req.res;
    if (!res) {
      callback(new Error('The OAuth state store needs the Express response.'));
      return;
    }
    const handle = randomBytes(24).toString('base64url');
    const saved: z.infer<typeof savedStateSchema> = {
      handle,
      verifier,
      expiresAt: Date.now() + STATE_TTL_SECONDS * 1000,
    };
    const payload = Buffer.from(JSON.stringify(saved)).toString('base64url');
    res.cookie(
      GoogleCookies.state,
      `${payload}.${this.sign(payload)}`,
      googleCookieOptions(this.secureCookies, STATE_TTL_SECONDS * 1000),
    );
    callback(null, handle);
  }

  verify(req: Request, providedState: unknown, callback: VerifyCallback): void {
    const saved = this.read(readCookie(req, GoogleCookies.state));
    // Used once, whatever the outcome.
    req.res?.clearCookie(GoogleCookies.state, googleCookieOptions(this.secureCookies));
    if (!saved) {
      callback(null, false, { message: 'No valid sign-in state cookie.' });
      return;
    }
    if (typeof providedState !== 'string' || !sameText(saved.handle, providedState)) {
      callback(null, false, { message: 'The state does not match the sign-in state cookie.' });
      return;
    }
    callback(null, saved.verifier);
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  private read(cookie: string | undefined): z.infer<typeof savedStateSchema> | null {
    const [payload, signature, ...rest] = (cookie ?? '').split('.');
    if (!payload || !signature || rest.length > 0) return null;
    if (!sameText(this.sign(payload), signature)) return null;
    try {
      const decoded: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      const saved = savedStateSchema.safeParse(decoded);
      return saved.success && saved.data.expiresAt > Date.now() ? saved.data : null;
    } catch {
      return null;
    }
  }
}
