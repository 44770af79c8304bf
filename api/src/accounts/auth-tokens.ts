import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import type { RevokedTokens } from './revoked-tokens';
import { USER_ROLES, type UserRole } from './user-model';

/** How a login token was earned; an email change trusts a Google-only account's fresh one. */
export const SIGN_IN_METHODS = ['password', 'google'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

const claimsSchema = z.object({
  sub: z.string().min(1),
  ver: z.number().int().min(0),
  role: z.enum(USER_ROLES),
  via: z.enum(SIGN_IN_METHODS),
  jti: z.string().min(1).max(64),
  iat: z.number().int(),
  exp: z.number().int(),
});

export interface TokenClaims {
  userId: string;
  tokenVersion: number;
  role: UserRole;
}

/** What ending one token needs: its id, and until when the deny list must keep it. */
export interface EndableToken {
  id: string;
  expiresAt: Date;
}

/** A verified login token: whose it is, and which one, so that it alone can be ended. */
export interface SessionToken extends TokenClaims {
  id: string;
  method: SignInMethod;
  issuedAt: Date;
  expiresAt: Date;
}

/**
 * Login tokens: HS256 JWTs that expire, name the user, carry the user's token version, say how
 * they were earned and have an id of their own (`jti`), which logout puts on a deny list until
 * the token would have expired anyway: the token that logs out ends, the owner's other devices
 * stay signed in.
 */
export class AuthTokens {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
    private readonly revoked?: RevokedTokens,
  ) {}

  issue(claims: TokenClaims, method: SignInMethod): string {
    return jwt.sign({ ver: claims.tokenVersion, role: claims.role, via: method }, this.secret, {
      algorithm: 'HS256',
      subject: claims.userId,
      expiresIn: this.ttlSeconds,
      jwtid: randomUUID(),
    });
  }

  /**
   * Null for anything not signed by us with HS256, still in date and complete (`alg: none`
   * included). Tokens from before logout existed carry no id and so cannot be ended one by one:
   * they are refused, and their holders log in once more.
   */
  verify(token: string): SessionToken | null {
    try {
      const decoded = jwt.verify(token, this.secret, { algorithms: ['HS256'] });
      const claims = claimsSchema.parse(decoded);
      return {
        userId: claims.sub,
        tokenVersion: claims.ver,
        role: claims.role,
        id: claims.jti,
        method: claims.via,
        issuedAt: new Date(claims.iat * 1000),
        expiresAt: new Date(claims.exp * 1000),
      };
    } catch {
      return null;
    }
  }

  /** `verify`, and not logged out. */
  async admit(token: string): Promise<SessionToken | null> {
    const session = this.verify(token);
    if (!session) return null;
    if (await this.isEnded(session.id)) return null;
    return session;
  }

  /**
   * Whether the token with this id was ended: a login token, or a session opened with one (the
   * queue dashboard's), whose ids share the deny list.
   */
  async isEnded(id: string): Promise<boolean> {
    return this.revoked ? this.revoked.isRevoked(id) : false;
  }

  /** Ends this one token. Throws when the deny list cannot be written (Redis away). */
  async revoke(token: EndableToken): Promise<void> {
    if (!this.revoked) throw new Error('no deny list to end a token on');
    await this.revoked.revoke(token.id, token.expiresAt);
  }
}
