import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInToronto } from '../../api/src/domain/calendar/toronto-date';
import { ReviewModel } from '../../api/src/reviews/review-model';
import { auditPage, violationLines } from './axe';
import { startSite, type SiteHarness } from './site-harness';
import { scaled } from './time-scale';
import { testEmail } from './test-env';

/** Every screen of the site (docs/product.md section 2 and the additions of docs/product.md#decisions). */
export const ROUTES = [
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
  // A review link without its token: the page says the link is not valid.
  '/review',
  '/no-such-page',
];

export const WIDTHS = [375, 1280];
const PASSWORD = 'correct horse 42';

interface Session {
  token: string;
  name: string;
}

async function register(origin: string): Promise<Session> {
  const email = testEmail('axe');
  const registered = await fetch(`${origin}/api/auth/register`, {
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
  return { token: body.token, name: body.user.name };
}

async function violationsAt(page: Page, origin: string, route: string): Promise<string[]> {
  await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
  await page.locator('main').waitFor();
  // Screens that load data settle first. The home page's parts load as a reader nears them
  // (its services grid, then its later sections): pass through the page a screen at a time, as a
  // reader does, with a frame at each stop for the observers to see it.
  await page.evaluate(async () => {
    const frame = () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => {
          resolve();
        });
      });
    for (let top = 0; top < document.body.scrollHeight; top += window.innerHeight) {
      window.scrollTo(0, top);
      await frame();
      await frame();
    }
    window.scrollTo(0, document.body.scrollHeight);
  });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  const results = await auditPage(page);
  // A page that rendered nothing would pass every rule: make sure axe had something to check.
  expect(results.passes.length, route).toBeGreaterThan(10);
  return violationLines(results, route);
}

/** An approved review, so the home and services pages show their reviews block too. */
export async function seedApprovedReview(): Promise<void> {
  await ReviewModel.create({
    _id: 'ab'.repeat(16),
    reference: 'HS-AXE001',
    serviceId: 'painting',
    visitDate: todayInToronto(),
    rating: 4,
    text: 'Careful painters, and they cleaned up after.',
    name: 'Ada A.',
    status: 'approved',
  });
}

/**
 * axe-core on every route, at a phone's and a desktop's width, as a visitor signed out or signed
 * in: any WCAG 2.2 A or AA violation fails, with the rule, the page and the offending elements
 * named. One test file per visitor, so the two sweeps (the longest browser work of the suite)
 * can run side by side.
 */
export function auditEveryRoute(visitor: 'signed out' | 'signed in'): void {
  describe(`accessibility of every route ${visitor} (axe-core, WCAG 2.2 AA)`, () => {
    let site: SiteHarness;
    let session: Session | undefined;

    beforeAll(async () => {
      site = await startSite({ AUTH_RATE_LIMIT_MAX: '1000' });
      if (visitor === 'signed in') session = await register(site.origin);
      await seedApprovedReview();
    }, scaled(120_000));
    afterAll(async () => {
      await site.close();
    });

    for (const width of WIDTHS) {
      it(
        `${visitor} at ${String(width)} px`,
        async () => {
          const context = await site.browser.newContext({ viewport: { width, height: 900 } });
          if (session) {
            await context.addInitScript(({ token, name }: Session) => {
              window.localStorage.setItem('authToken', token);
              window.localStorage.setItem('username', name);
            }, session);
          }
          const page = await context.newPage();
          const found: string[] = [];
          for (const route of ROUTES) found.push(...(await violationsAt(page, site.origin, route)));
          await context.close();
          expect(found).toEqual([]);
        },
        scaled(180_000),
      );
    }
  });
}
