import type { Request, RequestHandler, Response } from 'express';
import passport from 'passport';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import type OAuth2Strategy from 'passport-oauth2';
import type { ApiConfig } from '../../config/api-config';
import { GOOGLE_EMAIL_UNVERIFIED } from '../../domain/auth/auth-messages';
import type { GoogleRefusalCode, Refusal } from './google-sign-in-service';
import { SignedCookieStateStore } from './oauth-state-store';

/** What passport hands to the callback route on success. */
export class GoogleSignIn {
  constructor(readonly userId: string) {}
}

/** Called once Google has answered with a profile: the account it signs into, or a refusal. */
export type GoogleVerify = (profile: Profile) => Promise<GoogleSignIn | Refusal>;

/**
 * The outcome of the callback: the signed-in user, or why not (`failed`, for the log only; `code`
 * for the person, when they can act on it). An `error` is something that broke (Google
 * unreachable, a refused code exchange, the database).
 */
export type CallbackOutcome =
  { signedIn: GoogleSignIn } | { failed: string; code?: GoogleRefusalCode; error?: unknown };

export interface GoogleOAuth {
  /** GET /api/auth/google: redirects to Google with state and a PKCE challenge. */
  start: RequestHandler;
  /**
   * Runs a callback that carries `code` or `error` through the strategy and reports the outcome;
   * the caller answers. (Without either, passport would start a new sign-in instead.)
   */
  finish(req: Request, res: Response): Promise<CallbackOutcome>;
}

const SCOPES = ['profile', 'email'];

/**
 * Google sign-in's one module: passport-google-oauth20 configured from the environment. The
 * GOOGLE_*_URL variables point it at another OAuth server (tests use a local one); unset, it
 * talks to Google. Null when the client id or secret is missing or empty.
 *
 * A private passport Authenticator, not the global one: each app built from a config gets its
 * own strategy, and there are no sessions.
 */
export function createGoogleOAuth(config: ApiConfig, verify: GoogleVerify): GoogleOAuth | null {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null;
  const siteUrl = config.SITE_URL.replace(/\/+$/, '');
  const stateStore = new SignedCookieStateStore(
    config.JWT_SECRET,
    new URL(siteUrl).protocol === 'https:',
  );
  const strategy = new GoogleStrategy(
    {
      clientID: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      callbackURL: `${siteUrl}/api/auth/google/callback`,
      authorizationURL: config.GOOGLE_AUTHORIZATION_URL,
      tokenURL: config.GOOGLE_TOKEN_URL,
      userProfileURL: config.GOOGLE_USERINFO_URL,
      scope: SCOPES,
      state: true,
      pkce: true,
      // @types/passport-oauth2 describes only the session-less store forms, not the PKCE one
      // (store with the verifier) that passport-oauth2 1.8 calls on this store.
      store: stateStore as unknown as OAuth2Strategy.StateStore,
    },
    (_accessToken: string, _refreshToken: string, profile: Profile, done) => {
      verify(profile).then(
        (outcome) =>
          outcome instanceof GoogleSignIn
            ? done(null, outcome)
            : done(null, false, { message: outcome.refused, code: outcome.code }),
        (error: unknown) => done(error),
      );
    },
  );
  const authenticator = new passport.Authenticator();
  authenticator.use('google', strategy);

  return {
    start: authenticator.authenticate('google', {
      session: false,
      scope: SCOPES,
    }) as RequestHandler,
    finish: (req, res) =>
      new Promise<CallbackOutcome>((resolve) => {
        const handler = authenticator.authenticate(
          'google',
          { session: false },
          (error: unknown, user: unknown, info: unknown) => {
            if (error) resolve({ failed: describe(error), error });
            else if (user instanceof GoogleSignIn) resolve({ signedIn: user });
            else resolve({ failed: describe(info), ...refusalCodeOf(info) });
          },
        ) as RequestHandler;
        void handler(req, res, (error: unknown) => {
          resolve({ failed: describe(error), error });
        });
      }),
  };
}

/** The code our verify callback gave a refusal, if any (passport hands `info` on untyped). */
function refusalCodeOf(info: unknown): { code?: GoogleRefusalCode } {
  if (typeof info !== 'object' || info === null) return {};
  const { code } = info as { code?: unknown };
  return code === GOOGLE_EMAIL_UNVERIFIED ? { code } : {};
}

/** A short, token-free account of a failure for the log. */
function describe(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  if (typeof reason === 'object' && reason !== null) {
    const { message } = reason as { message?: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return 'Google sign-in did not complete.';
}
