import express, { type Request, type RequestHandler, type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** A client-side route: a GET for a page (not a file with an extension) from something that reads HTML. */
function wantsAppShell(req: Request): boolean {
  const lastSegment = req.path.split('/').pop() ?? '';
  return !lastSegment.includes('.') && Boolean(req.accepts('html'));
}

/** What the site sets; both middlewares take these as they are. */
type StaticOptions = Pick<
  NonNullable<Parameters<typeof express.static>[1]>,
  'immutable' | 'maxAge' | 'index' | 'fallthrough'
>;

/**
 * The files under `root`, each as the .br or .gz copy the build wrote beside it
 * (web/build/precompress.ts) to a browser that accepts one: Brotli first, as it is smaller,
 * whatever order the browser lists them in. The copies are listed once at start-up.
 */
function filesWithCopies(root: string, options: StaticOptions): RequestHandler {
  const compressed: RequestHandler = expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ['br'],
    index: false,
    serveStatic: options,
  });
  const plain = express.static(root, options);
  return (req, res, next) => {
    // It sets Content-Encoding before serve-static looks at the method: a POST that went on to
    // another handler would carry "br" onto a plain answer.
    if (req.method === 'GET' || req.method === 'HEAD') compressed(req, res, next);
    else plain(req, res, next);
  };
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
  router.use(
    '/assets',
    filesWithCopies(path.join(distDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(filesWithCopies(distDir, { index: false, maxAge: '1h' }));
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
