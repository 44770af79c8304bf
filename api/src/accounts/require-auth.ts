import type { RequestHandler } from 'express';
import mongoose from 'mongoose';
import { AuthMessages } from '../domain/auth/auth-messages';
import { DomainError } from '../domain/domain-error';
import type { AuthTokens, SessionToken } from './auth-tokens';
import { UserModel, type UserDocument } from './user-model';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by requireAuth: the signed-in user, loaded fresh for this request. */
    user?: UserDocument;
    /** Set by requireAuth: the login token the request came with (logout ends it). */
    auth?: SessionToken;
  }
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/** What a verified session token says: whose it is and which token version it was issued at. */
export interface SessionClaims {
  userId: string;
  tokenVersion: number;
}

/**
 * The user a verified token (or null for a bad one) belongs to, read afresh: a deleted user or
 * an older token version (a password reset raised it) is a 401, so every earlier session ends.
 */
export async function userOfSession(claims: SessionClaims | null): Promise<UserDocument> {
  if (!claims || !mongoose.isValidObjectId(claims.userId)) {
    throw new DomainError('auth.session_expired', AuthMessages.sessionExpired);
  }
  const user = await UserModel.findById(claims.userId);
  if (!user || user.tokenVersion !== claims.tokenVersion) {
    throw new DomainError('auth.session_expired', AuthMessages.sessionExpired);
  }
  return user;
}

/**
 * Admits a request with a valid login token that was not logged out, whose user still exists and
 * whose token version is current: a password reset raises the version and so ends every earlier
 * session.
 */
export function requireAuth(tokens: AuthTokens): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new DomainError('unauthenticated', AuthMessages.signInRequired);
    const session = await tokens.admit(token);
    req.user = await userOfSession(session);
    req.auth = session ?? undefined;
    next();
  };
}

/**
 * For routes open to visitors that also serve signed-in users (a booking belongs to the account
 * it was made from): a valid token sets req.user, anything else goes on as a visitor.
 */
export function identifyUser(tokens: AuthTokens): RequestHandler {
  const check = requireAuth(tokens);
  return async (req, res, next) => {
    if (!bearerToken(req.headers.authorization)) {
      next();
      return;
    }
    try {
      await check(req, res, () => undefined);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
    next();
  };
}

/** After requireAuth: only admins pass. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (req.user?.role !== 'admin') throw new DomainError('auth.admin_only', AuthMessages.adminOnly);
  next();
};

export function signedInUser(user: UserDocument | undefined): UserDocument {
  if (!user) throw new DomainError('unauthenticated', AuthMessages.signInRequired);
  return user;
}

/** After requireAuth: the login token of the request. */
export function signedInSession(session: SessionToken | undefined): SessionToken {
  if (!session) throw new DomainError('unauthenticated', AuthMessages.signInRequired);
  return session;
}
