import path from 'node:path';
import { build } from 'vite';
import { repoRoot } from '../local/launcher';

/**
 * Builds the site from the current sources into `outDir`, as `npm run build` does, so page
 * weights are those of the code being measured and not of an older web/dist.
 */
export async function buildSite(outDir: string): Promise<void> {
  await build({
    root: path.join(repoRoot, 'web'),
    configFile: path.join(repoRoot, 'web/vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}
