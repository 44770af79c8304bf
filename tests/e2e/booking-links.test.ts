import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../../api/src/bookings/booking-model';
import type { ProductHarness } from '../support/api-harness';
import { bookingFields, withFields } from '../support/booking-form';
import { waitForMail } from '../support/mailbox';
import { startSite, type SiteHarness } from '../support/site-harness';
import { scaled } from '../support/time-scale';

describe('the booking pages a customer reaches from emails and from the payment page', () => {
  let site: SiteHarness;
  let product: ProductHarness;
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    site = await startSite();
    ({ product, browser, origin } = site);
  }, scaled(120_000));
  afterAll(async () => {
    await site.close();
  });

  async function book(overrides: Record<string, string> = {}) {
    const fields = bookingFields(overrides);
    const response = await withFields(request(product.api.app).post('/api/bookings'), fields);
    expect(response.status).toBe(201);
    return {
      id: response.body.booking.id as string,
      reference: response.body.booking.reference as string,
      token: response.body.token as string,
      email: fields.email ?? '',
    };
  }

  async function openPage(url: string): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      // A refused call is logged by Chromium as a failed resource; anything else is a problem.
      if (message.type() === 'error' && !message.text().includes('status of 4')) {
        problems.push(message.text());
      }
    });
    await page.goto(url);
    return { page, problems };
  }

  it('opens the manage link from the email, moves the booking, then cancels it', async () => {
    const { id, reference } = await book({ time: 'morning' });
    const { page, problems } = await openPage(product.api.context.links.url(id));
    await page.getByText(reference).waitFor();
    await page.getByText('Awaiting payment').waitFor();

    await page.getByLabel('New time').selectOption('afternoon');
    await page.getByRole('button', { name: 'Move my booking' }).click();
    await page
      .getByRole('status')
      .getByText(/Your booking has been moved to/)
      .waitFor();
    expect((await BookingModel.findById(id))?.time).toBe('afternoon');

    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByRole('status').getByText('Your booking has been cancelled.').waitFor();
    await page.getByText('Cancelled', { exact: true }).waitFor();
    expect((await BookingModel.findById(id))?.status).toBe('cancelled');
    expect(problems).toEqual([]);
  });

  it('says a tampered link is not valid, and changes nothing', async () => {
    const { id } = await book();
    const { page } = await openPage(
      `${origin}/bookings/manage?booking=${id}&token=${'x'.repeat(43)}`,
    );
    await page
      .getByRole('alert')
      .getByText(/This booking link is not valid/)
      .waitFor();
    await page.getByRole('button', { name: 'Cancel booking' }).waitFor({ state: 'detached' });
    expect((await BookingModel.findById(id))?.status).toBe('pending_payment');
  });

  it('pays on the test checkout page and shows the booking confirmed on return', async () => {
    const { id, email, token } = await book({ service: 'Lawn Repair' });
    const checkout = await request(product.api.app)
      .post('/api-docs/api/payments')
      .send({ bookingId: id, amount: 14900, email, token });
    expect(checkout.status).toBe(200);
    const { page, problems } = await openPage(String(checkout.body.url));
    await page.getByRole('button', { name: /Pay with test card 4242/ }).click();
    await page.waitForURL(/\/bookings\/return\?/);
    await page
      .getByRole('status')
      .getByText(`Booking confirmed for Lawn Repair! A confirmation has been sent to ${email}`)
      .waitFor({ timeout: 20_000 });
    expect((await BookingModel.findById(id))?.status).toBe('paid');
    const [confirmation] = await waitForMail(email);
    expect(confirmation?.Subject).toContain('is confirmed');
    expect(problems).toEqual([]);
  });
});
