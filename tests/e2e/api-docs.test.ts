import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../api/src/http/http-server';
import { startApi, type ApiHarness } from '../support/api-harness';
import { cspViolations, launchChromium, watchCspViolations } from '../support/browser';
import { testEnv } from '../support/test-env';
import { scaled } from '../support/time-scale';

// Swagger UI needs only the API: no site build, no workers.
describe('the API reference in Chromium', () => {
  let api: ApiHarness;
  let server: RunningServer;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    api = await startApi(testEnv());
    server = await listen(api.app, 0, '127.0.0.1');
    origin = `http://127.0.0.1:${String(server.port)}`;
    browser = await launchChromium();
  }, scaled(120_000));
  afterAll(async () => {
    await browser.close();
    await server.close(1_000);
    await api.close();
  });

  it('renders every area’s operations from /api/openapi.json, with nothing blocked and no other host called', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    const elsewhere: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('request', (outgoing) => {
      const url = new URL(outgoing.url());
      if (url.protocol !== 'data:' && url.origin !== origin) elsewhere.push(outgoing.url());
    });
    await watchCspViolations(page);

    const fetchedDocument = page.waitForResponse(`${origin}/api/openapi.json`);
    await page.goto(`${origin}/api-docs`);
    expect((await fetchedDocument).status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/api-docs/');

    await page.getByRole('heading', { name: /Home Services API/ }).waitFor();
    const createBooking = page
      .locator('.opblock-post')
      .filter({ has: page.locator('[data-path="/api/bookings"]') });
    await createBooking.waitFor();
    await createBooking
      .locator('.opblock-summary-method')
      .getByText('POST', { exact: true })
      .waitFor();
    for (const path of ['/api/admin/bookings/{id}', '/api/openapi.json', '/api/me/profile']) {
      await page
        .locator('.opblock-summary-path')
        .getByText(path, { exact: true })
        .first()
        .waitFor();
    }

    // Opening an operation shows its request body, generated from the route's zod schema.
    await createBooking.locator('.opblock-summary').click();
    await createBooking.getByText('multipart/form-data').first().waitFor();
    await createBooking.getByText('Idempotency-Key').first().waitFor();

    // The page's own styles apply (the hashed inline block sets the background).
    await expect(
      page.evaluate(() => getComputedStyle(document.body).backgroundColor),
    ).resolves.toBe('rgb(250, 250, 250)');
    await expect(cspViolations(page)).resolves.toEqual([]);
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
    await page.close();
  });
});
