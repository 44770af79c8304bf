import express, { type Router } from 'express';
import { readinessAnswer, type Readiness } from './readiness';

export function healthRoutes(readiness: Readiness): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'alive' });
  });
  router.get('/readyz', async (_req, res) => {
    const report = await readiness.report();
    const answer = readinessAnswer(report);
    res.set(answer.headers).status(answer.status).json(report);
  });
  return router;
}
