import express, { type Router } from 'express';
import type { Readiness } from './readiness';

export function healthRoutes(readiness: Readiness): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'alive' });
  });
  router.get('/readyz', async (_req, res) => {
    const report = await readiness.report();
    res.setHeader('Cache-Control', 'no-store');
    res.status(report.status === 'unavailable' ? 503 : 200).json(report);
  });
  return router;
}
