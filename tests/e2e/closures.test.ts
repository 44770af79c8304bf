import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../../api/src/bookings/booking-model';
import { closedLabel } from '../../api/src/domain/calendar/business-calendar';
import { ClosureMessages } from '../../api/src/domain/calendar/closure-schema';
import { addDays, longDate, todayInToronto } from '../../api/src/domain/calendar/toronto-date';
import { signUp } from '../support/accounts';
import { auditPage, violationLines } from '../support/axe';
import { workingDay } from '../support/booking-form';
import { cspViolations, watchCspViolations } from '../support/browser';
import { paidVisit } from '../support/done-visits';
import { logInThroughPage } from '../support/login-page';
import { waitForMail } from '../support/mailbox';
import { eventually } from '../support/poll';
import { startSite, type SiteHarness } from '../support/site-harness';
import { scaled } from '../support/time-scale';

const PASSWORD = 'closures-Passw0rd!';
const REASON = 'Ice storm';
const ARTIFACTS = path.join(import.meta.dirname, '..', '..', 'test-artifacts', 'screenshots');
const PHONE = { width: 375, height: 800 };
const LAPTOP = { width: 1280, height: 900 };

/**
 * The business calendar in Chromium: a paid visit a few days ahead, the operator closes its day
 * from the console's Closures tab (the visit listed before anything changes), its customer is
 * emailed to choose, and the schedule board shows the day closed with the visit still on it.
 */
describe('closing a day in Chromium', () => {
  let site: SiteHarness;

  beforeAll(async () => {
    site = await startSite({ AUTH_RATE_LIMIT_MAX: '1000' });
  }, scaled(120_000));
  afterAll(async () => {
    await site.close();
  });

  const axe = async (page: Page, width: number) => {
    await page.setViewportSize(width === PHONE.width ? PHONE : LAPTOP);
    return violationLines(await auditPage(page), `${String(width)} px`);
  };

  /** The whole page from its top: scrolled, the sticky site header would sit across its middle. */
  const screenshot = async (page: Page, name: string) => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await page.screenshot({ path: path.join(ARTIFACTS, name), fullPage: true });
  };

  it('lists the visits of the day, closes it, tells the customer and shows it closed on the board', async () => {
    // A few days ahead, on a day the business works (never a holiday).
    const day = workingDay(addDays(todayInToronto(), 4));
    const admin = await signUp(site.product.api.app, PASSWORD, 'admin');
    const visit = await paidVisit(site.product.api.app, {
      name: 'Ada Park',
      address: '11 Queen St W, Toronto',
      date: day,
      time: 'morning',
    });
    const booking = await BookingModel.findById(visit.id);
    const reference = booking?.reference ?? '';
    expect(reference).not.toBe('');

    const context = await site.browser.newContext({ viewport: LAPTOP });
    const page = await context.newPage();
    page.setDefaultTimeout(scaled(15_000));
    await watchCspViolations(page);
    await logInThroughPage(page, site.origin, admin.email, PASSWORD);
    await page.goto(`${site.origin}/admin`);
    await page.getByRole('tab', { name: 'Closures' }).click();
    await page.getByRole('heading', { name: 'Closed days', level: 2 }).waitFor();
    await page.getByText('No days are closed by an operator.').waitFor();
    await page.getByRole('heading', { name: 'Holidays in the next 12 months' }).waitFor();
    // The form as it opens, on a phone and on a laptop.
    expect([...(await axe(page, PHONE.width)), ...(await axe(page, LAPTOP.width))]).toEqual([]);

    await page.getByLabel('First day').fill(day);
    await page.getByLabel('Reason').fill(REASON);
    await page.getByRole('button', { name: 'Check visits' }).click();

    // First, what the day holds: the visit, its customer, and what will happen to it.
    const preview = page.getByRole('region', { name: /^Before closing/ });
    const row = preview.getByRole('row').filter({ hasText: reference });
    await row.waitFor();
    const rowText = await row.innerText();
    for (const words of ['Ada Park', 'One-time', 'Paid', 'cancel with a full refund']) {
      expect(rowText).toContain(words);
    }
    await page.getByText('1 visit is booked on these days.', { exact: false }).waitFor();
    await preview.getByText(`Customers will read “${closedLabel(REASON)}”.`).waitFor();
    // Nothing has changed yet: the visit's day is not marked closed.
    expect((await BookingModel.findById(visit.id))?.closedDay ?? null).toBeNull();

    expect([...(await axe(page, PHONE.width)), ...(await axe(page, LAPTOP.width))]).toEqual([]);
    await page.setViewportSize(PHONE);
    await screenshot(page, 'closures-preview-375.png');
    await page.setViewportSize(LAPTOP);
    await screenshot(page, 'closures-preview-1280.png');

    // By keyboard, the confirm button shows where the focus is.
    const confirm = preview.getByRole('button', { name: 'Close 1 day and tell 1 customer' });
    await preview.getByRole('button', { name: 'Change the days' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect
      .poll(() => confirm.evaluate((button) => button.matches(':focus-visible')), {
        timeout: scaled(5_000),
      })
      .toBe(true);
    await preview.screenshot({ path: path.join(ARTIFACTS, 'closures-confirm-focus-1280.png') });
    await confirm.click();

    // What happened, where the confirm button was.
    await page.getByRole('heading', { name: 'Days closed', level: 4 }).waitFor();
    await page.getByText(ClosureMessages.closed(day, day, REASON)).waitFor();
    await page.getByText('1 customer emailed to move to another day or cancel.').waitFor();
    await preview.waitFor({ state: 'detached' });
    const closures = page.getByRole('table', { name: 'Closures set by operators, soonest first' });
    await closures.getByText(closedLabel(REASON)).waitFor();
    await closures.getByRole('button', { name: /^Reopen / }).waitFor();
    await screenshot(page, 'closures-result-1280.png');

    // The customer is asked to choose: the day offered, or a cancel with a full refund.
    await eventually(async () => {
      const mails = await waitForMail(visit.email);
      expect(mails.map((mail) => mail.Subject)).toContainEqual(
        expect.stringContaining(`We are closed on ${longDate(day)}`),
      );
    });

    // The board shows the day closed, with the visit still on it for the operators to see.
    await page.getByRole('link', { name: 'See these days on the schedule board' }).click();
    await page.getByRole('heading', { name: 'Schedule', level: 2 }).waitFor();
    const closedDay = page.getByRole('region', {
      name: `${longDate(day)} ${closedLabel(REASON)}`,
    });
    await closedDay.getByText(closedLabel(REASON), { exact: true }).waitFor();
    await closedDay.getByRole('article', { name: new RegExp(`^${reference}, `) }).waitFor();
    expect(await closedDay.getByText('Closed: no new visits').count()).toBe(3);
    expect([...(await axe(page, PHONE.width)), ...(await axe(page, LAPTOP.width))]).toEqual([]);
    await screenshot(page, 'schedule-closed-day-1280.png');
    await closedDay.screenshot({ path: path.join(ARTIFACTS, 'schedule-closed-day-only-1280.png') });
    await page.setViewportSize(PHONE);
    await screenshot(page, 'schedule-closed-day-375.png');

    expect(await cspViolations(page)).toEqual([]);
    await context.close();
  });
});
