import type { ErrorRequestHandler, Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import type { HttpMethod, ParameterObject, RequestBodyObject } from './openapi/openapi-types';
import {
  errorBodySchema,
  SHARED_RESPONSE_STATUS,
  type DeclaredResponse,
  type SharedResponse,
} from './openapi/shared-responses';
import { parseBody } from './parse-body';

/**
 * Who may call an operation. `optionalUser`: open to visitors, and a signed-in caller's token is
 * used when sent (a booking belongs to the account it was made from). `signedLink`: the token of
 * a link the API emailed stands in for a login. `bookingOwner`: the booking's own token (from the
 * booking answer or the manage link), or the login of the account that made it.
 */
export type Access = 'public' | 'optionalUser' | 'user' | 'admin' | 'signedLink' | 'bookingOwner';

/**
 * The middleware that lets in the callers of each access level, run by mountEndpoints before an
 * operation's handler so that no operation can declare an access it does not enforce. Built by
 * the composition root (server/guards.ts) from the features that own them: this layer imports no
 * feature.
 */
export type Guards = Readonly<Record<Access, readonly RequestHandler[]>>;

/** The reference's sections, in the order it shows them (openapi-document.ts describes each). */
export const API_TAGS = [
  'auth',
  'profile',
  'bookings',
  'payments',
  'contact',
  'newsletter',
  'reviews',
  'quotes',
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

type Schema = z.ZodType;

/** What a request part parses to: the schema's output, or nothing for an undeclared part. */
export type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Path parameters: each `{name}` of the path, a string, described (request-schemas.ts). */
export type PathParams = z.ZodType<Record<string, string>>;

/** The query: the schema it is parsed with, and what each parameter means for the reference. */
export interface QuerySpec<S extends Schema> {
  schema: S;
  descriptions: Record<string, string>;
}

/** A request body: the schema it is parsed with (none for one the handler reads itself). */
export interface BodySpec<S extends Schema | undefined> {
  schema: S;
  openapi: RequestBodyObject;
  /** A request without a body is parsed as `{}`, so its fields' own messages answer. */
  missingIsEmpty: boolean;
}

export interface EndpointRequest<P, Q extends Schema, B extends Schema | undefined> {
  params?: P;
  query?: QuerySpec<Q>;
  /**
   * Query parameters the handler reads as they were sent (a signed address's expiry and
   * signature, OAuth's callback): documented only, since a malformed one is the handler's own
   * refusal (a 403 for a bad link), not a 400.
   */
  rawQuery?: ParameterObject[];
  headers?: ParameterObject[];
  body?: BodySpec<B>;
}

/** What a handler is handed: the request's parts, parsed and typed by the declared schemas. */
export interface EndpointInput<P, Q, B> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  req: Request;
  res: Response;
}

/** How the reference describes an operation, and how the fuzzer attacks it. */
interface EndpointDescription {
  method: HttpMethod;
  /** OpenAPI form, with the /api prefix: /api/bookings/{id}. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  access: Access;
  /** Successful answers, and refusals particular to this route. */
  responses: Record<string, DeclaredResponse>;
  /** Refusals shared with other routes (400, 404, 429, ...). 401 and 403 follow from `access`. */
  errors?: SharedResponse[];
  fuzz: FuzzClass;
}

/**
 * One operation as a feature declares it, beside its handler. Express runs, in this order:
 * `before` (no-store, rate limits: a flood is counted whoever sends it), the guard of `access`,
 * `receive` (what reads a body JSON cannot carry: a multipart form, a form post, raw bytes),
 * then the parsing of the declared params, query and body (a 400 as parseBody words it), and
 * `handle` with the parsed values. `Ctx` is what the feature's router builds once (its
 * dependencies, shared middleware, services) and hands every handler.
 */
export interface EndpointSpec<
  Ctx,
  P extends PathParams | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
> extends EndpointDescription {
  request?: EndpointRequest<P, NonNullable<Q>, B>;
  before?: (ctx: Ctx) => RequestHandler[];
  receive?: (ctx: Ctx) => RequestHandler[];
  /**
   * The body's schema as this router parses it, when it depends on the router's configuration
   * (the service areas of the booking form); the declared one describes it.
   */
  parseBodyWith?: (ctx: Ctx) => NonNullable<B>;
  handle: (input: EndpointInput<P, Q, B>, ctx: Ctx) => void | Promise<void>;
  /**
   * Undoes what `receive` kept when the request then fails, its parsing included (a photo
   * stored while the form streamed in). Awaited before the error is answered.
   */
  onFailure?: (req: Request, ctx: Ctx) => Promise<void>;
}

/** An operation, ready to be described and mounted: what endpointGroup holds. */
export interface Endpoint<Ctx> extends EndpointDescription {
  request: EndpointRequest<PathParams | undefined, Schema, Schema | undefined>;
  /** Every handler of the operation, in the order Express runs them. */
  handlers: (ctx: Ctx, guards: Guards) => (RequestHandler | ErrorRequestHandler)[];
}

/**
 * The answers an operation declares, by status: the zod schema of a JSON answer, or null for one
 * without a JSON body (204, a redirect, an image). Tests check every answer against it
 * (response-validation.ts); handlers note which operation answers (`declaredAnswersOf`).
 */
export interface DeclaredAnswers {
  operationId: string;
  byStatus: Record<string, z.ZodType | null>;
}

const answering = new WeakMap<Response, DeclaredAnswers>();

/** The answers declared by the operation handling this response, if an operation is. */
export function declaredAnswersOf(res: Response): DeclaredAnswers | undefined {
  return answering.get(res);
}

/**
 * Every answer of an operation: its own, the shared refusals it lists, and the 401 and 403 its
 * access implies. A route's own description of a status (a 403 for a bad link) wins.
 */
export function operationResponses(
  operation: EndpointDescription,
): Record<string, DeclaredResponse | SharedResponse> {
  const shared: SharedResponse[] = [...(operation.errors ?? [])];
  if (operation.access === 'user' || operation.access === 'admin') shared.push('Unauthorized');
  if (operation.access === 'admin') shared.push('Forbidden');
  const responses: Record<string, DeclaredResponse | SharedResponse> = { ...operation.responses };
  for (const name of shared) responses[SHARED_RESPONSE_STATUS[name]] ??= name;
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

function declaredAnswers(operation: EndpointDescription): DeclaredAnswers {
  const byStatus: Record<string, z.ZodType | null> = {};
  for (const [status, response] of Object.entries(operationResponses(operation))) {
    byStatus[status] = typeof response === 'string' ? errorBodySchema : (response.json ?? null);
  }
  return { operationId: operation.operationId, byStatus };
}

/**
 * Declares one operation. Its handler is typed by its schemas: `body`, `params` and `query` are
 * what they parse to, and an undeclared part is `undefined`.
 */
export function endpoint<
  Ctx,
  P extends PathParams | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(spec: EndpointSpec<Ctx, P, Q, B>): Endpoint<Ctx> {
  const { before, receive, parseBodyWith, handle, onFailure, request = {}, ...description } = spec;
  const answers = declaredAnswers(description);
  return {
    ...description,
    request,
    handlers: (ctx, guards) => {
      const bodySchema = parseBodyWith?.(ctx) ?? request.body?.schema;
      const note: RequestHandler = (_req, res, next) => {
        answering.set(res, answers);
        next();
      };
      const run: RequestHandler = async (req, res) => {
        const { params, query, body } = request;
        // In this order, so the first refusal is the params', then the query's, then the body's.
        const parsedParams = params ? parseBody(params, { ...req.params }) : undefined;
        const parsedQuery = query ? parseBody(query.schema, { ...req.query }) : undefined;
        const sent: unknown = body?.missingIsEmpty ? ((req.body as unknown) ?? {}) : req.body;
        const parsedBody = body && bodySchema ? parseBody(bodySchema, sent) : undefined;
        // The casts restate what the schemas parse to: TypeScript cannot follow a conditional
        // type through the checks above.
        const input = {
          params: parsedParams as Parsed<P>,
          query: parsedQuery as Parsed<Q>,
          body: parsedBody as Parsed<B>,
          req,
          res,
        };
        await handle(input, ctx);
      };
      const undo: ErrorRequestHandler[] = onFailure
        ? [
            async (error: unknown, req, _res, next) => {
              await onFailure(req, ctx);
              next(error);
            },
          ]
        : [];
      return [
        note,
        ...(before?.(ctx) ?? []),
        ...guards[spec.access],
        ...(receive?.(ctx) ?? []),
        run,
        ...undo,
      ];
    },
  };
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

/** The operation of a group with this id: for a route also served at a legacy path. */
export function endpointOf<Ctx>(group: EndpointGroup<Ctx>, operationId: string): Endpoint<Ctx> {
  const found = group.endpoints.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`No operation ${operationId} in the ${group.tag} group.`);
  return found;
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

export interface MountOptions {
  guards: Guards;
  /** Where the app mounts the router: /api for the JSON API, '' for routers on the app itself. */
  mountedAt?: string;
}

/**
 * Registers each operation of the group on the router, in the order declared, each behind the
 * guard of its access.
 *
 * The router first leaves at once (`next('router')`) a request whose path starts where none of
 * its routes do: every API request passes every feature's router on its way, and walking each
 * one's routes cost a subscribe an eighth of its CPU.
 */
export function mountEndpoints<Ctx>(
  router: Router,
  group: EndpointGroup<Ctx>,
  ctx: Ctx,
  { guards, mountedAt = '/api' }: MountOptions,
): Router {
  const routes = group.endpoints.map((operation) => ({
    operation,
    path: expressPath(operation.path, mountedAt),
  }));
  const segments = new Set(routes.map(({ path }) => firstSegment(path)));
  router.use((req, _res, next) => {
    if (segments.has(firstSegment(req.path))) next();
    else next('router');
  });
  for (const { operation, path } of routes) {
    router.route(path)[operation.method](operation.handlers(ctx, guards));
  }
  return router;
}
