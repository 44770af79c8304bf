import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import type { ApiConfig } from '../../config/api-config';
import { AuthMessages } from '../../domain/auth/auth-messages';
import { DomainError } from '../../domain/domain-error';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../../http/endpoint';
import { jsonResponse, redirectResponse } from '../../http/openapi/shared-responses';
import { jsonBody } from '../../http/request-schemas';
import type { JobProducer } from '../../jobs/job-producer';
import type { Logger } from '../../platform/logger';
import type { Redis } from '../../platform/redis';
import { sessionSchema } from '../account-answers';
import type { AccountService } from '../account-service';
import { GoogleCookies, googleCookieOptions, readCookie } from './google-cookies';
import { createGoogleOAuth, GoogleSignIn, type GoogleOAuth } from './google-oauth';
import { GoogleSignInService, googleIdentity } from './google-sign-in-service';
import { SIGN_IN_CODE_PATTERN, SignInCodes, type IssuedCode } from './sign-in-codes';

export interface GoogleRouteDependencies {
  config: ApiConfig;
  logger: Logger;
  redis: Redis;
  jobs: JobProducer;
  accounts: AccountService;
  /** A limiter per form; each counts on its own. */
  limit: (name: string) => RequestHandler;
  guards: Guards;
}

/** Long enough to follow a redirect and post once; short enough to be useless in a log later. */
const CODE_TTL_SECONDS = 60;

/** Any problem with the body reads like an unknown code: the site shows one message. */
const googleExchangeSchema = z.object({
  code: z
    .string({ error: AuthMessages.googleLoginFailed })
    .regex(SIGN_IN_CODE_PATTERN, AuthMessages.googleLoginFailed),
});

/** What the sign-in routes share, built once. */
interface GoogleContext extends GoogleRouteDependencies {
  service: GoogleSignInService;
  /** Null when the deployment has no Google client. */
  google: GoogleOAuth | null;
  signInPage: (params: Record<string, string>) => string;
  secureCookies: boolean;
}

/**
 * Google sign-in: GET /auth/google sends the browser to Google; Google sends it back to
 * /auth/google/callback, which signs into or creates the account and redirects to the site's
 * sign-in page with a one-time code (never the login token); the page posts the code to
 * /auth/google/exchange and gets `{token, user, message}` like any login.
 */
export const googleSignInEndpoints = endpointGroup<GoogleContext>('auth', [
  endpoint({
    method: 'get',
    path: '/api/auth/google',
    operationId: 'startGoogleSignIn',
    summary: 'Start signing in with Google (a browser navigation)',
    access: 'public',
    responses: { '302': redirectResponse("To Google's consent page.") },
    errors: ['ServiceUnavailable'],
    fuzz: 'reads',
    // Passport's authenticate is Express middleware: it redirects, or hands on an error.
    receive: ({ google }) => [
      (req, res, next) => {
        if (!google) throw new DomainError('unavailable', AuthMessages.googleNotConfigured);
        google.start(req, res, next);
      },
    ],
    handle: () => {
      // Passport answers the start with its redirect, or hands on an error: never this.
      throw new Error('Google sign-in went on without redirecting.');
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/auth/google/callback',
    operationId: 'finishGoogleSignIn',
    summary: 'Where Google sends the browser back',
    description:
      "Signs into (or creates) the account, then redirects to the site's sign-in page with a " +
      'one-time code in `?google=`, or with `?google_error=1` (`?google_error=email-unverified` ' +
      'when a password account has that email but nobody has confirmed it: nothing is linked). ' +
      'Never answers with an error body.',
    access: 'public',
    request: {
      rawQuery: [
        {
          name: 'code',
          in: 'query',
          description: "Google's authorization code.",
          schema: { type: 'string' },
        },
        {
          name: 'state',
          in: 'query',
          description: 'The state sent to Google.',
          schema: { type: 'string' },
        },
        {
          name: 'error',
          in: 'query',
          description: 'Set by Google when the person declined.',
          schema: { type: 'string' },
        },
      ],
    },
    responses: { '302': redirectResponse("To the site's sign-in page.") },
    fuzz: 'credential',
    handle: async ({ req, res }, { google, service, signInPage, secureCookies }) => {
      // `code` tells the page which refusal to explain; anything else reads 'Google Sign-In Failed'.
      const failed = (reason: string, error?: unknown, code?: string) => {
        if (error !== undefined && !isProviderError(error)) {
          req.log.error({ err: error }, 'google sign-in failed');
        } else {
          req.log.warn({ reason }, 'google sign-in failed');
        }
        res.redirect(signInPage({ google_error: code ?? '1' }));
      };
      const { code, error } = req.query;
      if (!google) return failed(AuthMessages.googleNotConfigured);
      if (typeof code !== 'string' && typeof error !== 'string') {
        return failed('The callback carries neither a code nor an error.');
      }
      const outcome = await google.finish(req, res);
      if ('failed' in outcome) {
        // A person who declines at Google comes back with `error=access_denied` and no code.
        const reason = typeof error === 'string' ? `Google answered ${error.slice(0, 64)}` : '';
        return failed(reason || outcome.failed, outcome.error, outcome.code);
      }

      let issued: IssuedCode;
      try {
        issued = await service.issueCode(outcome.signedIn.userId);
      } catch (issueError) {
        // The person is mid-navigation: send them to the page, not to a JSON error.
        return failed('Could not store the one-time code.', issueError);
      }
      res.cookie(
        GoogleCookies.signIn,
        issued.binding,
        googleCookieOptions(secureCookies, CODE_TTL_SECONDS * 1000),
      );
      res.redirect(signInPage({ google: issued.code }));
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/auth/google/exchange',
    operationId: 'exchangeGoogleCode',
    summary: 'Trade the one-time Google code for a login token',
    description:
      'Only from the browser that went through Google: the code is bound to a cookie set by the callback.',
    access: 'public',
    request: { body: jsonBody(googleExchangeSchema) },
    responses: { '200': jsonResponse('Signed in.', sessionSchema) },
    errors: ['BadRequest', 'TooManyRequests'],
    fuzz: 'credential',
    before: ({ limit }) => [limit('google-exchange')],
    handle: async ({ body, req, res }, { accounts, service, secureCookies }) => {
      const { code } = body;
      const binding = readCookie(req, GoogleCookies.signIn);
      res.clearCookie(GoogleCookies.signIn, googleCookieOptions(secureCookies));
      const user = await service.redeemCode(code, binding);
      if (!user) throw new DomainError('invalid', AuthMessages.googleLoginFailed);
      res.json({
        ...accounts.sessionFor(user, 'google'),
        message: AuthMessages.googleLoginSuccess,
      });
    },
  }),
]);

export function googleSignInRoutes(deps: GoogleRouteDependencies): Router {
  const { config } = deps;
  const siteUrl = config.SITE_URL.replace(/\/+$/, '');
  const signInPage = (params: Record<string, string>) =>
    `${siteUrl}/signup/register?${new URLSearchParams(params).toString()}`;

  const service = new GoogleSignInService(
    new SignInCodes(deps.redis, `${config.QUEUE_PREFIX}:google-sign-in:`, CODE_TTL_SECONDS),
    deps.jobs,
    deps.logger,
  );
  const google = createGoogleOAuth(config, async (profile) => {
    const identity = googleIdentity(profile);
    if ('refused' in identity) return identity;
    const user = await service.findOrCreate(identity);
    return 'refused' in user ? user : new GoogleSignIn(user.id as string);
  });

  const router = express.Router();
  router.use('/auth/google', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  return mountEndpoints(
    router,
    googleSignInEndpoints,
    {
      ...deps,
      service,
      google,
      signInPage,
      secureCookies: new URL(siteUrl).protocol === 'https:',
    },
    { guards: deps.guards },
  );
}

/** Errors from the OAuth exchange itself (Google refused or was unreachable): no stack needed. */
function isProviderError(error: unknown): boolean {
  return (
    error instanceof Error &&
    [
      'AuthorizationError',
      'TokenError',
      'InternalOAuthError',
      'UserInfoError',
      'GooglePlusAPIError',
    ].includes(error.name)
  );
}
