import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/poll';
import { BookingModel } from '../../api/src/bookings/booking-model';
import { addDays, todayInToronto } from '../../api/src/domain/calendar/toronto-date';
import { startSite, type SiteHarness } from '../support/site-harness';
import { testEmail } from '../support/test-env';
import { workingDay } from '../support/booking-form';
import { scaled } from '../support/time-scale';

/** The accessible name of the focused element, as a screen reader would say it. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement)) return '';
    const labelled = element.getAttribute('aria-label');
    if (labelled) return labelled;
    const id = element.id;
    const label = id ? document.querySelector(`label[for="${CSS.escape(id)}"]`) : null;
    return (label?.textContent ?? element.textContent).trim();
  });
}

/** Presses Tab until the focused element's name matches, as a keyboard user would. */
async function tabTo(page: Page, name: RegExp, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (name.test(await focusedName(page))) return;
  }
  throw new Error(`${String(name)} not reached with ${String(limit)} presses of Tab`);
}

/**
 * Where focus is: the name of the control inside the open dialog, 'page behind' for anything
 * else in the page, or '' when no element has it (the browser's own toolbar, which a native
 * modal dialog lets the keyboard reach between its last control and its first).
 */
async function focusStop(page: Page): Promise<string> {
  const inDialog = await page.evaluate(() => {
    const element = document.activeElement;
    if (element === null || element === document.body) return null;
    return document.querySelector('dialog[open]')?.contains(element) ?? false;
  });
  if (inDialog === null) return '';
  return inDialog ? focusedName(page) : 'page behind';
}

describe('the booking journey with the keyboard alone', () => {
  let site: SiteHarness;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    ({ browser } = site);
  }, scaled(120_000));
  afterAll(async () => {
    await site.close();
  });

  it('books and pays a One-time Visit without touching the mouse', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const email = testEmail('keyboard');
    await page.goto(`${site.origin}/service/service1`);
    await page.getByRole('button', { name: 'Book Now for Painting' }).waitFor();

    await tabTo(page, /^Book Now for Painting$/);
    await page.keyboard.press('Enter');
    await tabTo(page, /^Choose One-time Visit$/);
    await page.keyboard.press('Enter');

    const date = workingDay(addDays(todayInToronto(), 15));
    const [year, month, day] = date.split('-');
    for (const [label, text] of [
      [/^Full Name/, 'Kai Keyboard'],
      [/^Phone Number/, '416-555-0123'],
      [/^Email Address/, email],
      [/^Service Address/, '40 Bay St, Toronto'],
      [/^Postal Code/, 'M5J 2T3'],
    ] as const) {
      await tabTo(page, label);
      await page.keyboard.type(text);
    }
    await tabTo(page, /^Preferred Date/);
    // Chromium's date field takes the digits in its locale's order (month, day, year here).
    await page.keyboard.type(`${month ?? ''}${day ?? ''}${year ?? ''}`);
    await tabTo(page, /^Continue to Payment$/);
    await page.keyboard.press('Enter');

    await page.getByRole('dialog', { name: 'Complete Your Payment' }).waitFor();
    for (const [label, text] of [
      [/^Card Number/, '4242424242424242'],
      [/^Expiry Date/, '12/30'],
      [/^CVV/, '123'],
      [/^Name on Card/, 'Kai Keyboard'],
    ] as const) {
      await tabTo(page, label);
      await page.keyboard.type(text);
    }
    await tabTo(page, /^Confirm Payment$/);
    await page.keyboard.press('Enter');
    await page
      .getByText(`Booking confirmed for Painting! A confirmation has been sent to ${email}`)
      .waitFor();
    // The provider's signed event makes it paid, through the workers: a moment after the page.
    await eventually(async () => {
      const booking = await BookingModel.findOne({ email });
      expect(booking?.date).toBe(date);
      expect(booking?.status).toBe('paid');
    });
    await context.close();
  });

  it('keeps Tab in the open dialog, and Escape gives focus back to Book Now', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.origin}/service/service1`);
    await page.getByRole('button', { name: 'Book Now for Painting' }).waitFor();
    await tabTo(page, /^Book Now for Painting$/);
    await page.keyboard.press('Enter');
    await tabTo(page, /^Choose One-time Visit$/);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Book Your Service' }).getByLabel('Full Name').waitFor();

    // From the last control (the member discount's toggle, under the form), a full round of Tab
    // and more, then the same with Shift+Tab.
    await tabTo(page, /^Monthly Visit member\? Get 10% off$/);
    const forward: string[] = [];
    for (let presses = 0; presses < 20; presses += 1) {
      await page.keyboard.press('Tab');
      forward.push(await focusStop(page));
    }
    expect(forward).not.toContain('page behind');
    expect(forward.filter(Boolean).slice(0, 3)).toEqual(['Close', 'Service', 'Plan']);
    await tabTo(page, /^Close$/);
    const backward: string[] = [];
    for (let presses = 0; presses < 20; presses += 1) {
      await page.keyboard.press('Shift+Tab');
      backward.push(await focusStop(page));
    }
    expect(backward).not.toContain('page behind');
    expect(backward.filter(Boolean).slice(0, 3)).toEqual([
      'Monthly Visit member? Get 10% off',
      'Continue to Payment',
      'Back',
    ]);

    // Escape on the form goes back to the plans, and on the plans closes the booking.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Choose Your Plan' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await eventually(async () => {
      expect(await focusedName(page)).toBe('Book Now for Painting');
    });
    await context.close();
  });
});
