import type { Locator, Page } from 'playwright-core';
import type { Test } from 'supertest';
import { TIME_WINDOW_IDS, type TimeWindowId } from '../../api/src/domain/booking/catalogue';
import {
  DEFAULT_SAME_DAY_LEAD_HOURS,
  windowOpenToBook,
} from '../../api/src/domain/booking/same-day';
import { addDays, todayInToronto } from '../../api/src/domain/calendar/toronto-date';
import { ontarioHolidays } from '../../api/src/domain/calendar/ontario-holidays';
import { testEmail } from './test-env';

export type BookingFields = Record<string, string>;

let nextDay = 2;
let phoneSerial = Math.floor(Math.random() * 9_000_000);

/**
 * A phone number of its own for each booking: one phone may hold only a few unpaid bookings at
 * once (UNPAID_HOLDS_PER_CONTACT), so forms that share one would refuse each other.
 */
export function testPhone(): string {
  phoneSerial = (phoneSerial + 1) % 10_000_000;
  const digits = String(phoneSerial).padStart(7, '0');
  return `416-${digits.slice(0, 3)}-${digits.slice(3)}`;
}

/** Whether the business works `date`: not one of Ontario's public holidays or observed days. */
export function isWorkingDay(date: string): boolean {
  return !ontarioHolidays(Number(date.slice(0, 4))).some((holiday) => holiday.date === date);
}

/** `date`, or the first working day after it (the business calendar refuses holidays). */
export function workingDay(date: string): string {
  let day = date;
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

/**
 * A valid booking form as the site posts it. Each form is for another day (from two days ahead),
 * so bookings of one test file do not fill each other's windows unless a test means them to.
 */
export function bookingFields(overrides: BookingFields = {}): BookingFields {
  const daysAhead = nextDay;
  nextDay = nextDay >= 300 ? 2 : nextDay + 1;
  return {
    name: 'Maya Singh',
    phone: testPhone(),
    email: testEmail('booker'),
    address: '12 Rosedale Ave, Toronto, ON M4W 1P8',
    // In the default service area (SERVICE_AREA_FSAS=M, Toronto).
    postalCode: 'M4W 1P8',
    date: workingDay(addDays(todayInToronto(), daysAhead)),
    time: 'morning',
    service: 'Painting',
    plan: 'One-time Visit - $149',
    ...overrides,
  };
}

/**
 * The soonest window a customer can still book (SAME_DAY_LEAD_HOURS): today's when one is open
 * at this hour, else the next working day's first (a day ahead, or more across holidays).
 */
export function nextOpenWindow(
  leadHours = DEFAULT_SAME_DAY_LEAD_HOURS,
  now = new Date(),
): { date: string; time: TimeWindowId } {
  const today = todayInToronto(now);
  for (const date of [today, addDays(today, 1), addDays(today, 2), addDays(today, 3)]) {
    if (!isWorkingDay(date)) continue;
    const time = TIME_WINDOW_IDS.find((window) => windowOpenToBook(date, window, now, leadHours));
    if (time) return { date, time };
  }
  throw new Error(`no window open within two days at a lead time of ${String(leadHours)} hours`);
}

/** Adds the fields to a multipart request (a field set to '' is sent empty, as a blank input is). */
export function withFields(test: Test, fields: BookingFields): Test {
  let request = test;
  for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
  return request;
}

/** Stripe's test card that always succeeds (the test provider takes the same cards). */
export const TEST_CARD = '4242 4242 4242 4242';

/**
 * Fills the site's open booking dialog (after a plan is chosen) as a person types it, with
 * `photo` as the job's photo (wall.jpg) when given.
 */
export async function fillBookingDialog(
  page: Page,
  email: string,
  date: string,
  photo?: Buffer,
): Promise<void> {
  const form = page.getByRole('dialog');
  await form.getByLabel('Full Name').fill('Maya Singh');
  await form.getByLabel('Phone Number').fill('416-555-0199');
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Service Address').fill('12 Rosedale Ave, Toronto');
  await form.getByLabel('Postal Code').fill('M4W 1P8');
  await form.getByLabel('Preferred Date').fill(date);
  if (photo) {
    await form
      .getByLabel(/Photo of the job/)
      .setInputFiles({ name: 'wall.jpg', mimeType: 'image/jpeg', buffer: photo });
  }
}

/** Types `card` into the open payment dialog and confirms; the dialog, for what follows. */
export async function payInDialog(page: Page, card: string): Promise<Locator> {
  const payment = page.getByRole('dialog', { name: 'Complete Your Payment' });
  await payment.getByLabel('Card Number').fill(card);
  await payment.getByLabel('Expiry Date (MM/YY)').fill('12/30');
  await payment.getByLabel('CVV').fill('123');
  await payment.getByLabel('Name on Card').fill('Maya Singh');
  await payment.getByRole('button', { name: 'Confirm Payment' }).click();
  return payment;
}

/** From the filled booking form: on to payment, the test card, and the site's confirmation. */
export async function payWithTestCard(page: Page, service: string, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await payInDialog(page, TEST_CARD);
  await page
    .getByText(`Booking confirmed for ${service}! A confirmation has been sent to ${email}`)
    .waitFor();
}
