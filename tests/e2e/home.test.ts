import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiContext, type ApiContext } from '../../api/src/api-context';
import { createApp } from '../../api/src/http/app';
import { listen, type RunningServer } from '../../api/src/http/http-server';
import { createLogger } from '../../api/src/platform/logger';
import { launchChromium } from '../support/browser';
import { buildSite } from '../support/site-build';
import { testApiConfig } from '../support/test-env';

describe('the built site in Chromium, served by the API', () => {
  let siteDir: string;
  let context: ApiContext;
  let server: RunningServer;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    siteDir = await buildSite();
    context = await createApiContext(
      testApiConfig({ WEB_DIST_DIR: siteDir }),
      createLogger({ name: 'test', level: 'silent' }),
    );
    server = await listen(createApp(context), 0, '127.0.0.1');
    origin = `http://127.0.0.1:${server.port}`;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser.close();
    await server.close(1_000);
    await context.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('opens / and shows the home page, with nothing blocked by the security policy', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    const response = await page.goto(`${origin}/`);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toContain('Home Services');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(problems).toEqual([]);
  });

  it('moves between screens on the client and loads a deep link directly', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact us' })
      .click();
    await page.waitForURL(`${origin}/contact`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    await page.goto(`${origin}/Service/Service1`);
    await page
      .getByRole('heading', { level: 1, name: /Services/ })
      .first()
      .waitFor();
  });
});
