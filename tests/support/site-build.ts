import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSite as buildSiteInto } from '../../infra/local/build-site';

/** Builds the site as `npm run build` does, into a folder of the test's own. */
export async function buildSite(): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'hs-site-build-'));
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildSiteInto(outDir);
  } finally {
    process.env.NODE_ENV = previous;
  }
  return outDir;
}
