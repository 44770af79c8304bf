import type { RequestHandler, Router } from 'express';
import type {
  HttpMethod,
  ParameterObject,
  RequestBodyObject,
  ResponseObject,
} from './openapi/openapi-types';
import type { SharedResponse } from './openapi/shared-responses';

/**
 * Who may call an operation. `optionalUser`: open to visitors, and a signed-in caller's token is
 * used when sent (a booking belongs to the account it was made from). `signedLink`: the token of
 * a link the API emailed stands in for a login. `bookingOwner`: the booking's own token (from the
 * booking answer or the manage link), or the login of the account that made it.
 */
export type Access = 'public' | 'optionalUser' | 'user' | 'admin' | 'signedLink' | 'bookingOwner';

/** The reference's sections, in the order it shows them (openapi-document.ts describes each). */
export const API_TAGS = [
  'auth',
  'profile',
  'bookings',
  'payments',
  'contact',
  'newsletter',
  'reviews',
  'admin',
  'site',
] as const;
export type ApiTag = (typeof API_TAGS)[number];

/**
 * Why nothing tests/faults/hostile-input.test.ts sends to an operation can be a valid request, so
 * that any write it causes is a bug:
 * - `reads`: it writes nothing whatever it is sent (a GET; clearing one's own cookie);
 * - `credential`: it needs a secret the fuzzer never has (a signed link, a webhook signature, a
 *   one-time code, an id that exists, or a Bearer token it is never given), so any body goes;
 * - `body`: the body is always made invalid when the Bearer token would pass.
 */
export type FuzzRefusal = 'reads' | 'credential' | 'body';

export interface FuzzDetail {
  refusal: FuzzRefusal;
  /**
   * The fuzzer never sends a Bearer token that passes: the operation would end or trade the
   * token it signs in with, or let a body through that it cannot make invalid.
   */
  neverValidBearer?: true;
  /** A body the request schema cannot describe, which the fuzzer builds by hand. */
  body?: 'webhook' | 'avatar';
}

/** How the hostile-input fuzzer treats an operation: a refusal, with details when it needs any. */
export type FuzzClass = FuzzRefusal | FuzzDetail;

/**
 * One operation of the API, declared once beside its handler: how Express mounts it, how the
 * OpenAPI reference describes it, and how the fuzzer attacks it. `Ctx` is what the feature's
 * router builds once (its dependencies, shared middleware, services) and hands every handler.
 */
export interface Endpoint<Ctx> {
  method: HttpMethod;
  /** OpenAPI form, with the /api prefix: /api/bookings/{id}. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  access: Access;
  request?: {
    /** A description for each `{name}` in the path. */
    params?: Record<string, string>;
    /** Query parameters, from the route's own zod schema where it has one (queryParameters). */
    query?: ParameterObject[];
    headers?: ParameterObject[];
    body?: RequestBodyObject;
  };
  /** Successful answers, and refusals particular to this route. */
  responses: Record<string, ResponseObject>;
  /** Refusals shared with other routes (400, 404, 429, ...). 401 and 403 follow from `access`. */
  errors?: SharedResponse[];
  fuzz: FuzzClass;
  /** The middleware and handler, in the order Express runs them (rate limits before auth). */
  handlers: (ctx: Ctx) => RequestHandler[];
}

/** A feature's operations under one tag of the reference, mounted by one router. */
export interface EndpointGroup<Ctx> {
  tag: ApiTag;
  endpoints: readonly Endpoint<Ctx>[];
}

/** Declares a group, so its handlers are checked against the context its router passes. */
export function endpointGroup<Ctx>(
  tag: ApiTag,
  endpoints: readonly Endpoint<Ctx>[],
): EndpointGroup<Ctx> {
  return { tag, endpoints };
}

/**
 * The Express path of an OpenAPI path, relative to where its router is mounted:
 * /api/bookings/{id} mounted at /api is /bookings/:id.
 */
export function expressPath(path: string, mountedAt: string): string {
  if (!path.startsWith(`${mountedAt}/`)) {
    throw new Error(`${path} is not under ${mountedAt || '/'}, where its router is mounted.`);
  }
  return path.slice(mountedAt.length).replace(/\{(\w+)\}/g, ':$1');
}

/** A path's first segment, lower-cased: Express matches routes whatever their letter case. */
function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
}

/**
 * Registers each operation of the group on the router, in the order declared. `mountedAt` is
 * where the app mounts the router: /api for the JSON API, '' for routers on the app itself.
 *
 * The router first leaves at once (`next('router')`) a request whose path starts where none of
 * its routes do: every API request passes every feature's router on its way, and walking each
 * one's routes cost a subscribe an eighth of its CPU.
 */
export function mountEndpoints<Ctx>(
  router: Router,
  group: EndpointGroup<Ctx>,
  ctx: Ctx,
  mountedAt = '/api',
): Router {
  const routes = group.endpoints.map((endpoint) => ({
    endpoint,
    path: expressPath(endpoint.path, mountedAt),
  }));
  const segments = new Set(routes.map(({ path }) => firstSegment(path)));
  router.use((req, _res, next) => {
    if (segments.has(firstSegment(req.path))) next();
    else next('router');
  });
  for (const { endpoint, path } of routes) {
    router.route(path)[endpoint.method](endpoint.handlers(ctx));
  }
  return router;
}
