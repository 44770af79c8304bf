import { Queue } from 'bullmq';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../src/bookings/booking-model';
import { BookingMessages } from '../src/domain/booking/booking-schema';
import { addDays, todayInToronto } from '../src/domain/calendar/toronto-date';
import { TEST_PAYMENT_METHODS } from '../src/domain/payment/test-cards';
import { QueueName } from '../src/jobs/job-definitions';
import { createRedis, type Redis } from '../src/platform/redis';
import {
  startApiAndWorkers,
  type ApiHarness,
  type ProductHarness,
} from '../../tests/support/api-harness';
import { bookingFields, withFields, workingDay } from '../../tests/support/booking-form';
import { mailbox, waitForMail } from '../../tests/support/mailbox';
import { eventually } from '../../tests/support/poll';
import { jobCompleted } from '../../tests/support/settled-jobs';
import { testEnv } from '../../tests/support/test-env';

describe('a booking after it is made: the payment timer, the manage link, the reminder', () => {
  // One place per window, and an unpaid booking keeps it for 2 seconds.
  const env = testEnv({
    LOG_LEVEL: 'info',
    FORM_RATE_LIMIT_MAX: '1000',
    SLOT_CAPACITY: '1',
    PAYMENT_HOLD_SECONDS: '2',
  });
  let api: ApiHarness;
  let product: ProductHarness;
  let redis: Redis;
  let emailsQueue: Queue;

  beforeAll(async () => {
    product = await startApiAndWorkers(env);
    api = product.api;
    redis = createRedis(env.REDIS_URL ?? '', { blocking: true });
    emailsQueue = new Queue(QueueName.BookingEmails, {
      connection: redis,
      prefix: env.QUEUE_PREFIX,
    });
  });
  afterAll(async () => {
    await emailsQueue.close();
    redis.disconnect();
    await product.close();
  });

  const placesLeft = async (date: string, time: 'morning' | 'afternoon' | 'evening') => {
    const response = await request(api.app).get(`/api/availability?from=${date}&to=${date}`);
    return response.body.days[0].windows[time] as number;
  };

  async function book(overrides: Record<string, string>) {
    const fields = bookingFields(overrides);
    const response = await withFields(request(api.app).post('/api/bookings'), fields);
    expect(response.status).toBe(201);
    return { id: response.body.booking.id as string, email: fields.email ?? '' };
  }

  const payNow = (id: string, email: string) =>
    request(api.app)
      .post('/api/payments')
      .send({
        bookingId: id,
        amount: 14900,
        paymentMethod: 'card',
        customerEmail: email,
        paymentMethodId: TEST_PAYMENT_METHODS.succeeds,
        token: api.context.links.token(id),
      });

  it('gives an unpaid booking’s place back after the hold', async () => {
    const date = workingDay(addDays(todayInToronto(), 310));
    const { id } = await book({ date, time: 'afternoon' });
    expect(await placesLeft(date, 'afternoon')).toBe(0);
    await eventually(async () => expect(await placesLeft(date, 'afternoon')).toBe(1), {
      timeoutMs: 15_000,
    });
    const booking = await BookingModel.findById(id);
    expect(booking?.status).toBe('cancelled');
    expect(booking?.cancelReason).toBe('unpaid');
    // Paying for it now is refused: the booking no longer waits for money.
    const late = await payNow(id, booking?.email ?? '');
    expect(late.status).toBe(409);
  });

  it('keeps a paid booking’s place when its timer fires', async () => {
    const date = workingDay(addDays(todayInToronto(), 311));
    const { id, email } = await book({ date, time: 'morning' });
    expect((await payNow(id, email)).status).toBe(200);
    await eventually(async () => expect((await BookingModel.findById(id))?.status).toBe('paid'));
    // The 2 s payment timer has fired and run to its end, finding the booking paid.
    await jobCompleted(api.context.jobs, QueueName.Bookings, `release-${id}`);
    expect((await BookingModel.findById(id))?.status).toBe('paid');
    expect(await placesLeft(date, 'morning')).toBe(0);
  });

  it('shows, moves and cancels a booking through its signed link; a tampered link gets 404', async () => {
    const date = workingDay(addDays(todayInToronto(), 312));
    const { id, email } = await book({ date, time: 'evening' });
    expect((await payNow(id, email)).status).toBe(200);
    await eventually(async () => expect((await BookingModel.findById(id))?.status).toBe('paid'));
    const token = api.context.links.token(id);

    // The link in the confirmation email is this one.
    const [confirmation] = await waitForMail(email);
    expect(confirmation?.Text).toContain(api.context.links.url(id));

    const view = await request(api.app).get(`/api/bookings/${id}?token=${token}`);
    expect(view.status).toBe(200);
    expect(view.body.booking).toMatchObject({
      id,
      status: 'paid',
      email,
      canCancel: true,
      canReschedule: true,
      refundOnCancel: true,
    });

    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    // A wrong link is answered as an unknown booking: it says nothing about this one.
    expect((await request(api.app).get(`/api/bookings/${id}?token=${tampered}`)).status).toBe(404);
    expect((await request(api.app).get(`/api/bookings/${id}`)).status).toBe(404);
    const other = await book({});
    const borrowed = await request(api.app)
      .post(`/api/bookings/${other.id}/cancel`)
      .send({ token });
    expect(borrowed.status).toBe(404);
    expect(borrowed.body.error).toBe(BookingMessages.notFound);
    expect((await BookingModel.findById(other.id))?.status).toBe('pending_payment');

    // Moving it to a full window is refused; to a free one takes it and frees the old one.
    const full = await book({ date, time: 'morning' });
    const refused = await request(api.app)
      .post(`/api/bookings/${id}/reschedule`)
      .send({ token, date, time: 'morning' });
    expect(refused.status).toBe(409);
    const moved = await request(api.app)
      .post(`/api/bookings/${id}/reschedule`)
      .send({ token, date, time: 'afternoon' });
    expect(moved.status).toBe(200);
    expect(moved.body.booking.time).toBe('afternoon');
    expect(await placesLeft(date, 'evening')).toBe(1);
    expect(await placesLeft(date, 'afternoon')).toBe(0);
    const [movedMail] = (await waitForMail(email, { count: 2 })).filter((mail) =>
      mail.Subject.includes('has moved'),
    );
    expect(movedMail?.Attachments[0]?.FileName).toMatch(/\.ics$/);
    expect(full.id).toBeTruthy();

    const cancelled = await request(api.app).post(`/api/bookings/${id}/cancel`).send({ token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(BookingMessages.cancelledWithRefund);
    expect(await placesLeft(date, 'afternoon')).toBe(1);
    const again = await request(api.app).post(`/api/bookings/${id}/cancel`).send({ token });
    expect(again.status).toBe(409);
    await eventually(async () =>
      expect((await BookingModel.findById(id))?.status).toBe('refunded'),
    );
  });

  it('cancels an unpaid booking through its link and returns the place at once', async () => {
    const date = workingDay(addDays(todayInToronto(), 313));
    const { id } = await book({ date, time: 'morning' });
    expect(await placesLeft(date, 'morning')).toBe(0);
    const token = api.context.links.token(id);
    const response = await request(api.app).post(`/api/bookings/${id}/cancel`).send({ token });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(BookingMessages.cancelled);
    expect(await placesLeft(date, 'morning')).toBe(1);
  });

  it('schedules the reminder for the day before, and sends none for a booking cancelled since', async () => {
    const date = workingDay(addDays(todayInToronto(), 314));
    const { id, email } = await book({ date, time: 'morning' });
    expect((await payNow(id, email)).status).toBe(200);
    const jobId = `reminder-${id}-${date}-morning`;
    const reminder = await eventually(async () => {
      const job = await emailsQueue.getJob(jobId);
      expect(job).toBeTruthy();
      return job;
    });
    const due = (reminder?.timestamp ?? 0) + (reminder?.opts.delay ?? 0);
    const visit = Date.parse(`${date}T08:00:00-05:00`);
    // The day before at the visit's hour (an hour either way for daylight saving time).
    expect(Math.abs(visit - 24 * 3600_000 - due)).toBeLessThanOrEqual(3600_000);

    // Sent now instead of months from now: it arrives.
    await reminder?.promote();
    const mails = await waitForMail(email, { count: 2 });
    expect(mails.some((mail) => mail.Subject.startsWith('Reminder:'))).toBe(true);

    // Another booking, cancelled: its reminder runs and sends nothing.
    const second = await book({
      date: workingDay(addDays(todayInToronto(), 315)),
      time: 'morning',
    });
    expect((await payNow(second.id, second.email)).status).toBe(200);
    const secondJobId = `reminder-${second.id}-${workingDay(addDays(todayInToronto(), 315))}-morning`;
    const secondReminder = await eventually(async () => {
      const job = await emailsQueue.getJob(secondJobId);
      expect(job).toBeTruthy();
      return job;
    });
    const token = api.context.links.token(second.id);
    expect(
      (await request(api.app).post(`/api/bookings/${second.id}/cancel`).send({ token })).status,
    ).toBe(200);
    await secondReminder?.promote();
    await eventually(async () =>
      expect(await emailsQueue.getJob(secondJobId).then((job) => job?.finishedOn)).toBeTruthy(),
    );
    const received = await mailbox().list({ to: second.email });
    expect(received.filter((mail) => mail.Subject.startsWith('Reminder:'))).toHaveLength(0);
  });
});
