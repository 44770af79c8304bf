import express, { type CookieOptions, type RequestHandler, type Router } from 'express';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import type { AuthTokens } from '../accounts/auth-tokens';
import { readCookie } from '../accounts/google/google-cookies';
import {
  requireAdmin,
  requireAuth,
  signedInUser,
  userOfSession,
  type SessionClaims,
} from '../accounts/require-auth';
import type { ApiConfig } from '../config/api-config';
import { AuthMessages } from '../domain/auth/auth-messages';
import { DomainError } from '../domain/domain-error';
import { endpointGroup, mountEndpoints } from '../http/endpoint';
import { adminOnly } from './admin-guard';

/** Where bull-board is mounted; the session cookie is sent to this path only. */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';
export const QUEUE_SESSION_COOKIE = 'hs_admin_queues';
const SESSION_SECONDS = 3600;
/** Names what the token opens: a login token has no audience, so neither passes for the other. */
const AUDIENCE = 'hs:admin-queues';

const claimsSchema = z.object({
  sub: z.string().min(1),
  ver: z.number().int().min(0),
  aud: z.literal(AUDIENCE),
});

/**
 * The queue dashboard's browser session. A page navigation cannot send the Bearer token the site
 * keeps, so an admin's site trades it for this cookie. It is an HS256 JWT signed with JWT_SECRET
 * that carries the user id and token version but no role: AuthTokens.verify requires a role, so
 * the cookie is never taken for a login token, and a login token lacks the audience required here.
 */
export class QueueSessions {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
  ) {}

  issue(userId: string, tokenVersion: number): string {
    return jwt.sign({ ver: tokenVersion }, this.secret, {
      algorithm: 'HS256',
      subject: userId,
      audience: AUDIENCE,
      expiresIn: SESSION_SECONDS,
    });
  }

  verify(token: string): SessionClaims | null {
    try {
      const decoded = jwt.verify(token, this.secret, { algorithms: ['HS256'], audience: AUDIENCE });
      const claims = claimsSchema.parse(decoded);
      return { userId: claims.sub, tokenVersion: claims.ver };
    } catch {
      return null;
    }
  }

  /** HttpOnly and SameSite=Strict: no script reads it and no other site's page sends it. */
  cookieOptions(withAge: boolean): CookieOptions {
    return {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure,
      path: QUEUE_DASHBOARD_PATH,
      ...(withAge ? { maxAge: SESSION_SECONDS * 1000 } : {}),
    };
  }

  /**
   * The dashboard's guard: a Bearer admin token, or else the cookie. Either way the user is read
   * afresh, so a demoted admin or a password reset (a new token version) closes the dashboard.
   */
  guard(tokens: AuthTokens): RequestHandler {
    const bearer = requireAuth(tokens);
    return async (req, res, next) => {
      if (req.headers.authorization) {
        await bearer(req, res, () => undefined);
        requireAdmin(req, res, next);
        return;
      }
      const token = readCookie(req, QUEUE_SESSION_COOKIE);
      if (!token) throw new DomainError('unauthenticated', AuthMessages.signInRequired);
      req.user = await userOfSession(this.verify(token));
      requireAdmin(req, res, next);
    };
  }
}

/** The cookie is Secure in production (HTTPS); local runs are plain HTTP. */
export function queueSessionsFor(
  config: Pick<ApiConfig, 'JWT_SECRET' | 'NODE_ENV'>,
): QueueSessions {
  return new QueueSessions(config.JWT_SECRET, config.NODE_ENV === 'production');
}

interface QueueSessionContext {
  tokens: AuthTokens;
  sessions: QueueSessions;
}

/** POST /admin/queue-session (an admin's Bearer token) sets the cookie; DELETE clears it. */
export const queueSessionEndpoints = endpointGroup<QueueSessionContext>('admin', [
  {
    method: 'post',
    path: '/api/admin/queue-session',
    operationId: 'adminOpenQueueSession',
    summary: 'Open the queue dashboard in this browser',
    description:
      'Trades the login token for an HttpOnly cookie scoped to the dashboard, which a page ' +
      'navigation sends (it cannot send a Bearer token).',
    access: 'admin',
    responses: {
      '204': {
        description: 'The cookie is set.',
        headers: {
          'Set-Cookie': { description: 'The dashboard session.', schema: { type: 'string' } },
        },
      },
    },
    // A passing admin token would get a session: the fuzzer never sends one.
    fuzz: { refusal: 'credential', neverValidBearer: true },
    handlers: (deps) => [
      ...adminOnly(deps.tokens),
      (req, res) => {
        const user = signedInUser(req.user);
        res.cookie(
          QUEUE_SESSION_COOKIE,
          deps.sessions.issue(user.id as string, user.tokenVersion),
          deps.sessions.cookieOptions(true),
        );
        res.status(204).end();
      },
    ],
  },
  {
    method: 'delete',
    path: '/api/admin/queue-session',
    operationId: 'adminCloseQueueSession',
    summary: "End this browser's queue dashboard session",
    description: 'Open to anyone: it only clears the cookie of the browser that sends it.',
    access: 'public',
    responses: { '204': { description: 'The cookie is cleared.' } },
    fuzz: 'reads',
    // Open to anyone: it only ends the session of the browser that sends it (signing out).
    handlers: (deps) => [
      (_req, res) => {
        res.setHeader('Cache-Control', 'no-store');
        res.clearCookie(QUEUE_SESSION_COOKIE, deps.sessions.cookieOptions(false));
        res.status(204).end();
      },
    ],
  },
]);

export function queueSessionRoutes(deps: QueueSessionContext): Router {
  return mountEndpoints(express.Router(), queueSessionEndpoints, deps);
}
