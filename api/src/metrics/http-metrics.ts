import type { Request, RequestHandler, Response } from 'express';
import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * Liveness and readiness probes and the scrapes themselves are not counted: they come on a timer
 * from the orchestrator and from Prometheus, so they would add a steady rate that says nothing
 * about visitors and drag the latency quantiles toward their trivial cost. Their health is seen
 * from the prober's side (probe failures, `up`).
 */
const NOT_COUNTED = new Set(['/healthz', '/readyz', '/metrics']);

function routePath(route: unknown): string | undefined {
  if (typeof route !== 'object' || route === null) return undefined;
  const { path } = route as { path?: unknown };
  if (typeof path === 'string') return path;
  // A pattern written in code (the site's app-shell route): bounded like any other.
  if (path instanceof RegExp) return String(path);
  return undefined;
}

/**
 * Records the pattern of the route that takes the request at the moment Express matches it,
 * when req.baseUrl is still the mount path of its router. By the time the response finishes, an
 * error passed on to the app's error handler has restored req.baseUrl to '', and a refused
 * POST /api/contact would be labelled /contact. Routers are mounted at fixed paths (no
 * parameters), so the mount path is part of the pattern and never carries an id.
 */
function watchMatchedRoute(req: Request): () => string | undefined {
  let pattern: string | undefined;
  let route: unknown;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set: (value: unknown) => {
      route = value;
      const path = routePath(value);
      if (path !== undefined) pattern = req.baseUrl + path;
    },
  });
  return () => pattern;
}

/**
 * Without a matched route only the static file middleware answers a GET successfully; anything
 * else (an unknown path, a refusal by a middleware) shares one label, so that scanners trying
 * random URLs cannot create a series per URL.
 */
function unmatchedLabel(req: Request, res: Response): string {
  const read = req.method === 'GET' || req.method === 'HEAD';
  return read && res.statusCode < 400 ? 'static' : 'unmatched';
}

/** Counts and times every answered request by method, route pattern and status. */
export function countRequests(register: Registry): RequestHandler {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers: [register],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to finishing its response, in seconds.',
    labelNames,
    registers: [register],
  });
  return (req, res, next) => {
    const started = performance.now();
    const matchedRoute = watchMatchedRoute(req);
    // 'finish' only: a request the client gave up on has no status worth counting.
    res.once('finish', () => {
      const route = matchedRoute() ?? unmatchedLabel(req, res);
      if (NOT_COUNTED.has(route)) return;
      const labels = { method: req.method, route, status: String(res.statusCode) };
      requests.inc(labels);
      duration.observe(labels, (performance.now() - started) / 1000);
    });
    next();
  };
}
