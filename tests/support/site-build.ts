import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { repoRoot } from './spawn-process';

/** Builds the site as `npm run build` does, into a folder of the test's own. */
export async function buildSite(): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'hs-site-build-'));
  await build({
    root: path.join(repoRoot, 'web'),
    configFile: path.join(repoRoot, 'web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}
