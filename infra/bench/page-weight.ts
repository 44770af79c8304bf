import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface PageWeight {
  path: string;
  /**
   * Every script the page loaded, with its size gzipped at level 9 (what a CDN would send) and
   * which of the strings looked for its text contains.
   */
  scripts: { url: string; gzipBytes: number; contains: string[] }[];
  totalGzipBytes: number;
}

/**
 * The JavaScript a first visit to `path` loads, measured in a real browser (chunks loaded on
 * demand by the route included), as gzip bytes whatever the server's own compression.
 */
export async function measurePageScripts(
  browser: Browser,
  origin: string,
  path: string,
  viewport = { width: 375, height: 800 },
  lookFor: readonly string[] = [],
): Promise<PageWeight> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const loads: Promise<PageWeight['scripts'][number]>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    loads.push(
      response.body().then((body) => ({
        url: new URL(response.url()).pathname,
        gzipBytes: gzipSync(body, { level: 9 }).length,
        contains: lookFor.filter((text) => body.includes(text)),
      })),
    );
  });
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  const scripts = await Promise.all(loads);
  await context.close();
  return {
    path,
    scripts,
    totalGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
  };
}
