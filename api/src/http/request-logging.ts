import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../platform/logger';

declare module 'http' {
  interface IncomingMessage {
    /** The request's id, also answered as X-Request-Id. */
    id: string;
    /** Lines about this request, carrying its id, method and path (made at first use). */
    log: Logger;
  }
}

/**
 * The query string may carry tokens (manage links, OAuth codes) and a reset link carries one in
 * its path: log the path only, with the reset token cut out.
 */
function loggablePath(url: string): string {
  return (url.split('?')[0] ?? '').replace(/(\/reset-password\/)[^/]+/i, '$1[redacted]');
}

const INCOMING_ID = /^[A-Za-z0-9._-]{8,80}$/;

function levelOf(statusCode: number): 'error' | 'warn' | 'info' {
  return statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
}

/**
 * One JSON line per request carrying its id. An id set by a trusted proxy is kept so a request
 * can be followed across services; anything else gets a fresh one.
 *
 * Written by hand rather than with pino-http, which made a child logger and serialized the request
 * for every call, on the hottest path the API has (a subscribe spent 8 % of its CPU there): here
 * the child behind `req.log` is made only when a handler logs something of its own, and the
 * closing line is one call to the logger.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    req.id = id;
    const startedAt = Date.now();
    // Routers rewrite req.url as they go; the line names the path the client asked for.
    const requestFields = { id, method: req.method, path: loggablePath(req.originalUrl) };
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => (child ??= logger.child({ req: requestFields })),
    });
    if (req.url === '/healthz') {
      next();
      return;
    }
    const finished = () => {
      res.off('close', aborted);
      const fields = {
        req: requestFields,
        res: { statusCode: res.statusCode },
        responseTime: Date.now() - startedAt,
      };
      logger[levelOf(res.statusCode)](fields, 'request completed');
    };
    const aborted = () => {
      res.off('finish', finished);
      // The client went away before the answer was written: its business, not an error of ours.
      logger.warn(
        { req: requestFields, responseTime: Date.now() - startedAt },
        'request aborted by the client',
      );
    };
    res.once('finish', finished);
    res.once('close', aborted);
    next();
  };
}
