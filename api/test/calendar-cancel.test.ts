import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../src/bookings/booking-model';
import { addDays, todayInToronto } from '../src/domain/calendar/toronto-date';
import { Company } from '../src/domain/company';
import { TEST_PAYMENT_METHODS } from '../src/domain/payment/test-cards';
import type { MailDetail } from '../src/dev-mailbox/mailbox-client';
import { signUp } from '../../tests/support/accounts';
import {
  startApiAndWorkers,
  type ApiHarness,
  type ProductHarness,
} from '../../tests/support/api-harness';
import { bookingFields, withFields, workingDay } from '../../tests/support/booking-form';
import { calendarEntriesOf, type CalendarEntry } from '../../tests/support/calendar-mail';
import { waitForMail } from '../../tests/support/mailbox';
import { eventually } from '../../tests/support/poll';
import { testEnv } from '../../tests/support/test-env';

const PASSWORD = 'calendar-tests-Passw0rd!';

/**
 * A visit called off leaves the customer's calendar: every email that calls one off carries the
 * cancelling entry (METHOD:CANCEL, the UID of the file they were sent, a higher SEQUENCE), and a
 * move sends the updated entry with a higher SEQUENCE. The files are read from the SMTP capture
 * and parsed with ical.js, as a calendar program would read them.
 */
describe('calendar files follow a visit to its end', () => {
  const env = testEnv({ LOG_LEVEL: 'info', FORM_RATE_LIMIT_MAX: '1000', SLOT_CAPACITY: '5' });
  let api: ApiHarness;
  let product: ProductHarness;
  let admin: string;

  beforeAll(async () => {
    product = await startApiAndWorkers(env);
    api = product.api;
    admin = (await signUp(api.app, PASSWORD, 'admin')).token;
  });
  afterAll(async () => {
    await product.close();
  });

  /** A one-time visit paid with the test card, once its confirmation has arrived. */
  async function paidVisit(daysAhead: number) {
    const fields = bookingFields({ date: addDays(todayInToronto(), daysAhead), time: 'morning' });
    const booked = await withFields(request(api.app).post('/api/bookings'), fields);
    expect(booked.status).toBe(201);
    const id = booked.body.booking.id as string;
    const token = booked.body.token as string;
    const email = fields.email ?? '';
    const paid = await request(api.app).post('/api/payments').send({
      bookingId: id,
      amount: 14900,
      paymentMethod: 'card',
      customerEmail: email,
      paymentMethodId: TEST_PAYMENT_METHODS.succeeds,
      token,
    });
    expect(paid.status).toBe(200);
    const confirmation = await mailTo(email, 'is confirmed');
    return { id, token, email, confirmation: await onlyEntry(confirmation) };
  }

  /** The one email to `email` whose subject has `words`, once it has arrived. */
  async function mailTo(email: string, words: string): Promise<MailDetail> {
    let found: MailDetail | undefined;
    await eventually(async () => {
      const mails = await waitForMail(email);
      found = mails.find((mail) => mail.Subject.includes(words));
      expect(found, `an email to ${email} saying "${words}"`).toBeDefined();
    });
    if (!found) throw new Error('unreachable');
    return found;
  }

  async function onlyEntry(mail: MailDetail): Promise<CalendarEntry> {
    const entries = await calendarEntriesOf(mail);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    if (!entry) throw new Error('no calendar file');
    return entry;
  }

  /** What a calendar program needs to take the visit it has out: the same event, cancelled. */
  function expectCancels(cancel: CalendarEntry, earlier: CalendarEntry, email: string) {
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.contentTypeMethod).toBe('CANCEL');
    expect(cancel.status).toBe('CANCELLED');
    expect(cancel.uid).toBe(earlier.uid);
    expect(cancel.sequence).toBeGreaterThan(earlier.sequence);
    expect(cancel.organizer).toBe(earlier.organizer);
    expect(cancel.organizer).toBe(`mailto:${Company.email}`);
    expect(cancel.attendees).toEqual([`mailto:${email}`]);
    expect(cancel.start).toEqual(earlier.start);
  }

  it('a move sends the same event with a higher SEQUENCE, and the customer’s cancel takes it out', async () => {
    const visit = await paidVisit(60);
    expect(visit.confirmation).toMatchObject({
      method: 'PUBLISH',
      status: 'CONFIRMED',
      sequence: 0,
    });
    expect(visit.confirmation.contentTypeMethod).toBe('PUBLISH');

    const date = workingDay(addDays(todayInToronto(), 61));
    const moved = await request(api.app)
      .post(`/api/bookings/${visit.id}/reschedule`)
      .send({ token: visit.token, date, time: 'evening' });
    expect(moved.status).toBe(200);
    const update = await onlyEntry(await mailTo(visit.email, 'has moved to'));
    expect(update).toMatchObject({ method: 'PUBLISH', uid: visit.confirmation.uid });
    expect(update.sequence).toBeGreaterThan(visit.confirmation.sequence);
    expect(update.start.getTime()).not.toBe(visit.confirmation.start.getTime());

    const cancelled = await request(api.app)
      .post(`/api/bookings/${visit.id}/cancel`)
      .send({ token: visit.token });
    expect(cancelled.status).toBe(200);
    const notice = await mailTo(visit.email, 'is cancelled');
    const cancel = await onlyEntry(notice);
    expectCancels(cancel, update, visit.email);
    // The cancel names the visit as the customer last had it: the moved one.
    expect(cancel.start).toEqual(update.start);
    expect(notice.Text).toContain(
      'The attached calendar file takes the visit out of your calendar.',
    );
  });

  it('an operator’s cancel and an operator’s refund each take the visit out of the calendar', async () => {
    const bearer = { Authorization: `Bearer ${admin}` };
    for (const status of ['cancelled', 'refunded'] as const) {
      const visit = await paidVisit(status === 'cancelled' ? 70 : 71);
      const moved = await request(api.app)
        .patch(`/api/admin/bookings/${visit.id}`)
        .set(bearer)
        .send({ status });
      expect(moved.status, JSON.stringify(moved.body)).toBe(status === 'refunded' ? 202 : 200);
      const cancel = await onlyEntry(await mailTo(visit.email, 'is cancelled'));
      expectCancels(cancel, visit.confirmation, visit.email);
    }
  });

  it('sends no cancelling entry for a visit that never had a calendar file', async () => {
    const fields = bookingFields({
      date: workingDay(addDays(todayInToronto(), 80)),
      time: 'morning',
    });
    const booked = await withFields(request(api.app).post('/api/bookings'), fields);
    expect(booked.status).toBe(201);
    const id = booked.body.booking.id as string;
    const cancelled = await request(api.app)
      .post(`/api/bookings/${id}/cancel`)
      .send({ token: booked.body.token as string });
    expect(cancelled.status).toBe(200);
    const notice = await mailTo(fields.email ?? '', 'is cancelled');
    expect(await calendarEntriesOf(notice)).toEqual([]);
    expect(notice.Text).not.toContain('calendar');
    // Nobody proved the address is theirs: the name typed with it is not mailed there.
    expect(notice.Text.startsWith('Hello,')).toBe(true);
    expect(notice.Text).not.toContain(fields.name ?? '');
    expect((await BookingModel.findById(id))?.status).toBe('cancelled');
  });
});
