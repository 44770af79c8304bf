import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../platform/logger';

/**
 * The query string may carry tokens (manage links, OAuth codes) and a reset link carries one in
 * its path: log the path only, with the reset token cut out.
 */
function loggablePath(url: string): string {
  return (url.split('?')[0] ?? '').replace(/(\/reset-password\/)[^/]+/i, '$1[redacted]');
}

const INCOMING_ID = /^[A-Za-z0-9._-]{8,80}$/;

/**
 * One JSON line per request carrying its id. An id set by a trusted proxy is kept so a request
 * can be followed across services; anything else gets a fresh one.
 */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const incoming = req.headers['x-request-id'];
      const id =
        typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    autoLogging: { ignore: (req) => req.url === '/healthz' },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: loggablePath(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
