import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

function relativeFilesUnder(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    return entry.isDirectory() ? relativeFilesUnder(root, relative) : [relative];
  });
}

/**
 * Serves the .br or .gz copy the build wrote beside a file (web/build/precompress.ts) to a
 * browser that accepts it, by pointing the request at the copy before the static middleware
 * sends it. The copies are listed once at start-up, so a request costs no file-system lookup
 * and no compression; a path not in that list (including any '..' trick) is left alone.
 */
export function precompressedFiles(distDir: string): RequestHandler {
  const available = new Set(relativeFilesUnder(distDir).map((file) => `/${file}`));
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    const file = `${req.baseUrl}${req.path}`;
    const encodings = ENCODINGS.filter(({ suffix }) => available.has(`${file}${suffix}`));
    if (encodings.length === 0) {
      next();
      return;
    }
    // Caches must keep the compressed and plain answers apart.
    res.vary('Accept-Encoding');
    // Brotli when the browser takes it (smaller), whatever order its header lists them in.
    const chosen = encodings.find(({ name }) => req.acceptsEncodings(name) === name);
    if (!chosen) {
      next();
      return;
    }
    // The type of the original file: the static middleware keeps a Content-Type already set.
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', chosen.name);
    req.url = `${req.path}${chosen.suffix}${req.url.slice(req.path.length)}`;
    next();
  };
}
