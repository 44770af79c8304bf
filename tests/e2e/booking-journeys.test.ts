import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../../api/src/bookings/booking-model';
import {
  fillBookingDialog,
  payInDialog,
  payWithTestCard,
  workingDay,
} from '../support/booking-form';
import { addDays, todayInToronto } from '../../api/src/domain/calendar/toronto-date';
import { cspViolations, waitForValue, watchCspViolations } from '../support/browser';
import { jpeg } from '../support/images';
import { waitForMail } from '../support/mailbox';
import { startSite, type SiteHarness } from '../support/site-harness';
import { testEmail } from '../support/test-env';
import { scaled } from '../support/time-scale';

describe('booking journeys in Chromium', () => {
  let site: SiteHarness;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    ({ browser } = site);
  }, scaled(120_000));
  afterAll(async () => {
    await site.close();
  });

  async function servicesPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await watchCspViolations(page);
    await page.goto(`${site.origin}/service/service1`);
    return page;
  }

  const fillBookingForm = (page: Page, email: string, daysAhead: number) =>
    fillBookingDialog(page, email, addDays(todayInToronto(), daysAhead));

  it('books a One-time Visit with a photo, pays with the test card, and the confirmation is emailed', async () => {
    const page = await servicesPage();
    const email = testEmail('journey');
    await page.getByRole('button', { name: 'Book Now for Painting' }).click();
    await page.getByRole('button', { name: 'Choose One-time Visit' }).click();
    await fillBookingDialog(page, email, workingDay(addDays(todayInToronto(), 12)), jpeg(200_000));
    await payWithTestCard(page, 'Painting', email);

    const [mail] = await waitForMail(email);
    expect(mail?.Subject).toContain('is confirmed');
    const booking = await BookingModel.findOne({ email });
    expect(booking?.status).toBe('paid');
    expect(booking?.imageKey).toMatch(/\/photo\.jpg$/);
    // Nothing on the way (forms validated in the page included) was refused by the CSP.
    expect(await cspViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('asks for a free estimate straight away for construction', async () => {
    const page = await servicesPage();
    const email = testEmail('estimate');
    await page.getByRole('button', { name: 'Book Now for Free Construction Estimate' }).click();
    // The booking form loads after the first paint: wait for it, as a person would.
    await page.getByRole('dialog').getByText('Custom Estimate').first().waitFor();
    await fillBookingForm(page, email, 13);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: 'Request My Free Estimate' })
      .click();
    await page.getByText('Thank you! We will contact you soon.').waitFor();
    expect((await BookingModel.findOne({ email }))?.status).toBe('estimate_requested');
    await page.context().close();
  });

  it('keeps the form when the test card is declined', async () => {
    const page = await servicesPage();
    const email = testEmail('declined');
    await page.getByRole('button', { name: 'Book Now for Lawn Repair' }).click();
    await page.getByRole('button', { name: 'Choose One-time Visit' }).click();
    await fillBookingForm(page, email, 14);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const payment = await payInDialog(page, '4000 0000 0000 0002');
    await payment.getByText('Payment failed. Please try again.').waitFor();
    await payment.getByRole('button', { name: 'Back' }).click();
    await waitForValue(page.getByRole('dialog').getByLabel('Email Address'), email);
    await page.context().close();
  });
});
