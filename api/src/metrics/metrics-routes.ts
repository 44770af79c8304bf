import express, { type Router } from 'express';
import { Gauge, type Registry } from 'prom-client';
import type { Readiness } from '../health/readiness';
import { DomainError } from '../domain/domain-error';
import { countRequests } from './http-metrics';
import { createMetricsRegistry } from './metrics-registry';
import { checkMetricsToken } from './metrics-token';

/**
 * The API's request metrics and GET /metrics, for a scraper holding `Authorization: Bearer
 * <METRICS_TOKEN>`. Mounted early, so every request after it is counted. Without a token metrics
 * are off: nothing is counted and /metrics is a 404 like any unknown path.
 */
export function metricsRoutes(token: string | undefined, readiness: Readiness): Router {
  const router = express.Router();
  if (!token) {
    // Answered here rather than left to fall through to the site, which would serve its page shell.
    router.get('/metrics', (req) => {
      throw new DomainError('notFound', `Nothing at ${req.path}`);
    });
    return router;
  }
  const register = createMetricsRegistry();
  router.use(countRequests(register));
  countDependenciesUp(register, readiness);
  router.get('/metrics', async (req, res) => {
    const check = checkMetricsToken(req.headers.authorization, token);
    if (check === 'missing') {
      res.setHeader('WWW-Authenticate', 'Bearer');
      throw new DomainError('unauthenticated', 'A metrics token is required.');
    }
    if (check === 'wrong') throw new DomainError('forbidden', 'That metrics token is not valid.');
    res.setHeader('Cache-Control', 'no-store');
    res.type(register.contentType).send(await register.metrics());
  });
  return router;
}

/**
 * Every dependency's state at each scrape, gating or not: /readyz lets a pod stay in rotation
 * while S3 or SMTP is away, so the alert for them has to come from here.
 */
function countDependenciesUp(register: Registry, readiness: Readiness): void {
  new Gauge({
    name: 'dependency_up',
    help: 'Whether the dependency answered its readiness check (1) or not (0).',
    labelNames: ['dependency'],
    registers: [register],
    async collect() {
      const report = await readiness.report();
      for (const [dependency, state] of Object.entries(report.dependencies)) {
        this.set({ dependency }, state.status === 'up' ? 1 : 0);
      }
    },
  });
}
