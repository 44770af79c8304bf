import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ContactMessages } from '../../api/src/domain/contact/contact-messages';
import { waitForValue } from '../support/browser';
import { startSite, type SiteHarness } from '../support/site-harness';
import { testEmail } from '../support/test-env';
import { scaled } from '../support/time-scale';

/** A 1x1 PNG for every map tile: no tile server is reachable from here. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('the contact page in Chromium', () => {
  let site: SiteHarness;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    ({ browser } = site);
  }, scaled(120_000));
  afterAll(async () => {
    await site.close();
  });

  async function contactPage(): Promise<Page> {
    const page = await browser.newPage();
    await page.route('https://tile.openstreetmap.org/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
    );
    await page.goto(`${site.origin}/contact`);
    return page;
  }

  async function fillForm(page: Page, email: string): Promise<void> {
    const main = page.getByRole('main');
    await main.getByLabel('Full name', { exact: true }).fill('Maya Singh');
    await main.getByLabel('Email address', { exact: true }).fill(email);
    await main.getByLabel('Phone number', { exact: true }).fill('416-555-0199');
    await main.getByLabel('Subject', { exact: true }).fill('Spring clean-up');
    await main.getByLabel('Message', { exact: true }).fill('Could you quote a spring clean-up?');
  }

  it('shows the map with its marker, and clears the form once the message is sent', async () => {
    const page = await contactPage();
    await page.locator('.leaflet-marker-icon').waitFor();
    await fillForm(page, testEmail('visitor'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText(ContactMessages.sent).waitFor();
    await waitForValue(page.getByRole('main').getByLabel('Subject', { exact: true }), '');
    await page.close();
  });

  it('keeps what was typed when the API fails', async () => {
    const page = await contactPage();
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Messages are unavailable right now.' }),
      }),
    );
    const email = testEmail('unlucky');
    await fillForm(page, email);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Messages are unavailable right now.').waitFor();
    await waitForValue(page.getByRole('main').getByLabel('Email address', { exact: true }), email);
    await page.close();
  });
});
