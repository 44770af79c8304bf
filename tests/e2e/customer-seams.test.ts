import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../../api/src/bookings/booking-model';
import { addDays, todayInToronto } from '../../api/src/domain/calendar/toronto-date';
import { signUp } from '../support/accounts';
import { auditPage, violationLines } from '../support/axe';
import { TEST_CARD, fillBookingDialog, payInDialog, workingDay } from '../support/booking-form';
import {
  cspViolations,
  waitForDisabled,
  waitForValue,
  watchCspViolations,
} from '../support/browser';
import { waitForMail } from '../support/mailbox';
import { eventually } from '../support/poll';
import { startSite, type SiteHarness } from '../support/site-harness';
import { testEmail } from '../support/test-env';
import { scaled } from '../support/time-scale';

const ARTIFACTS = path.join(import.meta.dirname, '..', '..', 'test-artifacts', 'screenshots');
const PASSWORD = 'customer-seams-Passw0rd!';

/**
 * What a customer met in one afternoon (issue: "the seams they met, closed"), walked in Chromium.
 * A lead time of 41 hours closes every window of tomorrow whatever the hour the test runs at, so
 * the journeys book from four days ahead.
 */
describe('a customer’s afternoon in Chromium', () => {
  let site: SiteHarness;

  beforeAll(async () => {
    site = await startSite({ SAME_DAY_LEAD_HOURS: '41', AUTH_RATE_LIMIT_MAX: '1000' });
    mkdirSync(ARTIFACTS, { recursive: true });
  }, scaled(120_000));
  afterAll(async () => {
    await site.close();
  });

  async function servicesPage(width = 1280, token?: string): Promise<Page> {
    const context = await site.browser.newContext({ viewport: { width, height: 900 } });
    if (token !== undefined) {
      await context.addInitScript((login: string) => {
        window.localStorage.setItem('authToken', login);
        window.localStorage.setItem('username', 'Sam Lee');
      }, token);
    }
    const page = await context.newPage();
    await watchCspViolations(page);
    await page.goto(`${site.origin}/service/service1`);
    return page;
  }

  async function openForm(page: Page, service = 'Painting', plan = 'One-time Visit') {
    await page.getByRole('button', { name: `Book Now for ${service}` }).click();
    await page.getByRole('button', { name: `Choose ${plan}` }).click();
    return page.getByRole('dialog', { name: 'Book Your Service' });
  }

  it('offers no window that starts too soon, and says why', async () => {
    const page = await servicesPage();
    const form = await openForm(page);
    await form.getByLabel('Preferred Date').fill(workingDay(addDays(todayInToronto(), 1)));
    for (const window of ['Morning (8am-12pm)', 'Afternoon (12pm-4pm)', 'Evening (4pm-8pm)']) {
      const option = form.getByRole('option', { name: `${window} (no longer available)` });
      await waitForDisabled(option);
    }
    await form.getByLabel('Preferred Date').fill(workingDay(addDays(todayInToronto(), 4)));
    await form.getByRole('option', { name: 'Morning (8am-12pm)', exact: true }).waitFor({
      state: 'attached',
    });
    await page.context().close();
  });

  it('leaves payment, is told what happened, gets the email, and pays from the page', async () => {
    const page = await servicesPage(375);
    const email = testEmail('left-payment');
    await openForm(page);
    await fillBookingDialog(page, email, workingDay(addDays(todayInToronto(), 4)));
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Complete Your Payment' });
    await payment.getByLabel('Card Number').waitFor();
    // The card expiry is written as people read it.
    await payment.getByLabel('Expiry Date (MM/YY)').fill('1229');
    await waitForValue(payment.getByLabel('Expiry Date (MM/YY)'), '12/29');
    await page.keyboard.press('Escape');

    const left = page.getByRole('region', { name: 'Your booking is not paid yet' });
    await left.waitFor();
    const booking = await BookingModel.findOne({ email });
    await left.getByText(booking?.reference ?? 'no reference').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'left-payment-375.png'), fullPage: false });
    expect(violationLines(await auditPage(page, { include: '.booking-result' }))).toEqual([]);
    const [mail] = await waitForMail(email);
    expect(mail?.Subject).toMatch(/^Complete your booking: Painting/);

    await left.getByRole('button', { name: 'Pay now' }).click();
    await payInDialog(page, TEST_CARD);
    const thanks = page.getByRole('region', { name: 'Thank you!' });
    await thanks.getByText(booking?.reference ?? 'no reference').waitFor();
    // The result is where the customer is looking: focused, and on screen.
    await eventually(async () => {
      expect(await thanks.evaluate((element) => element === document.activeElement)).toBe(true);
    });
    await thanks.getByRole('link', { name: 'See or change your booking' }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'paid-result-375.png'), fullPage: false });
    await eventually(async () =>
      expect((await BookingModel.findOne({ email }))?.status).toBe('paid'),
    );
    expect(await cspViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("cancels the provider's page, lands on the booking, and cancels it there", async () => {
    const page = await servicesPage();
    const email = testEmail('checkout-cancel');
    await openForm(page, 'Lawn Repair');
    await fillBookingDialog(page, email, workingDay(addDays(todayInToronto(), 5)));
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: 'Pay on a secure checkout page instead' }).click();
    await page.getByRole('link', { name: 'Cancel and return to the site' }).click();
    await page.waitForURL(/\/bookings\/manage\?.*payment=cancelled/);
    await page.getByText(/You left the payment page, so nothing was charged/).waitFor();
    await page.getByRole('button', { name: 'Pay now' }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'checkout-cancelled-1280.png') });
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByText('Your booking has been cancelled.').waitFor();
    expect((await BookingModel.findOne({ email }))?.status).toBe('cancelled');
    await page.context().close();
  });

  it('goes Back a step at a time and finds the form as it was typed', async () => {
    const page = await servicesPage();
    const form = await openForm(page);
    await form.getByLabel('Full Name').fill('Maya Singh');
    await form.getByLabel('Service Address').fill('12 Rosedale Ave, Toronto');
    await page.goBack();
    await page.getByRole('dialog', { name: 'Choose Your Plan' }).waitFor();
    await page.goBack();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/service/service1');
    // Away to another page and back: the form still has what was typed.
    await page.goto(`${site.origin}/about`);
    await page.goBack();
    const again = await openForm(page);
    await waitForValue(again.getByLabel('Full Name'), 'Maya Singh');
    await waitForValue(again.getByLabel('Service Address'), '12 Rosedale Ave, Toronto');
    await page.context().close();
  });

  it('starts a signed-in customer’s form from the profile, and asks for the project', async () => {
    const account = await signUp(site.product.api.app, PASSWORD);
    const page = await servicesPage(1280, account.token);
    await page.getByRole('button', { name: 'Book Now for Free Construction Estimate' }).click();
    const form = page.getByRole('dialog', { name: 'Request a Custom Estimate' });
    // signUp's account: Sam Lee, 1 King St W.
    await waitForValue(form.getByLabel('Full Name'), 'Sam Lee');
    await waitForValue(form.getByLabel('Email Address'), account.email);
    await waitForValue(form.getByLabel('Service Address'), '1 King St W');
    await form.getByLabel('Phone Number').fill('416-555-0123');
    await form.getByLabel('Postal Code').fill('M5H 2N2');
    await form.getByLabel('Preferred Date').fill(workingDay(addDays(todayInToronto(), 6)));
    await form.getByLabel('Tell us about the project').fill('A cedar deck, 12 x 16 ft.');
    await page.screenshot({ path: path.join(ARTIFACTS, 'estimate-form-1280.png') });
    await form.getByRole('button', { name: 'Request My Free Estimate' }).click();
    const thanks = page.getByRole('region', { name: 'Thank you!' });
    await thanks.getByText('Thank you! We will contact you soon.').waitFor();
    const stored = await BookingModel.findOne({ email: account.email });
    await thanks.getByText(stored?.reference ?? 'no reference').waitFor();
    expect(stored?.details).toBe('A cedar deck, 12 x 16 ft.');
    await page.context().close();
  });

  it('carries what was typed to the contact form when the address is outside the area', async () => {
    const page = await servicesPage();
    const form = await openForm(page);
    await form.getByLabel('Full Name').fill('Ada Park');
    await form.getByLabel('Email Address').fill('ada@example.com');
    await form.getByLabel('Phone Number').fill('613-555-0100');
    await form.getByLabel('Service Address').fill('111 Wellington St, Ottawa');
    await form.getByLabel('Postal Code').fill('k1a0a9');
    await form.getByLabel('Preferred Date').click();
    await form.getByRole('link', { name: 'Ask for an estimate' }).click();
    await page.waitForURL(/\/contact$/);
    const contact = page.getByRole('form', { name: 'Write a Message' });
    await waitForValue(contact.getByLabel('Full name'), 'Ada Park');
    await waitForValue(contact.getByLabel('Email address'), 'ada@example.com');
    await waitForValue(contact.getByLabel('Phone number'), '613-555-0100');
    await waitForValue(
      contact.getByLabel('Message'),
      'I would like an estimate for Painting at 111 Wellington St, Ottawa, K1A 0A9, which is outside your service area.',
    );
    await page.context().close();
  });
});
