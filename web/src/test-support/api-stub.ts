import { type Mock, vi } from 'vitest';

/**
 * The web tests' one stand-in for the API: a route table of `METHOD /path` to answers, installed
 * as the global fetch, recording every call. The site reaches the API only through fetch (uploads
 * aside: XMLHttpRequest), so this is the whole server as far as a screen can tell.
 */

/** A JSON answer as the API sends it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** One request the page made, read back in the terms a test asserts on. */
export interface ApiCall {
  readonly method: string;
  /** The path without its query string, e.g. `/api/catalogue`. */
  readonly path: string;
  /** The address as the page wrote it, query string included. */
  readonly url: string;
  readonly query: URLSearchParams;
  /** The JSON body parsed, or null without one. */
  readonly body: unknown;
  readonly headers: Headers;
  /** The Authorization header: the Bearer token the call was made with, or null. */
  readonly authorization: string | null;
  readonly init: RequestInit | undefined;
}

/**
 * What a route answers: `{ json }` (sent with status 200), `{ status, body }`, a Response (its
 * body can be read once: a route asked more than once gives a function), `{ networkError: true }`
 * (the server could not be reached), or a function of the call giving any of these, for answers
 * that depend on the request or change as the test goes on.
 */
export type ApiAnswer =
  | Response
  | { readonly status: number; readonly body?: unknown }
  | { readonly networkError: true }
  | { readonly json: unknown };
export type ApiRoute = ApiAnswer | ((call: ApiCall) => ApiAnswer | Promise<ApiAnswer>);

export interface ApiStub {
  /** The stub as installed: its `mock` lists every call, as for any vi.fn. */
  readonly fetch: Mock<typeof fetch>;
  /** Answers `route` ('GET /api/catalogue') from now on, replacing its earlier answer. */
  on(route: string, answer: ApiRoute): ApiStub;
  /** Every call so far, in order; the list goes on filling as the page makes more. */
  calls(): readonly ApiCall[];
  /** The calls to one route ('POST /api/bookings'), or to every method of a path ('/api/x'). */
  callsTo(route: string): ApiCall[];
  /** Makes it the global fetch (until `vi.unstubAllGlobals()`). */
  install(): ApiStub;
  /** Back to the routes it was made with, no calls, and no answer a test set on `fetch`. */
  reset(): void;
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

function parsedBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

function callOf(input: RequestInfo | URL, init: RequestInit | undefined): ApiCall {
  const url = urlOf(input);
  const address = new URL(url, 'http://site.test');
  const headers = new Headers(init?.headers);
  return {
    method: (init?.method ?? 'GET').toUpperCase(),
    path: address.pathname,
    url,
    query: address.searchParams,
    body: parsedBody(init?.body),
    headers,
    authorization: headers.get('Authorization'),
    init,
  };
}

function responseOf(answer: ApiAnswer): Response {
  if (answer instanceof Response) return answer;
  if ('networkError' in answer) throw new TypeError('Failed to fetch');
  if ('json' in answer) return jsonResponse(200, answer.json);
  return jsonResponse(answer.status, answer.body ?? {});
}

function routeOf(route: string): { method: string | null; path: string } {
  const [first, second] = route.trim().split(/\s+/);
  return second === undefined
    ? { method: null, path: first ?? '' }
    : { method: first?.toUpperCase() ?? null, path: second };
}

/** `METHOD /path`, `/path` (any method), or `*` for any path ('POST *': every POST). */
const matches = (route: string, call: ApiCall) => {
  const { method, path } = routeOf(route);
  return (method === null || method === call.method) && (path === '*' || path === call.path);
};

/**
 * A stub answering from `routes`, not installed yet: for a test file that makes one for all its
 * tests, installs it before each and resets it after. A request no route answers gets a 501
 * naming itself, so a test fails on what it forgot to stub.
 */
export function createApiStub(routes: Readonly<Record<string, ApiRoute>> = {}): ApiStub {
  const table = new Map<string, ApiRoute>(Object.entries(routes));
  const recorded: ApiCall[] = [];
  const answer = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const call = callOf(input, init);
    recorded.push(call);
    if (init?.signal?.aborted) throw new DOMException('The request was aborted.', 'AbortError');
    // The most recently added matching route wins, so a test can override a default answer.
    const route = [...table.keys()].reverse().find((key) => matches(key, call));
    const found = route === undefined ? undefined : table.get(route);
    if (found === undefined) {
      return jsonResponse(501, { message: `No stub for ${call.method} ${call.url}` });
    }
    return responseOf(typeof found === 'function' ? await found(call) : found);
  };
  const fetchStub = vi.fn<typeof fetch>(answer);
  const stub: ApiStub = {
    fetch: fetchStub,
    on(route, routeAnswer) {
      table.delete(route);
      table.set(route, routeAnswer);
      return stub;
    },
    calls: () => recorded,
    callsTo: (route) => recorded.filter((call) => matches(route, call)),
    install() {
      vi.stubGlobal('fetch', fetchStub);
      return stub;
    },
    reset() {
      table.clear();
      for (const [route, routeAnswer] of Object.entries(routes)) table.set(route, routeAnswer);
      recorded.length = 0;
      fetchStub.mockReset();
      fetchStub.mockImplementation(answer);
    },
  };
  return stub;
}

/** A stub answering from `routes`, installed as the global fetch at once. */
export function stubApi(routes: Readonly<Record<string, ApiRoute>> = {}): ApiStub {
  return createApiStub(routes).install();
}
