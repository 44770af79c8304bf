import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewLinks } from '../../api/src/reviews/review-links';
import { signUp } from '../support/accounts';
import { auditPage, violationLines } from '../support/axe';
import { bookingFields, withFields } from '../support/booking-form';
import { doneVisitToday } from '../support/done-visits';
import { seedApprovedReview, WIDTHS } from '../support/route-audit';
import { startSite, type SiteHarness } from '../support/site-harness';
import { scaled } from '../support/time-scale';

const PASSWORD = 'correct horse 42';

/**
 * axe-core on the states a route alone does not reach: carousels paused, the booking modals, the
 * review page's form, errors and thanks, a plan's visits. Every route itself is audited by
 * accessibility-signed-out.test.ts and accessibility-signed-in.test.ts.
 */
describe('accessibility of the site in use (axe-core, WCAG 2.2 AA)', () => {
  let site: SiteHarness;

  beforeAll(async () => {
    site = await startSite({ AUTH_RATE_LIMIT_MAX: '1000' });
    await seedApprovedReview();
  }, scaled(120_000));
  afterAll(async () => {
    await site.close();
  });

  it("has no violations in the home page's carousels, moving and then paused by their buttons", async () => {
    const found: string[] = [];
    for (const width of WIDTHS) {
      const context = await site.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${site.origin}/`);
      // Each carousel's pause button, as a visitor reaches it: the later sections load on approach.
      for (const pause of ['Pause animation', 'Pause slideshow', 'Pause testimonials']) {
        const button = page.getByRole('button', { name: pause, exact: true });
        await button.scrollIntoViewIfNeeded();
        await button.click();
        await page.getByRole('button', { name: pause.replace('Pause', 'Play') }).waitFor();
      }
      const results = await auditPage(page, {
        include: '[aria-roledescription="carousel"]',
        motion: 'as is',
      });
      expect(results.passes.length).toBeGreaterThan(5);
      found.push(...violationLines(results, `${String(width)} px`));
      await context.close();
    }
    expect(found).toEqual([]);
  });

  it('has no violations in the booking modals', async () => {
    const context = await site.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site.origin}/service/service1`);
    await page.getByRole('button', { name: 'Book Now for Painting' }).click();
    // The modals load after the first paint: audit the chooser once it is there.
    await page.getByRole('button', { name: 'Choose One-time Visit' }).waitFor();
    const planModal = await auditPage(page);
    await page.getByRole('button', { name: 'Choose One-time Visit' }).click();
    await page.getByRole('dialog').getByLabel('Full Name').waitFor();
    const formModal = await auditPage(page);
    await context.close();
    expect([...planModal.violations, ...formModal.violations].map((v) => v.id)).toEqual([]);
  });

  /** A visit today, paid and marked done by an operator: its review link, as the email has it. */
  async function reviewLink(time: string): Promise<string> {
    const app = site.product.api.app;
    const { id } = await doneVisitToday(app, (await signUp(app, PASSWORD, 'admin')).token, {
      time,
    });
    const { config } = site.product.api.context;
    return new ReviewLinks(config.LINK_SECRET, site.origin).url(id);
  }

  it('has no violations on the review page: its form, its errors, its thanks', async () => {
    const found: string[] = [];
    for (const [width, time] of [
      [375, 'morning'],
      [1280, 'afternoon'],
    ] as const) {
      const link = await reviewLink(time);
      const context = await site.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const check = async (state: string) => {
        const results = await auditPage(page);
        for (const violation of results.violations) {
          found.push(`${String(width)} px, ${state}: ${violation.id} ${violation.help}`);
        }
      };
      await page.goto(link);
      await page.getByRole('group', { name: 'How would you rate the visit?' }).waitFor();
      await check('form');
      await page.getByRole('button', { name: 'Send my review' }).click();
      await page.getByText('Please correct the fields marked above.').waitFor();
      await check('errors');
      // The stars are real radio buttons: the keyboard picks one as it would in any form.
      await page.getByRole('radio', { name: '4 stars' }).check();
      await page.getByLabel('Your review').fill('A tidy, careful crew: the hallway looks new.');
      await page.getByRole('button', { name: 'Send my review' }).click();
      await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
      await check('thanks');
      await page.goto(link);
      await page.getByRole('heading', { name: 'Already reviewed' }).waitFor();
      await check('already reviewed');
      await context.close();
    }
    expect(found).toEqual([]);
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
      const form = await auditPage(page);
      const query = new URLSearchParams({
        booking: booked.body.booking.id as string,
        token: booked.body.token as string,
      });
      await page.goto(`${site.origin}/bookings/manage?${query.toString()}`);
      await page.getByRole('heading', { name: 'Your Monthly Visit plan' }).waitFor();
      const manage = await auditPage(page);
      for (const violation of [...form.violations, ...manage.violations]) {
        found.push(`${String(width)} px: ${violation.id} ${violation.help}`);
      }
      await context.close();
    }
    expect(found).toEqual([]);
  });
});
