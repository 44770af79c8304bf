import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { USER_ROLES, type UserRole } from './user-model';

const claimsSchema = z.object({
  sub: z.string().min(1),
  ver: z.number().int().min(0),
  role: z.enum(USER_ROLES),
});

export interface TokenClaims {
  userId: string;
  tokenVersion: number;
  role: UserRole;
}

/** Login tokens: HS256 JWTs that expire, name the user and carry the user's token version. */
export class AuthTokens {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
  ) {}

  issue(claims: TokenClaims): string {
    return jwt.sign({ ver: claims.tokenVersion, role: claims.role }, this.secret, {
      algorithm: 'HS256',
      subject: claims.userId,
      expiresIn: this.ttlSeconds,
    });
  }

  /** Null for anything not signed by us with HS256 and still in date (`alg: none` included). */
  verify(token: string): TokenClaims | null {
    try {
      const decoded = jwt.verify(token, this.secret, { algorithms: ['HS256'] });
      const claims = claimsSchema.parse(decoded);
      return { userId: claims.sub, tokenVersion: claims.ver, role: claims.role };
    } catch {
      return null;
    }
  }
}
