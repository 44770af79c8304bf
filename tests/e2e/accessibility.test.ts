import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingFields, withFields } from '../support/booking-form';
import { startSite, type SiteHarness } from '../support/site-harness';
import { testEmail } from '../support/test-env';

/** WCAG 2.2 levels A and AA, with the 2.0 and 2.1 criteria they include. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Every screen of the site (docs/product.md section 2 and the additions of docs/product.md#decisions). */
const ROUTES = [
  '/',
  '/about',
  '/service/service1',
  '/service/service1?service=garden',
  '/contact',
  '/blogs',
  '/blogs/eco-friendly-spring-cleaning-checklist',
  '/signup/register',
  '/login',
  '/reset-password/some-token',
  '/Profile',
  '/dashboard',
  '/admin',
  '/privacy',
  '/terms',
  '/bookings/manage',
  '/bookings/return',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
  '/no-such-page',
];

const WIDTHS = [375, 1280];
const PASSWORD = 'correct horse 42';

interface Session {
  token: string;
  name: string;
}

/**
 * axe-core on every route, at a phone's and a desktop's width, signed out and signed in: any
 * WCAG 2.2 A or AA violation fails, with the rule, the page and the offending elements named.
 */
describe('accessibility of every route (axe-core, WCAG 2.2 AA)', () => {
  let site: SiteHarness;
  let session: Session;

  beforeAll(async () => {
    site = await startSite({ AUTH_RATE_LIMIT_MAX: '1000' });
    const email = testEmail('axe');
    const registered = await fetch(`${site.origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'Ada',
        lastName: 'Axe',
        address: '1 Main St',
      }),
    });
    const body = (await registered.json()) as { token: string; user: { name: string } };
    session = { token: body.token, name: body.user.name };
  }, 120_000);
  afterAll(async () => {
    await site.close();
  });

  async function violationsAt(page: Page, route: string): Promise<string[]> {
    await page.goto(`${site.origin}${route}`, { waitUntil: 'networkidle' });
    await page.locator('main').waitFor();
    // Screens that load data settle first; the home page's later sections load on approach.
    await page.evaluate(() => {
      window.scrollTo(0, document.body.scrollHeight);
    });
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
    // A page that rendered nothing would pass every rule: make sure axe had something to check.
    expect(results.passes.length, route).toBeGreaterThan(10);
    return results.violations.map(
      (violation) =>
        `${route}: ${violation.id} (${violation.impact ?? 'unknown'}) ${violation.help}: ` +
        violation.nodes.map((node) => node.target.join(' ')).join(', '),
    );
  }

  for (const signedIn of [false, true]) {
    for (const width of WIDTHS) {
      it(`${signedIn ? 'signed in' : 'signed out'} at ${String(width)} px`, async () => {
        const context = await site.browser.newContext({ viewport: { width, height: 900 } });
        if (signedIn) {
          await context.addInitScript(({ token, name }: Session) => {
            window.localStorage.setItem('authToken', token);
            window.localStorage.setItem('username', name);
          }, session);
        }
        const page = await context.newPage();
        const found: string[] = [];
        for (const route of ROUTES) found.push(...(await violationsAt(page, route)));
        await context.close();
        expect(found).toEqual([]);
      }, 180_000);
    }
  }

  it('has no violations in the booking modals', async () => {
    const context = await site.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site.origin}/service/service1`);
    await page.getByRole('button', { name: 'Book Now for Painting' }).click();
    const planModal = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
    await page.getByRole('button', { name: 'Choose One-time Visit' }).click();
    await page.getByRole('dialog').getByLabel('Full Name').waitFor();
    const formModal = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
    await context.close();
    expect([...planModal.violations, ...formModal.violations].map((v) => v.id)).toEqual([]);
  });

  it("has no violations in the Monthly Visit form's visits and on a plan's page", async () => {
    const fields = bookingFields({ plan: 'monthly' });
    const booked = await withFields(request(site.product.api.app).post('/api/bookings'), fields);
    expect(booked.status).toBe(201);
    const found: string[] = [];
    for (const width of WIDTHS) {
      const context = await site.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${site.origin}/service/service1`);
      await page.getByRole('button', { name: 'Book Now for Painting' }).click();
      await page.getByRole('button', { name: 'Choose Monthly Visit' }).click();
      await page
        .getByRole('dialog')
        .getByLabel('Preferred Date')
        .fill(fields.date ?? '');
      await page.getByRole('dialog').getByText('Your four visits').first().waitFor();
      const form = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
      const query = new URLSearchParams({
        booking: booked.body.booking.id as string,
        token: booked.body.token as string,
      });
      await page.goto(`${site.origin}/bookings/manage?${query.toString()}`);
      await page.getByRole('heading', { name: 'Your Monthly Visit plan' }).waitFor();
      const manage = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
      for (const violation of [...form.violations, ...manage.violations]) {
        found.push(`${String(width)} px: ${violation.id} ${violation.help}`);
      }
      await context.close();
    }
    expect(found).toEqual([]);
  });
});
