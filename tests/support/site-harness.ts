import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { listen, type RunningServer } from '../../api/src/http/http-server';
import { freePort } from '../../infra/local/ports';
import { startApiAndWorkers, type ProductHarness } from './api-harness';
import { launchChromium } from './browser';
import { buildSite } from './site-build';
import { testEnv } from './test-env';

export interface SiteHarness {
  /** http://127.0.0.1:<port>: the site and the API on one origin, as in production. */
  origin: string;
  product: ProductHarness;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The built site served by the API on a port of its own (links in emails point at it), the
 * workers running, and Debian's Chromium to open it.
 */
export async function startSite(overrides: Record<string, string> = {}): Promise<SiteHarness> {
  const siteDir = await buildSite();
  const port = await freePort();
  const origin = `http://127.0.0.1:${String(port)}`;
  const product = await startApiAndWorkers(
    testEnv({ WEB_DIST_DIR: siteDir, SITE_URL: origin, FORM_RATE_LIMIT_MAX: '1000', ...overrides }),
  );
  const server: RunningServer = await listen(product.api.app, port, '127.0.0.1');
  const browser = await launchChromium();
  return {
    origin,
    product,
    browser,
    async close() {
      await browser.close();
      await server.close(1_000);
      await product.close();
      rmSync(siteDir, { recursive: true, force: true });
    },
  };
}
