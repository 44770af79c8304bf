import { randomUUID } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../../api/src/bookings/booking-model';
import { SlotModel } from '../../api/src/bookings/slot-model';
import { addDays, todayInToronto } from '../../api/src/domain/calendar/toronto-date';
import { multipart } from '../support/api-process';
import { bookingFields, fillBookingDialog, workingDay } from '../support/booking-form';
import { jpeg } from '../support/images';
import { startSite, type SiteHarness } from '../support/site-harness';
import { testEmail } from '../support/test-env';

interface BookingAnswer {
  status: number;
  booking: { id: string; reference: string; date: string; time: string };
}

describe('a booking form submitted twice', () => {
  let site: SiteHarness;

  beforeAll(async () => {
    site = await startSite();
  }, 180_000);
  afterAll(async () => {
    await site.close();
  });

  /** The photo objects stored for the booking, by the booking's own key. */
  const photosOf = async (bookingId: string) =>
    (await site.product.api.context.storage.list('bookings/')).filter((key) =>
      key.startsWith(`bookings/${bookingId}/`),
    );

  const holdersOf = async (date: string, time: string) =>
    (await SlotModel.findOne({ date, time }).lean())?.holders ?? [];

  async function post(fields: Record<string, string>, key: string): Promise<BookingAnswer> {
    const form = multipart(fields);
    // Big enough that the two uploads are still arriving side by side.
    form.append(
      'image',
      new Blob([new Uint8Array(jpeg(400_000))], { type: 'image/jpeg' }),
      'a.jpg',
    );
    const response = await fetch(`${site.origin}/api/bookings`, {
      method: 'POST',
      headers: { 'Idempotency-Key': key },
      body: form,
    });
    const body = (await response.json()) as { booking: BookingAnswer['booking'] };
    return { status: response.status, booking: body.booking };
  }

  it('makes one booking of two concurrent requests with the same Idempotency-Key', async () => {
    // A few rounds, each on an empty window of its own, so the race is run more than once.
    for (const daysAhead of [310, 311, 312]) {
      const fields = bookingFields({ date: addDays(todayInToronto(), daysAhead) });
      const key = randomUUID();
      const answers = await Promise.all([post(fields, key), post(fields, key)]);

      // The first is created, the other answered with it: one booking, described twice.
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
      const [first, second] = answers;
      expect(second.booking).toEqual(first.booking);
      const id = first.booking.id;
      expect(await BookingModel.countDocuments({ email: fields.email })).toBe(1);
      expect(await holdersOf(fields.date ?? '', 'morning')).toEqual([id]);
      expect(await photosOf(id)).toHaveLength(1);
      // The loser's photo, stored under the id it was given before the clash, was removed.
      expect(await site.product.api.context.storage.list('bookings/')).toEqual(
        await allPhotosOfStoredBookings(),
      );
    }
  });

  /** Every photo key the bookings point at, sorted: nothing stored that no booking holds. */
  async function allPhotosOfStoredBookings(): Promise<string[]> {
    const bookings = await BookingModel.find({ imageKey: { $ne: '' } }, { imageKey: 1 }).lean();
    return bookings.map((booking) => booking.imageKey).sort();
  }

  const fillBookingForm = (page: Page, email: string, date: string) =>
    fillBookingDialog(page, email, date, jpeg(300_000));

  it('makes one booking of a double click on Continue to Payment, and of a second visit', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const posts: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/bookings') {
        posts.push(request);
      }
    });
    const email = testEmail('double-click');
    const date = workingDay(addDays(todayInToronto(), 320));
    await page.goto(`${site.origin}/service/service1`);
    await page.getByRole('button', { name: 'Book Now for Painting' }).click();
    await page.getByRole('button', { name: 'Choose One-time Visit' }).click();
    await fillBookingForm(page, email, date);

    await page.getByRole('button', { name: 'Continue to Payment' }).dblclick();
    const payment = page.getByRole('dialog', { name: 'Complete Your Payment' });
    await payment.waitFor();
    // Back to the form and on again, the form unchanged: the same booking, not a second.
    await payment.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await payment.waitFor();

    const keys = await Promise.all(posts.map((request) => request.headerValue('idempotency-key')));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    // Every submit carried the key, and it was one key for the one filled-in form.
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);

    const bookings = await BookingModel.find({ email }).lean();
    expect(bookings).toHaveLength(1);
    const id = String(bookings[0]?._id);
    expect(await holdersOf(date, 'morning')).toEqual([id]);
    expect(await photosOf(id)).toHaveLength(1);
    expect(await site.product.api.context.storage.list('bookings/')).toEqual(
      await allPhotosOfStoredBookings(),
    );
    await context.close();
  });
});
