import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../../api/src/bookings/booking-model';
import { timeLabel } from '../../api/src/domain/booking/booking-schema';
import { addDays, longDate, todayInToronto } from '../../api/src/domain/calendar/toronto-date';
import { PlanMessages } from '../../api/src/domain/subscription/plan-messages';
import {
  firstPeriodVisits,
  nextPeriodStart,
  anchorDayOf,
} from '../../api/src/domain/subscription/visit-schedule';
import { SubscriptionModel } from '../../api/src/subscriptions/subscription-model';
import { signUp } from '../support/accounts';
import { auditPage, violationLines } from '../support/axe';
import { cspViolations, watchCspViolations } from '../support/browser';
import { fillBookingDialog, payInDialog, TEST_CARD, workingDay } from '../support/booking-form';
import { logInThroughPage } from '../support/login-page';
import { mailbox, waitForMail } from '../support/mailbox';
import { eventually } from '../support/poll';
import { startSite, type SiteHarness } from '../support/site-harness';
import { scaled } from '../support/time-scale';

const PASSWORD = 'plan-journey-Passw0rd!';

describe('the Monthly Visit plan in Chromium', () => {
  let site: SiteHarness;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    ({ browser } = site);
  }, scaled(120_000));
  afterAll(async () => {
    await site.close();
  });

  /** axe's WCAG 2.2 AA audit of the plan page as it is, on a phone and on a desktop. */
  async function auditBothWidths(page: Page, state: string): Promise<string[]> {
    const found: string[] = [];
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      found.push(...violationLines(await auditPage(page), `${state}, ${String(width)} px`));
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    return found;
  }

  it(
    'subscribes with the test card, sees the four visits and their emails, pauses, resumes, skips and cancels',
    async () => {
      const account = await signUp(site.product.api.app, PASSWORD);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await watchCspViolations(page);
      await logInThroughPage(page, site.origin, account.email, PASSWORD);

      const first = workingDay(addDays(todayInToronto(), 150));
      const visits = firstPeriodVisits({ date: first, time: 'morning' });
      const renewsOn = nextPeriodStart(first, anchorDayOf(first));
      await page.goto(`${site.origin}/service/service1`);
      await page.getByRole('button', { name: 'Book Now for Painting' }).click();
      await page.getByRole('button', { name: 'Choose Monthly Visit' }).click();
      await fillBookingDialog(page, account.email, first);
      // Before paying: the rule and the four visits, each with its place.
      const form = page.getByRole('dialog');
      await form.getByText('Each of your four visits has a place in its window.').waitFor();
      for (const visit of visits) {
        await form.getByText(`${longDate(visit.date)}, ${timeLabel(visit.time)}`).waitFor();
      }
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      const payment = page.getByRole('dialog', { name: 'Complete Your Payment' });
      for (const visit of visits) await payment.getByText(longDate(visit.date)).first().waitFor();
      await payment.getByText('$249 a month').waitFor();
      await payInDialog(page, TEST_CARD);
      await page
        .getByText(
          `Booking confirmed for Painting! A confirmation has been sent to ${account.email}`,
        )
        .waitFor();

      const plan = await SubscriptionModel.findOne({ email: account.email });
      const planId = plan?.id as string;
      await eventually(async () => {
        const stored = await BookingModel.find({ subscriptionId: planId }).sort({ date: 1 });
        expect(stored.map((visit) => [visit.date, visit.status])).toEqual(
          visits.map((visit) => [visit.date, 'paid']),
        );
      });
      const [mail] = await waitForMail(account.email, { count: 2 }).then((mails) =>
        mails.filter((entry) => entry.Subject.startsWith('Your Monthly Visit plan: 4 visits')),
      );
      // The four visits' calendar files, and the first month's invoice.
      expect(mail?.Attachments.map((file) => file.ContentType)).toEqual([
        ...Array(4).fill('text/calendar'),
        'application/pdf',
      ]);

      // The dashboard shows the plan with its four visits, and leads to the plan's page.
      await page.goto(`${site.origin}/dashboard`);
      const entry = page.getByRole('main');
      await entry.getByText('Painting: Monthly Visit plan').waitFor();
      for (const visit of visits) await entry.getByText(longDate(visit.date)).first().waitFor();
      await entry.getByRole('link', { name: 'Manage your plan' }).click();

      await page.getByRole('heading', { name: 'Your Monthly Visit plan' }).waitFor();
      const section = page.getByRole('region', { name: 'Your Monthly Visit plan' });
      /** The value of a row of the plan's summary, as its label names it. */
      const row = (label: string) => section.locator(`dt:text-is("${label}") + dd`);
      const status = section.getByRole('status');
      const violations: string[] = [];
      await row('Renews on')
        .filter({ hasText: longDate(renewsOn) })
        .waitFor();
      violations.push(...(await auditBothWidths(page, 'active')));

      // Pause next month: one renewal date, the one after the paused month, which is named.
      const monthAfter = nextPeriodStart(renewsOn, anchorDayOf(first));
      await page.getByRole('button', { name: 'Pause next month' }).click();
      await page.getByRole('button', { name: 'Yes, pause next month' }).click();
      await status.filter({ hasText: PlanMessages.paused(renewsOn, monthAfter) }).waitFor();
      await row('Plan status').filter({ hasText: PlanMessages.standingLabels.paused }).waitFor();
      await row('Paused')
        .filter({ hasText: PlanMessages.pausedMonth(renewsOn) })
        .waitFor();
      await row('Renews on')
        .filter({ hasText: longDate(monthAfter) })
        .waitFor();
      await row('Renews on')
        .filter({ hasText: longDate(renewsOn) })
        .waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Pause next month' }).waitFor({ state: 'detached' });
      violations.push(...(await auditBothWidths(page, 'paused')));

      // Resume before it begins: next month renews again, and nothing paused is left.
      await page
        .getByRole('button', { name: `Resume the month from ${longDate(renewsOn)}` })
        .click();
      await status.filter({ hasText: PlanMessages.renews(renewsOn) }).waitFor();
      await row('Renews on')
        .filter({ hasText: longDate(renewsOn) })
        .waitFor();
      await row('Paused').waitFor({ state: 'detached' });
      await row('Plan status').filter({ hasText: PlanMessages.standingLabels.active }).waitFor();

      // Skip one visit: it reads as skipped, the plan goes on.
      const [visit0, visit1] = visits;
      if (!visit0 || !visit1) throw new Error('four visits expected');
      await page
        .getByRole('button', { name: `Skip the visit of ${longDate(visit1.date)}` })
        .click();
      await page.getByRole('button', { name: 'Yes, skip this visit' }).click();
      await status
        .filter({
          hasText: `This visit is skipped. Your plan goes on: your next visit is ${longDate(visit0.date)}, ${timeLabel(visit0.time)}.`,
        })
        .waitFor();
      await section
        .getByRole('listitem')
        .filter({ hasText: longDate(visit1.date) })
        .getByText('Skipped', { exact: true })
        .waitFor();
      await section.getByText('Cancelled', { exact: true }).waitFor({ state: 'detached' });
      violations.push(...(await auditBothWidths(page, 'a visit skipped')));

      // Cancel at the end of the month: one ending, no renewal, no pause.
      await page.getByRole('button', { name: 'Cancel at end of month' }).click();
      await page.getByText(PlanMessages.cancelNotice(renewsOn)).waitFor();
      await page.getByRole('button', { name: 'Yes, cancel at end of month' }).click();
      await status.filter({ hasText: PlanMessages.cancelScheduled(renewsOn) }).waitFor();
      await row('Plan status').filter({ hasText: PlanMessages.standingLabels.ending }).waitFor();
      await row('Ends on')
        .filter({ hasText: longDate(renewsOn) })
        .waitFor();
      await row('Renews on').waitFor({ state: 'detached' });
      await row('Paused').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Keep my plan' }).waitFor();
      violations.push(...(await auditBothWidths(page, 'ending')));
      expect(violations).toEqual([]);

      expect((await SubscriptionModel.findById(planId))?.cancelAtPeriodEnd).toBe(true);
      await eventually(async () => {
        const subjects = (await mailbox().list({ to: account.email })).map(
          (entry) => entry.Subject,
        );
        expect(subjects.some((subject) => subject.endsWith('will end'))).toBe(true);
        expect(subjects.some((subject) => subject.endsWith('is paused for a month'))).toBe(true);
        expect(subjects.some((subject) => subject.endsWith('keeps renewing'))).toBe(true);
        expect(subjects).toContain(
          `Visit on ${longDate(visit1.date)} skipped (${(await BookingModel.findOne({ subscriptionId: planId, date: visit1.date }))?.reference ?? ''})`,
        );
      });
      expect(await cspViolations(page)).toEqual([]);
      await context.close();
    },
    scaled(180_000),
  );
});
