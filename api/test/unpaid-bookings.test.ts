import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../src/bookings/booking-model';
import {
  PAYMENT_REMINDER_DELAY_MS,
  paymentReminderJobId,
} from '../src/bookings/lifecycle/booking-effects';
import { BookingMessages } from '../src/domain/booking/booking-schema';
import { TEST_PAYMENT_METHODS } from '../src/domain/payment/test-cards';
import { QueueName } from '../src/jobs/job-definitions';
import {
  startApiAndWorkers,
  type ApiHarness,
  type ProductHarness,
} from '../../tests/support/api-harness';
import { bookingFields, testPhone, withFields } from '../../tests/support/booking-form';
import { dataChanges, snapshotData } from '../../tests/support/data-snapshot';
import { mailbox, waitForMail } from '../../tests/support/mailbox';
import { jobCompleted, jobsSettled, queuesOf } from '../../tests/support/settled-jobs';
import { testEmail, testEnv } from '../../tests/support/test-env';

const REMINDER_SUBJECT = /^Complete your booking: /;
/** What a stranger may type into a form that names somebody else's address. */
const TYPED_NAME = 'URGENT refund http://evil.example/claim';
const TYPED_ADDRESS = '1 Phish Lane, visit http://evil.example now';

describe('an unpaid booking: never a dead end, never a place held for nothing', () => {
  const env = testEnv({ FORM_RATE_LIMIT_MAX: '1000', SLOT_CAPACITY: '2' });
  let product: ProductHarness;
  let api: ApiHarness;
  let queues: ReturnType<typeof queuesOf>;

  beforeAll(async () => {
    product = await startApiAndWorkers(env);
    api = product.api;
    queues = queuesOf(env);
  });
  afterAll(async () => {
    await queues.close();
    await product.close();
  });

  async function book(overrides: Record<string, string> = {}) {
    const fields = bookingFields({
      name: TYPED_NAME,
      address: `${TYPED_ADDRESS}, M4W 1P8`,
      ...overrides,
    });
    const answer = await withFields(request(api.app).post('/api/bookings'), fields);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return {
      id: answer.body.booking.id as string,
      token: answer.body.token as string,
      email: fields.email ?? '',
      fields,
    };
  }

  const reminderJob = (id: string) =>
    queues.queue(QueueName.BookingEmails).getJob(paymentReminderJobId(id));

  const remindersTo = async (email: string) =>
    (await mailbox().list({ to: email })).filter((mail) => REMINDER_SUBJECT.test(mail.Subject));

  it('opens on its manage link at once, with Pay now and Cancel', async () => {
    const made = await book();
    const page = await request(api.app)
      .get(`/api/bookings/${made.id}`)
      .query({ token: made.token });
    expect(page.status).toBe(200);
    expect(page.body.booking).toMatchObject({
      status: 'pending_payment',
      canPay: true,
      canCancel: true,
    });
  });

  it('reminds it once, 10 minutes after booking, with Pay now and Cancel and nothing typed', async () => {
    const made = await book();
    const job = await reminderJob(made.id);
    expect(await job?.getState()).toBe('delayed');
    expect(job?.opts.delay).toBe(PAYMENT_REMINDER_DELAY_MS);
    await job?.promote();
    const [mail] = await waitForMail(made.email);
    expect(mail?.Subject).toMatch(REMINDER_SUBJECT);
    const text = mail?.Text ?? '';
    expect(text).toContain('Pay now: ');
    expect(text).toContain('action=pay');
    expect(text).toContain('Cancel this booking: ');
    expect(text).toContain('action=cancel');
    // The address was typed, not proved: nothing typed into the form reaches it.
    for (const typed of ['URGENT', 'evil.example', 'Phish']) {
      expect(text).not.toContain(typed);
      expect(mail?.HTML ?? '').not.toContain(typed);
      expect(mail?.Subject).not.toContain(typed);
    }
  });

  it('reminds at once when the customer leaves payment, and only once however often', async () => {
    const made = await book();
    const left = await request(api.app)
      .post(`/api/bookings/${made.id}/payment-left`)
      .query({ token: made.token });
    expect(left.status).toBe(202);
    await waitForMail(made.email);
    await jobCompleted(queues, QueueName.BookingEmails, paymentReminderJobId(made.id));
    const again = await request(api.app)
      .post(`/api/bookings/${made.id}/payment-left`)
      .query({ token: made.token });
    expect(again.status).toBe(202);
    await jobCompleted(queues, QueueName.BookingEmails, paymentReminderJobId(made.id));
    expect(await remindersTo(made.email)).toHaveLength(1);
  });

  it('sends no reminder for a booking paid in the meantime', async () => {
    const made = await book();
    const paid = await request(api.app).post('/api/payments').send({
      bookingId: made.id,
      amount: 14900,
      paymentMethod: 'card',
      customerEmail: made.email,
      paymentMethodId: TEST_PAYMENT_METHODS.succeeds,
      token: made.token,
    });
    expect(paid.status).toBe(200);
    const [confirmation] = await waitForMail(made.email);
    expect(confirmation?.Subject).toMatch(/is confirmed/);
    await (await reminderJob(made.id))?.promote();
    await jobCompleted(queues, QueueName.BookingEmails, paymentReminderJobId(made.id));
    expect(await remindersTo(made.email)).toHaveLength(0);
  });

  it('refuses a stranger who leaves payment for somebody else, and queues nothing', async () => {
    const made = await book();
    // Earlier tests' emails may still be on their way: the snapshot is taken once they arrived.
    await jobsSettled(queues);
    const before = await snapshotData(api.context);
    for (const token of [undefined, 'x'.repeat(43)]) {
      const answer = await request(api.app)
        .post(`/api/bookings/${made.id}/payment-left`)
        .query(token === undefined ? {} : { token });
      expect(answer.status).toBe(404);
    }
    expect(dataChanges(before, await snapshotData(api.context))).toEqual([]);
    expect(await (await reminderJob(made.id))?.getState()).toBe('delayed');
  });

  it('gives the place back at once when it is cancelled, and lets the contact book again', async () => {
    const email = testEmail('unpaid-contact');
    const phone = testPhone();
    const date = bookingFields().date ?? '';
    const placesLeft = async () => {
      const answer = await request(api.app)
        .get('/api/availability')
        .query({ from: date, to: date });
      return answer.body.days[0].windows.morning as number;
    };
    const first = await book({ email, phone, date });
    await book({ email, phone, date });
    expect(await placesLeft()).toBe(0);
    // Two unpaid places is what one contact may hold.
    const third = await withFields(
      request(api.app).post('/api/bookings'),
      bookingFields({ email, phone }),
    );
    expect(third.status).toBe(409);

    const cancelled = await request(api.app)
      .post(`/api/bookings/${first.id}/cancel`)
      .query({ token: first.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(BookingMessages.cancelled);
    expect(await placesLeft()).toBe(1);
    expect((await BookingModel.findById(first.id))?.status).toBe('cancelled');
    const again = await withFields(
      request(api.app).post('/api/bookings'),
      bookingFields({ email, phone }),
    );
    expect(again.status).toBe(201);
  });

  it("sends the provider's cancel back to the booking's own page, which says so", async () => {
    const made = await book();
    const checkout = await request(api.app).post('/api/payments/checkout').send({
      bookingId: made.id,
      amount: 14900,
      email: made.email,
      token: made.token,
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const stored = await BookingModel.findById(made.id);
    const page = await request(api.app).get(new URL(checkout.body.url as string).pathname);
    expect(page.status).toBe(200);
    const cancelLink = /href="([^"]*payment=cancelled[^"]*)"/.exec(page.text)?.[1] ?? '';
    const cancelUrl = new URL(cancelLink.replaceAll('&amp;', '&'));
    expect(cancelUrl.pathname).toBe('/bookings/manage');
    expect(cancelUrl.searchParams.get('booking')).toBe(made.id);
    expect(cancelUrl.searchParams.get('token')).toBe(made.token);
    expect(stored?.status).toBe('pending_payment');
  });
});
