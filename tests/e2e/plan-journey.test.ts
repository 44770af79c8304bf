import type { Browser } from 'playwright-core';
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
import { cspViolations, watchCspViolations } from '../support/browser';
import { fillBookingDialog, payInDialog, TEST_CARD } from '../support/booking-form';
import { logInThroughPage } from '../support/login-page';
import { mailbox, waitForMail } from '../support/mailbox';
import { eventually } from '../support/poll';
import { startSite, type SiteHarness } from '../support/site-harness';

const PASSWORD = 'plan-journey-Passw0rd!';

describe('the Monthly Visit plan in Chromium', () => {
  let site: SiteHarness;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    ({ browser } = site);
  }, 120_000);
  afterAll(async () => {
    await site.close();
  });

  it('subscribes with the test card, sees the four visits and their emails, then cancels', async () => {
    const account = await signUp(site.product.api.app, PASSWORD);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await watchCspViolations(page);
    await logInThroughPage(page, site.origin, account.email, PASSWORD);

    const first = addDays(todayInToronto(), 150);
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
      .getByText(`Booking confirmed for Painting! A confirmation has been sent to ${account.email}`)
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
    expect(mail?.Attachments.map((file) => file.ContentType)).toEqual(
      Array(4).fill('text/calendar'),
    );

    // The dashboard shows the plan with its four visits, and leads to the plan's page.
    await page.goto(`${site.origin}/dashboard`);
    const entry = page.getByRole('main');
    await entry.getByText('Painting: Monthly Visit plan').waitFor();
    for (const visit of visits) await entry.getByText(longDate(visit.date)).first().waitFor();
    await entry.getByRole('link', { name: 'Manage your plan' }).click();

    await page.getByRole('heading', { name: 'Your Monthly Visit plan' }).waitFor();
    await page.getByRole('button', { name: 'Cancel at end of month' }).click();
    await page.getByText(PlanMessages.cancelNotice(renewsOn)).waitFor();
    await page.getByRole('button', { name: 'Yes, cancel at end of month' }).click();
    await page.getByText(PlanMessages.cancelScheduled(renewsOn)).first().waitFor();
    expect((await SubscriptionModel.findById(planId))?.cancelAtPeriodEnd).toBe(true);
    await eventually(async () => {
      const subjects = (await mailbox().list({ to: account.email })).map((entry) => entry.Subject);
      expect(subjects.some((subject) => subject.endsWith('will end'))).toBe(true);
    });
    expect(await cspViolations(page)).toEqual([]);
    await context.close();
  });
});
