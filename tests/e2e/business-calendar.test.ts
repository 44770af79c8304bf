import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../../api/src/bookings/booking-model';
import {
  BOOKING_HORIZON_DAYS,
  BookingMessages,
  timeLabel,
} from '../../api/src/domain/booking/booking-schema';
import type { TimeWindowId } from '../../api/src/domain/booking/catalogue';
import { closedLabel } from '../../api/src/domain/calendar/business-calendar';
import { ontarioHolidays, type Holiday } from '../../api/src/domain/calendar/ontario-holidays';
import {
  addDays,
  daysBetween,
  longDate,
  todayInToronto,
} from '../../api/src/domain/calendar/toronto-date';
import { signUp } from '../support/accounts';
import { auditPage, violationLines } from '../support/axe';
import { fillBookingDialog, isWorkingDay, testPhone, workingDay } from '../support/booking-form';
import { cspViolations, watchCspViolations } from '../support/browser';
import { paidVisit } from '../support/done-visits';
import { mailbox } from '../support/mailbox';
import { eventually } from '../support/poll';
import { startSite, type SiteHarness } from '../support/site-harness';
import { scaled } from '../support/time-scale';
import { testEmail } from '../support/test-env';

const PASSWORD = 'business-calendar-Passw0rd!';
const ARTIFACTS = path.join(import.meta.dirname, '..', '..', 'test-artifacts', 'screenshots');
const WIDTHS = [375, 1280] as const;

/**
 * The next Christmas Day at least two days ahead (Toronto's today) that the form still takes
 * (the booking horizon). Only on December 24 is there none: the next holiday two days ahead then.
 */
function nextChristmas(today: string): Holiday {
  const year = Number(today.slice(0, 4));
  const ahead = [...ontarioHolidays(year), ...ontarioHolidays(year + 1)].filter((holiday) => {
    const days = daysBetween(today, holiday.date);
    return days >= 2 && days <= BOOKING_HORIZON_DAYS;
  });
  const christmas = ahead.find((holiday) => holiday.name === 'Christmas Day') ?? ahead[0];
  if (!christmas) throw new Error(`no holiday two days after ${today} within the horizon`);
  return christmas;
}

/** December 23 before Christmas, or the first working day after it two days ahead or more. */
function openDayBefore(holiday: string, today: string): string {
  let day = addDays(holiday, -2);
  while (daysBetween(today, day) < 2 || !isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

/**
 * The business calendar as a customer meets it in Chromium: the booking form refuses Christmas
 * Day at its date field and books nothing; a visit whose day an operator closes after it was paid
 * is moved, from its manage page, to the day offered in one click.
 */
describe('the business calendar in Chromium', () => {
  let site: SiteHarness;

  beforeAll(async () => {
    site = await startSite({ AUTH_RATE_LIMIT_MAX: '1000' });
  }, scaled(120_000));
  afterAll(async () => {
    await site.close();
  });

  async function openPage(width: number): Promise<Page> {
    const context = await site.browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(scaled(15_000));
    await watchCspViolations(page);
    return page;
  }

  const axe = async (page: Page, width: number) =>
    violationLines(await auditPage(page), `${String(width)} px`);

  const screenshot = async (page: Page, name: string) => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, name) });
  };

  const focused = (page: Page, label: string) =>
    page
      .getByRole('dialog')
      .getByLabel(label)
      .evaluate((element) => element === document.activeElement);

  it(
    'refuses Christmas Day at the date field, books nothing, and takes an open day',
    async () => {
      const today = todayInToronto();
      const holiday = nextChristmas(today);
      const openDay = openDayBefore(holiday.date, today);
      const closed = closedLabel(holiday.name);

      for (const width of WIDTHS) {
        const email = testEmail(`christmas-${String(width)}`);
        const page = await openPage(width);
        await page.goto(`${site.origin}/service/service1`);
        await page.getByRole('button', { name: 'Book Now for Painting' }).click();
        await page.getByRole('button', { name: 'Choose One-time Visit' }).click();
        await fillBookingDialog(page, email, holiday.date);
        const dialog = page.getByRole('dialog');
        // A phone of its own: one phone may hold only a few unpaid bookings at once.
        await dialog.getByLabel('Phone Number').fill(testPhone());
        const date = dialog.getByLabel('Preferred Date');
        const time = dialog.getByLabel('Preferred Time');

        // Said at the date field as soon as the day is chosen, and no window of it is offered.
        const error = dialog.getByText(closed, { exact: false });
        await error.waitFor();
        expect(await error.innerText()).toBe(`${closed}. Please choose another date.`);
        expect(await date.getAttribute('aria-invalid')).toBe('true');
        expect(await time.locator('option').allInnerTexts()).toEqual([
          'Morning (8am-12pm) (closed)',
          'Afternoon (12pm-4pm) (closed)',
          'Evening (4pm-8pm) (closed)',
        ]);
        expect(await time.locator('option:not([disabled])').count()).toBe(0);
        await error.scrollIntoViewIfNeeded();
        await screenshot(page, `business-calendar-date-error-${String(width)}.png`);
        expect(await axe(page, width)).toEqual([]);

        // Sending is refused in the page: the focus goes to the date, and nothing is booked.
        await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
        await expect
          .poll(() => focused(page, 'Preferred Date'), { timeout: scaled(5_000) })
          .toBe(true);
        await error.waitFor({ state: 'visible', timeout: scaled(5_000) });
        expect(await page.getByRole('dialog', { name: 'Complete Your Payment' }).count()).toBe(0);
        expect(await BookingModel.countDocuments({ email })).toBe(0);

        // An open day: the error goes, the windows come back, and the form goes on to payment.
        await date.fill(openDay);
        await error.waitFor({ state: 'detached' });
        await expect
          .poll(() => date.getAttribute('aria-invalid'), { timeout: scaled(5_000) })
          .toBe('false');
        await expect
          .poll(() => time.locator('option:not([disabled])').count(), { timeout: scaled(5_000) })
          .toBeGreaterThan(0);
        await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
        await page.getByRole('dialog', { name: 'Complete Your Payment' }).waitFor();
        const booked = await BookingModel.find({ email });
        expect(booked.map((booking) => booking.date)).toEqual([openDay]);

        expect(await cspViolations(page)).toEqual([]);
        await page.context().close();
      }
    },
    scaled(180_000),
  );

  it(
    'lets the customer move a paid visit off a day an operator closed, to the day offered',
    async () => {
      const { app } = site.product.api;
      const day = workingDay(addDays(todayInToronto(), 20));
      const admin = await signUp(app, PASSWORD, 'admin');
      const visit = await paidVisit(app, { date: day, time: 'morning' });
      const closed = await request(app)
        .post('/api/admin/closures')
        .set('Authorization', `Bearer ${admin.token}`)
        .send({ from: day, reason: 'Snowstorm' });
      expect(closed.status, JSON.stringify(closed.body)).toBe(201);
      expect(closed.body.asked).toBe(1);

      // The customer opens the link of the email that asks them to choose.
      const link = await eventually(async () => {
        const client = mailbox();
        const summary = (await client.list({ to: visit.email })).find((mail) =>
          mail.Subject.startsWith(`We are closed on ${longDate(day)}`),
        );
        if (!summary) throw new Error('no email about the closed day yet');
        const mail = await client.get(summary.ID);
        const found = /https?:\/\/\S+\/bookings\/manage\?[^\s"<>)\]]+/.exec(mail.Text)?.[0];
        if (!found) throw new Error(`no manage link in:\n${mail.Text}`);
        return found;
      });
      const stored = await BookingModel.findById(visit.id);
      const offer = stored?.closedDay;
      expect(offer?.offerDate).toBeTruthy();
      const offerDate = offer?.offerDate ?? '';
      const offerTime: TimeWindowId = offer?.offerTime ?? 'morning';
      const offerWhen = `${longDate(offerDate)}, ${timeLabel(offerTime)}`;

      for (const width of WIDTHS) {
        const page = await openPage(width);
        await page.goto(link);
        const notice = page.getByRole('region', { name: 'Your visit needs another day' });
        await notice.getByText(`We are closed on ${longDate(day)} (Snowstorm).`).waitFor();
        await notice.getByRole('button', { name: 'Cancel with a full refund' }).waitFor();
        const move = notice.getByRole('button', { name: `Move to ${offerWhen}` });
        await move.waitFor();
        await screenshot(page, `business-calendar-manage-notice-${String(width)}.png`);
        expect(await axe(page, width)).toEqual([]);
        if (width !== 1280) {
          // On a phone, the form to choose another day, opened in the notice.
          await notice.getByRole('button', { name: 'Choose another day' }).click();
          const choose = notice.getByRole('region', { name: 'Choose another day' });
          await choose.getByText('Closed: Snowstorm. Please choose another date.').waitFor();
          await choose.scrollIntoViewIfNeeded();
          await screenshot(page, `business-calendar-manage-choose-${String(width)}.png`);
          expect(await axe(page, width)).toEqual([]);
          await page.context().close();
          continue;
        }

        await move.click();
        await page
          .getByRole('status')
          .getByText(BookingMessages.rescheduled(offerDate, timeLabel(offerTime)))
          .waitFor();
        await notice.waitFor({ state: 'detached' });
        // The booking's summary shows the new day.
        await page
          .getByRole('definition')
          .getByText(longDate(offerDate), { exact: true })
          .waitFor();
        expect(await cspViolations(page)).toEqual([]);
        await page.context().close();
      }

      const moved = await BookingModel.findById(visit.id);
      expect({ date: moved?.date, time: moved?.time, status: moved?.status }).toEqual({
        date: offerDate,
        time: offerTime,
        status: 'paid',
      });
    },
    scaled(180_000),
  );
});
