import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createApiContext } from '../../api/src/server/api-context';
import { loadApiConfig } from '../../api/src/config/api-config';
import { createApp } from '../../api/src/server/app';
import { listen } from '../../api/src/http/http-server';
import { createLogger } from '../../api/src/platform/logger';
import { buildSite } from '../local/build-site';
import { freePort } from '../local/ports';
import { startLocalStack } from '../local/stack';

/**
 * Builds the site, serves it from the API on the embedded local services, and runs Lighthouse in
 * Debian's Chromium, mobile mode, on each page asked for (default /, /service/service1 and /contact): prints the performance and
 * accessibility scores. A measurement to read, not a test: scores move with the machine's load.
 */
const log = (line: string) => {
  console.log(`[lighthouse] ${line}`);
};

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The HTML of the elements an audit names, to find them in the code. */
function failingNodes(details: unknown): string[] {
  const items = (details as { items?: { node?: { snippet?: unknown } }[] } | undefined)?.items;
  return (items ?? [])
    .map((item) => item.node?.snippet)
    .filter((snippet): snippet is string => typeof snippet === 'string')
    .slice(0, 5);
}

async function main(): Promise<void> {
  const pages = process.argv.slice(2).length
    ? process.argv.slice(2)
    : ['/', '/service/service1', '/contact'];
  const work = mkdtempSync(path.join(tmpdir(), 'hs-lighthouse-'));
  log('building the site...');
  const siteDir = path.join(work, 'site');
  await buildSite(siteDir);
  log('starting local services...');
  const stack = await startLocalStack({
    dataDir: path.join(work, 'data'),
    persistent: false,
    env: {},
    log,
  });
  const port = await freePort();
  const origin = `http://127.0.0.1:${String(port)}`;
  const config = loadApiConfig({
    ...stack.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SITE_URL: origin,
    WEB_DIST_DIR: siteDir,
    JWT_SECRET: 'lighthouse-only-secret-0123456789abcdef0123456789',
    LINK_SECRET: 'lighthouse-only-link-secret-0123456789abcdef0123',
  });
  const context = await createApiContext(config, createLogger({ name: 'api', level: 'warn' }));
  const server = await listen(createApp(context), port, '127.0.0.1');
  log(`site at ${origin}; launching ${CHROMIUM}...`);
  const chrome = await launchChrome({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    for (const page of pages) {
      log(`auditing ${page} (mobile)...`);
      const result = await lighthouse(`${origin}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const { categories, audits } = result.lhr;
      const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
      console.log(
        `${page}  performance ${String(score('performance'))}  accessibility ${String(score('accessibility'))}`,
      );
      // What to look at next: the metrics behind the score, and every accessibility audit missed.
      const metrics = [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ];
      for (const id of metrics) {
        console.log(`    ${audits[id]?.title ?? id}: ${audits[id]?.displayValue ?? '?'}`);
      }
      for (const ref of categories.accessibility?.auditRefs ?? []) {
        const audit = audits[ref.id];
        if (audit && audit.score !== null && audit.score < 1) {
          console.log(`    accessibility: ${audit.title}`);
          for (const snippet of failingNodes(audit.details)) console.log(`      ${snippet}`);
        }
      }
    }
  } finally {
    chrome.kill();
    await server.close(1_000);
    await context.close();
    await stack.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
