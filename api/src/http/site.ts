import express, { type Request, type Router } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { precompressedFiles } from './precompressed-files';

/** A client-side route: a GET for a page (not a file with an extension) from something that reads HTML. */
function wantsAppShell(req: Request): boolean {
  const lastSegment = req.path.split('/').pop() ?? '';
  return !lastSegment.includes('.') && Boolean(req.accepts('html'));
}

/**
 * Serves the built site on the same origin as the API. Hashed assets are cached for a year;
 * index.html never is, so a deploy is seen at once. Any page route gets the app shell and the
 * client-side router decides what to show; a missing file is a 404, never the shell.
 */
export function siteRouter(distDir: string): Router {
  const router = express.Router();
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    router.get(/.*/, (req, res, next) => {
      if (!wantsAppShell(req)) {
        next();
        return;
      }
      res
        .status(503)
        .type('text/plain')
        .send('The site has not been built yet. Run `npm run build`.');
    });
    return router;
  }
  router.use(precompressedFiles(distDir));
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get(/.*/, (req, res, next) => {
    if (!wantsAppShell(req)) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
