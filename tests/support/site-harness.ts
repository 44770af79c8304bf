import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { listen, type RunningServer } from '../../api/src/http/http-server';
import { freePort } from '../../infra/local/ports';
import { startApiAndWorkers, type ProductHarness } from './api-harness';
import { launchChromium } from './browser';
import { startFrontDoor, type FrontDoor } from './front-door';
import { buildSite } from './site-build';
import { testEnv } from './test-env';

export interface SiteHarness {
  /** http://127.0.0.1:<port>: the site and the API on one origin, as in production. */
  origin: string;
  /** The API's own port: `origin` too, unless the site is behind the front door. */
  apiOrigin: string;
  /** The built site the API serves (WEB_DIST_DIR). */
  siteDir: string;
  product: ProductHarness;
  browser: Browser;
  close(): Promise<void>;
}

export interface SiteOptions {
  /**
   * Puts the shipped nginx front door (infra/docker/nginx.conf) in front of the API, as compose
   * does: `origin` is nginx's, and SITE_URL with it (links in emails point at it).
   */
  frontDoor?: boolean;
}

/**
 * The built site served by the API on a port of its own (links in emails point at it), the
 * workers running, and Debian's Chromium to open it.
 */
export async function startSite(
  overrides: Record<string, string> = {},
  options: SiteOptions = {},
): Promise<SiteHarness> {
  const siteDir = await buildSite();
  const port = await freePort();
  const apiOrigin = `http://127.0.0.1:${String(port)}`;
  // nginx first: SITE_URL must be its origin before the API starts. It waits for no API.
  const frontDoor: FrontDoor | undefined = options.frontDoor
    ? await startFrontDoor({ upstreams: [`127.0.0.1:${String(port)}`] })
    : undefined;
  const origin = frontDoor?.origin ?? apiOrigin;
  const product = await startApiAndWorkers(
    testEnv({
      WEB_DIST_DIR: siteDir,
      SITE_URL: origin,
      FORM_RATE_LIMIT_MAX: '1000',
      // One proxy in front, as compose sets it.
      ...(frontDoor ? { TRUST_PROXY: '1' } : {}),
      ...overrides,
    }),
  ).catch(async (error: unknown) => {
    // nginx is a process of its own: it would outlive a test that never gets to close().
    await frontDoor?.close();
    throw error;
  });
  const server: RunningServer = await listen(product.api.app, port, '127.0.0.1');
  const browser = await launchChromium();
  return {
    origin,
    apiOrigin,
    siteDir,
    product,
    browser,
    async close() {
      await browser.close();
      await frontDoor?.close();
      await server.close(1_000);
      await product.close();
      rmSync(siteDir, { recursive: true, force: true });
    },
  };
}
