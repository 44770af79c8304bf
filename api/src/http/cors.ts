import type { RequestHandler } from 'express';

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
  const allowed = new Set(origins);
  return (req, res, next) => {
    if (allowed.size === 0) {
      next();
      return;
    }
    // The answer depends on the Origin header: a shared cache must not hand one site's to another.
    res.vary('Origin');
    const origin = req.headers.origin;
    if (origin === undefined || !allowed.has(origin)) {
      next();
      return;
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
      res.status(204).end();
      return;
    }
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    next();
  };
}
