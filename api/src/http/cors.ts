import cors, { type CorsOptions } from 'cors';
import type { Request, RequestHandler } from 'express';

/** What the site's own calls use; a page elsewhere needs nothing more. */
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key';
/** Readable by the calling page: the id to quote to support, and when to try again after a 429. */
const EXPOSED_HEADERS = 'X-Request-Id, Retry-After';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS for the API, for the listed origins only (CORS_ORIGINS). With none listed nothing is
 * added, and browsers keep pages of other sites from reading any answer: the site itself is served
 * from the API's origin and needs no CORS. An unlisted origin gets no CORS header at all, its
 * preflight included, so the browser refuses the call.
 *
 * Never with credentials: the API takes a Bearer token, which a page must hold and send itself,
 * while the only cookies (Google sign-in, the queue dashboard) must never ride on another site's
 * request.
 */
export function crossOriginPolicy(origins: readonly string[]): RequestHandler {
  if (origins.length === 0) return (_req, _res, next) => next();
  const allowed = new Set(origins);
  // A list, not `true`: the middleware then echoes only a listed Origin, and adds Vary: Origin to
  // every answer, so a shared cache never hands one site's answer to another.
  const base: CorsOptions = { origin: [...allowed], credentials: false };
  // `cors` answers every OPTIONS itself unless told to go on; these three keep it from adding
  // preflight headers (or answering) where today's policy does not: an unlisted origin's
  // preflight, and an OPTIONS call that is not a preflight.
  const passOptionsOn = { methods: '', allowedHeaders: [], preflightContinue: true };
  const refused: CorsOptions = { ...base, ...passOptionsOn };
  const preflight: CorsOptions = {
    ...base,
    methods: ALLOWED_METHODS,
    allowedHeaders: ALLOWED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    optionsSuccessStatus: 204,
  };
  const call: CorsOptions = { ...base, exposedHeaders: EXPOSED_HEADERS, ...passOptionsOn };
  return cors<Request>((req, done) => {
    const listed = req.headers.origin !== undefined && allowed.has(req.headers.origin);
    const isPreflight =
      req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    done(null, !listed ? refused : isPreflight ? preflight : call);
  });
}
