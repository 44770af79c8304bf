import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { repoRoot } from './spawn-process';

/** Builds the site as `npm run build` does, into a folder of the test's own. */
export async function buildSite(): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'hs-site-build-'));
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: path.join(repoRoot, 'web'),
      configFile: path.join(repoRoot, 'web/vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = previous;
  }
  return outDir;
}
