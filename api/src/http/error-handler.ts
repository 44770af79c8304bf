import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isMongoUnavailable } from '../platform/mongo';
import { isRedisUnavailable } from '../platform/redis';
import { RETRY_AFTER_SECONDS } from '../platform/retry-after';
import {
  DEFAULT_CODE_OF_KIND,
  DomainError,
  type DomainErrorKind,
  type ErrorCode,
} from '../domain/domain-error';

interface BodyParserError {
  type: string;
  status: number;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { type?: unknown }).type === 'string' &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}

interface ClientHttpError {
  status: number;
  message: string;
  expose?: boolean;
}

function isClientHttpError(error: unknown): error is ClientHttpError {
  if (typeof error !== 'object' || error === null) return false;
  const { status } = error as { status?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500;
}

const BODY_PARSER_MESSAGES: Record<string, [number, string, ErrorCode]> = {
  'entity.too.large': [413, 'Request body is too large.', 'too_large'],
  'entity.parse.failed': [400, 'Request body is not valid JSON.', 'validation.malformed'],
  'encoding.unsupported': [415, 'Unsupported content encoding.', 'unsupported_media'],
  'charset.unsupported': [415, 'Unsupported charset.', 'unsupported_media'],
};

/** The one place a domain error's kind becomes an HTTP status. */
export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  paymentDeclined: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  gone: 410,
  tooLarge: 413,
  unsupportedMedia: 415,
  tooMany: 429,
  unavailable: 503,
};

/** The code of a status no domain error gave: its kind's, or the catch-all of its class. */
function codeOfStatus(status: number): ErrorCode {
  const kind = (Object.keys(STATUS_OF_KIND) as DomainErrorKind[]).find(
    (candidate) => STATUS_OF_KIND[candidate] === status,
  );
  if (kind) return DEFAULT_CODE_OF_KIND[kind];
  return status >= 500 ? 'internal' : 'refused';
}

/** Said for a dependency that is down: a person can act on it, and it names nothing inside. */
const UNAVAILABLE = 'The service is unavailable right now. Please try again in a moment.';

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(
    new DomainError(
      'notFound',
      `No API route for ${req.method} ${req.originalUrl.split('?')[0] ?? ''}`,
    ),
  );
};

/**
 * Known errors keep their status and message; anything else becomes a 500 that tells the client
 * only the request id, while the log keeps the stack for us.
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  const requestId = req.id;
  let status = 500;
  let message = 'Something went wrong on our side. Please try again.';
  let code: ErrorCode = 'internal';
  let details: Record<string, unknown> | undefined;
  if (error instanceof DomainError) {
    status = STATUS_OF_KIND[error.kind];
    message = error.message;
    code = error.code;
    details = error.details;
    if (error.retryAfterSeconds !== undefined) {
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
    }
  } else if (isBodyParserError(error)) {
    [status, message, code] = BODY_PARSER_MESSAGES[error.type] ?? [
      400,
      'Malformed request.',
      'validation.malformed',
    ];
  } else if (isClientHttpError(error)) {
    // http-errors from Express's own middleware (a missing static file, say). Only an error
    // marked `expose` has a message meant for the client; others get the status text.
    status = error.status;
    message = error.expose ? error.message : (STATUS_CODES[status] ?? 'Request refused.');
    code = codeOfStatus(status);
  } else if (isMongoUnavailable(error) || isRedisUnavailable(error)) {
    // An election or a failover under way, or a server away: the drivers reconnect on their own.
    status = 503;
    message = UNAVAILABLE;
    code = 'unavailable';
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  }
  if (status >= 500) req.log.error({ err: error }, 'request failed');
  else req.log.info({ status, reason: message }, 'request refused');
  // docs/product.md's forms read `error` (subscribe, contact) or `message` (auth): every error
  // carries both. `code` is for programs: the words may be reworded, the code stays.
  res.status(status).json({ error: message, code, message, ...details, requestId });
};
