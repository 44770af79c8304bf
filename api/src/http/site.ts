import express, { type Router } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Serves the built site on the same origin as the API. Hashed assets are cached for a year;
 * index.html never is, so a deploy is seen at once. Any other GET that wants HTML gets the app
 * shell, and the client-side router decides what to show.
 */
export function siteRouter(distDir: string): Router {
  const router = express.Router();
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    router.get(/.*/, (_req, res) => {
      res
        .status(503)
        .type('text/plain')
        .send('The site has not been built yet. Run `npm run build`.');
    });
    return router;
  }
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false }),
  );
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get(/.*/, (req, res, next) => {
    if (!req.accepts('html')) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
