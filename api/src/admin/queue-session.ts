import express, { type CookieOptions, type RequestHandler, type Router } from 'express';
import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AccountService } from '../accounts/account-service';
import type { AuthTokens, SessionToken } from '../accounts/auth-tokens';
import { readCookie } from '../accounts/google/google-cookies';
import {
  requireAdmin,
  requireAuth,
  signedInSession,
  userOfSession,
} from '../accounts/require-auth';
import type { ApiConfig } from '../config/api-config';
import { AuthMessages } from '../domain/auth/auth-messages';
import { DomainError } from '../domain/domain-error';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';

/** Where bull-board is mounted; the session cookie is sent there and to QUEUE_SESSION_ROUTE. */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';
export const QUEUE_SESSION_COOKIE = 'hs_admin_queues';
/** Where the session is opened and ended. */
const QUEUE_SESSION_ROUTE = '/api/admin/queue-session';
/** The longest a dashboard session lasts; never longer than the login that opened it. */
const SESSION_SECONDS = 3600;
/** Names what the token opens: a login token has no audience, so neither passes for the other. */
const AUDIENCE = 'hs:admin-queues';

const claimsSchema = z.object({
  sub: z.string().min(1),
  ver: z.number().int().min(0),
  aud: z.literal(AUDIENCE),
  jti: z.string().min(1).max(64),
  /** The id of the login token that opened the session: its logout ends the session too. */
  sid: z.string().min(1).max(64),
  exp: z.number().int(),
});

/** A verified dashboard session: whose, which one, and the login it was opened with. */
export interface QueueSession {
  userId: string;
  tokenVersion: number;
  id: string;
  loginId: string;
  expiresAt: Date;
}

/** A session just opened: the cookie's value and how long the browser keeps it. */
export interface OpenedQueueSession {
  token: string;
  maxAgeMs: number;
}

/**
 * The queue dashboard's browser session. A page navigation cannot send the Bearer token the site
 * keeps, so an admin's site trades it for this cookie. It is an HS256 JWT signed with JWT_SECRET
 * that carries the user id and token version but no role: AuthTokens.verify requires a role, so
 * the cookie is never taken for a login token, and a login token lacks the audience required here.
 *
 * It is keyed to the login that opened it and ends with it: it expires no later, it is refused
 * once that login is logged out (the login's id is on the deny list), and DELETE puts its own id
 * there, so a copy of the cookie kept after either opens nothing.
 */
export class QueueSessions {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
    private readonly tokens: AuthTokens,
    private readonly accounts: AccountService,
  ) {}

  issue(login: SessionToken): OpenedQueueSession {
    const loginLeft = Math.floor((login.expiresAt.getTime() - Date.now()) / 1000);
    const seconds = Math.max(0, Math.min(SESSION_SECONDS, loginLeft));
    const token = jwt.sign({ ver: login.tokenVersion, sid: login.id }, this.secret, {
      algorithm: 'HS256',
      subject: login.userId,
      audience: AUDIENCE,
      expiresIn: seconds,
      jwtid: randomUUID(),
    });
    return { token, maxAgeMs: seconds * 1000 };
  }

  /** Null for anything not signed by us, out of date, or without the claims above. */
  verify(token: string): QueueSession | null {
    try {
      const decoded = jwt.verify(token, this.secret, { algorithms: ['HS256'], audience: AUDIENCE });
      const claims = claimsSchema.parse(decoded);
      return {
        userId: claims.sub,
        tokenVersion: claims.ver,
        id: claims.jti,
        loginId: claims.sid,
        expiresAt: new Date(claims.exp * 1000),
      };
    } catch {
      return null;
    }
  }

  /** `verify`, and neither closed nor opened by a login that has since logged out. */
  async admit(token: string): Promise<QueueSession | null> {
    const session = this.verify(token);
    if (!session) return null;
    if ((await this.tokens.isEnded(session.id)) || (await this.tokens.isEnded(session.loginId))) {
      return null;
    }
    return session;
  }

  /** Ends the session of this cookie on the server; a cookie that opens nothing is let be. */
  async end(token: string | undefined): Promise<void> {
    const session = token ? this.verify(token) : null;
    if (!session) return;
    await this.accounts.endSession(session.userId, session.tokenVersion, session);
  }

  /**
   * The session goes out as two cookies of one value: one for the dashboard, and one for the
   * route that ends it, since a browser sends a cookie only under its path and DELETE must see
   * the session to end it. HttpOnly and SameSite=Strict: no script reads them and no other
   * site's page sends them. The dashboard's comes first.
   */
  cookieOptions(maxAgeMs?: number): CookieOptions[] {
    return [QUEUE_DASHBOARD_PATH, QUEUE_SESSION_ROUTE].map((path) => ({
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure,
      path,
      ...(maxAgeMs === undefined ? {} : { maxAge: maxAgeMs }),
    }));
  }

  /**
   * The dashboard's guard: a Bearer admin token, or else the cookie. Either way the user is read
   * afresh, so a demoted admin or a password reset (a new token version) closes the dashboard.
   */
  guard(): RequestHandler {
    const bearer = requireAuth(this.tokens);
    return async (req, res, next) => {
      if (req.headers.authorization) {
        await bearer(req, res, () => undefined);
        requireAdmin(req, res, next);
        return;
      }
      const token = readCookie(req, QUEUE_SESSION_COOKIE);
      if (!token) throw new DomainError('unauthenticated', AuthMessages.signInRequired);
      req.user = await userOfSession(await this.admit(token));
      requireAdmin(req, res, next);
    };
  }
}

/** What a dashboard session is built from; the cookie is Secure in production (HTTPS). */
export interface QueueSessionDependencies {
  config: Pick<ApiConfig, 'JWT_SECRET' | 'NODE_ENV'>;
  tokens: AuthTokens;
  accounts: AccountService;
}

export function queueSessionsFor(deps: QueueSessionDependencies): QueueSessions {
  return new QueueSessions(
    deps.config.JWT_SECRET,
    deps.config.NODE_ENV === 'production',
    deps.tokens,
    deps.accounts,
  );
}

interface QueueSessionContext {
  sessions: QueueSessions;
  guards: Guards;
}

/**
 * POST /admin/queue-session (an admin's Bearer token) sets the cookie; DELETE ends its session
 * and clears it.
 */
export const queueSessionEndpoints = endpointGroup<QueueSessionContext>('admin', [
  endpoint({
    method: 'post',
    path: QUEUE_SESSION_ROUTE,
    operationId: 'adminOpenQueueSession',
    summary: 'Open the queue dashboard in this browser',
    description:
      'Trades the login token for an HttpOnly cookie scoped to the dashboard, which a page ' +
      'navigation sends (it cannot send a Bearer token). The session lasts an hour at most, ' +
      'never longer than the login token, and ends when that token logs out.',
    access: 'admin',
    responses: {
      '204': {
        description: 'The cookie is set.',
        headers: {
          'Set-Cookie': {
            description:
              'The dashboard session, for the dashboard’s path and for this one (so that DELETE ' +
              'can end it).',
            schema: { type: 'string' },
          },
        },
      },
    },
    // A passing admin token would get a session: the fuzzer never sends one.
    fuzz: { refusal: 'credential', neverValidBearer: true },
    handle: ({ req, res }, { sessions }) => {
      const opened = sessions.issue(signedInSession(req.auth));
      for (const options of sessions.cookieOptions(opened.maxAgeMs)) {
        res.cookie(QUEUE_SESSION_COOKIE, opened.token, options);
      }
      res.status(204).end();
    },
  }),
  endpoint({
    method: 'delete',
    path: QUEUE_SESSION_ROUTE,
    operationId: 'adminCloseQueueSession',
    summary: "End this browser's queue dashboard session",
    description:
      'Open to anyone: it ends the session of the cookie the browser sends, on the server too, ' +
      'and clears it. The login that opened the session goes on.',
    access: 'public',
    responses: { '204': { description: 'The session is ended and the cookie cleared.' } },
    fuzz: 'reads',
    // Open to anyone: the cookie it ends is its own credential (signing out sends it).
    handle: async ({ req, res }, { sessions }) => {
      res.setHeader('Cache-Control', 'no-store');
      await sessions.end(readCookie(req, QUEUE_SESSION_COOKIE));
      for (const options of sessions.cookieOptions()) {
        res.clearCookie(QUEUE_SESSION_COOKIE, options);
      }
      res.status(204).end();
    },
  }),
]);

export function queueSessionRoutes(deps: QueueSessionContext): Router {
  return mountEndpoints(express.Router(), queueSessionEndpoints, deps, { guards: deps.guards });
}
