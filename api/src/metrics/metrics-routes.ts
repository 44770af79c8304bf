import express, { type Router } from 'express';
import { DomainError } from '../domain/domain-error';
import { countRequests } from './http-metrics';
import { createMetricsRegistry } from './metrics-registry';
import { checkMetricsToken } from './metrics-token';

/**
 * The API's request metrics and GET /metrics, for a scraper holding `Authorization: Bearer
 * <METRICS_TOKEN>`. Mounted early, so every request after it is counted. Without a token metrics
 * are off: nothing is counted and /metrics is a 404 like any unknown path.
 */
export function metricsRoutes(token: string | undefined): Router {
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
