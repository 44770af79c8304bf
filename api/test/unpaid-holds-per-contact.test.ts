import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../src/bookings/booking-model';
import { BookingMessages } from '../src/domain/booking/booking-schema';
import { addDays } from '../src/domain/calendar/toronto-date';
import { TestCheckoutModel } from '../src/payments/test-checkout-model';
import { PlanMessages } from '../src/domain/subscription/plan-messages';
import { QueueName } from '../src/jobs/job-definitions';
import { planEndedEmail } from '../src/subscriptions/plan-emails';
import { visitsCalledOffByEnd } from '../src/subscriptions/subscription-lifecycle';
import { SubscriptionModel } from '../src/subscriptions/subscription-model';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import {
  bookingFields,
  testPhone,
  withFields,
  type BookingFields,
} from '../../tests/support/booking-form';
import { testEmail, testEnv } from '../../tests/support/test-env';

const CAPACITY = 5;
/** UNPAID_HOLDS_PER_CONTACT's default. */
const LIMIT = 2;

/**
 * Issue 30: one contact held 14 places with a limit of two unpaid bookings, by booking Monthly
 * Visit plans and cancelling each plan's first visit, and the same phone typed with "+1" or an
 * extension counted as another contact. A plan is one hold whose four places go together, and a
 * phone is one number however it is written.
 */
describe('the bound on unpaid holds per contact', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(testEnv({ FORM_RATE_LIMIT_MAX: '1000', SLOT_CAPACITY: String(CAPACITY) }));
  });
  afterAll(async () => {
    await api.close();
  });

  async function book(overrides: BookingFields) {
    const fields = bookingFields(overrides);
    const answer = await withFields(request(api.app).post('/api/bookings'), fields);
    return {
      answer,
      id: answer.body.booking?.id as string,
      token: answer.body.token as string,
      date: fields.date ?? '',
      email: fields.email ?? '',
    };
  }

  /** Places taken in every window from `from` on, as the availability the site reads says. */
  async function placesTaken(from: string): Promise<number> {
    const answer = await request(api.app)
      .get('/api/availability')
      .query({ from, to: addDays(from, 59) });
    expect(answer.status).toBe(200);
    const days = answer.body.days as { windows: Record<string, number> }[];
    return days
      .flatMap((day) => Object.values(day.windows))
      .reduce((taken, left) => taken + CAPACITY - left, 0);
  }

  /** The plan's visits, as its manage page lists them. */
  async function visitsOf(plan: { id: string; token: string }) {
    const page = await request(api.app)
      .get(`/api/bookings/${plan.id}`)
      .query({ token: plan.token });
    expect(page.status).toBe(200);
    return page.body.booking.monthlyPlan.visits as { id: string; status: string }[];
  }

  it('frees all four places of a plan never paid when any of its visits is cancelled, so the attack holds two', async () => {
    const email = testEmail('hoarder');
    const phone = testPhone();
    const from = bookingFields().date ?? '';
    const before = await placesTaken(from);
    for (const visitToCancel of [0, 3, 1, 2]) {
      const plan = await book({ email, phone, plan: 'monthly' });
      expect(plan.answer.status, JSON.stringify(plan.answer.body)).toBe(201);
      expect(await placesTaken(from)).toBe(before + 4);
      const visit = (await visitsOf(plan))[visitToCancel];
      const cancelled = await request(api.app)
        .post(`/api/bookings/${visit?.id ?? ''}/cancel`)
        .send({ token: plan.token });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.message).toBe(PlanMessages.cancelledUnpaid);
      // The plan was one hold: all its places are back on sale at once, and it has ended.
      expect(await placesTaken(from)).toBe(before);
      expect((await visitsOf(plan)).map((each) => each.status)).toEqual(Array(4).fill('cancelled'));
      expect((await SubscriptionModel.findById(plan.id))?.status).toBe('ended');
    }

    for (let held = 1; held <= LIMIT; held += 1) {
      const visit = await book({ email, phone });
      expect(visit.answer.status, JSON.stringify(visit.answer.body)).toBe(201);
      expect(await placesTaken(from)).toBe(before + held);
    }
    const over = await book({ email, phone });
    expect(over.answer.status).toBe(409);
    expect(over.answer.body.error).toBe(BookingMessages.tooManyUnpaid(String(LIMIT)));
    expect(await placesTaken(from)).toBe(before + LIMIT);
  });

  it('closes the checkout page of a plan called off before it was paid, so it cannot be paid after', async () => {
    const plan = await book({ email: testEmail('leaver'), plan: 'monthly' });
    expect(plan.answer.status).toBe(201);
    const checkout = await request(api.app).post('/api/payments/checkout').send({
      bookingId: plan.id,
      amount: 24_900,
      email: plan.email,
      token: plan.token,
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const sessionId = (await BookingModel.findById(plan.id))?.payment.checkoutSessionId;
    expect((await TestCheckoutModel.findOne({ sessionId }))?.status).toBe('open');

    const second = (await visitsOf(plan))[1];
    const cancelled = await request(api.app)
      .post(`/api/bookings/${second?.id ?? ''}/cancel`)
      .send({ token: plan.token });
    expect(cancelled.status).toBe(200);
    expect((await TestCheckoutModel.findOne({ sessionId }))?.status).toBe('expired');
    const ended = await SubscriptionModel.findById(plan.id);
    expect(ended).toMatchObject({ status: 'ended', endReason: 'customer' });
    // One email says so: the plan's end, why, and nothing left to take out of a calendar.
    const job = await api.context.jobs
      .queue(QueueName.BookingEmails)
      .getJob(`plan-ended-${plan.id}`);
    expect(job?.data).toEqual({ subscriptionId: plan.id });
    if (!ended) throw new Error('the plan is gone');
    const mail = planEndedEmail(
      ended,
      'unproven',
      'https://homeservices.example',
      await visitsCalledOffByEnd(plan.id),
    );
    expect(mail.text).toContain('you cancelled it before its first payment');
    expect(mail.attachments ?? []).toEqual([]);
  });

  it('counts an unpaid plan as one hold, with all its visits', async () => {
    const email = testEmail('planner');
    const from = bookingFields().date ?? '';
    const before = await placesTaken(from);
    const plan = await book({ email, plan: 'monthly' });
    expect(plan.answer.status).toBe(201);
    expect((await book({ email })).answer.status).toBe(201);
    expect(await placesTaken(from)).toBe(before + 5);
    const over = await book({ email, plan: 'monthly' });
    expect(over.answer.status).toBe(409);
    expect(over.answer.body.error).toBe(BookingMessages.tooManyUnpaid(String(LIMIT)));
    expect(await placesTaken(from)).toBe(before + 5);
  });

  it('knows one phone however it is written: +1, punctuation or an extension', async () => {
    const national = testPhone().replace(/\D/g, '');
    const [area, exchange, line] = [national.slice(0, 3), national.slice(3, 6), national.slice(6)];
    const written = [
      `${area}-${exchange}-${line}`,
      `+1 ${area}-${exchange}-${line}`,
      `${area}-${exchange}-${line} x1`,
      `1 (${area}) ${exchange}.${line} ext. 22`,
    ];
    const [first, second, ...refused] = written;
    for (const phone of [first, second]) {
      const made = await book({ email: testEmail('one-phone'), phone: phone ?? '' });
      expect(made.answer.status, JSON.stringify(made.answer.body)).toBe(201);
    }
    for (const phone of refused) {
      const over = await book({ email: testEmail('one-phone'), phone });
      expect(over.answer.status, phone).toBe(409);
      expect(over.answer.body.error).toBe(BookingMessages.tooManyUnpaid(String(LIMIT)));
    }
    const another = await book({
      email: testEmail('one-phone'),
      phone: `+44 20 ${exchange} ${line}`,
    });
    expect(another.answer.status).toBe(201);
  });

  it('still counts a hold stored before phones were kept in one form', async () => {
    const national = testPhone().replace(/\D/g, '');
    const older = await book({ email: testEmail('older'), phone: `1-${national}` });
    expect(older.answer.status).toBe(201);
    // As the booking was stored before: its digits only, as typed.
    await BookingModel.updateOne({ _id: older.id }, { $unset: { phoneKey: 1 } }, { strict: false });
    const stored = await BookingModel.findById(older.id).lean();
    expect(stored?.phoneDigits).toBe(`1${national}`);
    expect(stored).not.toHaveProperty('phoneKey');

    expect((await book({ email: testEmail('newer'), phone: national })).answer.status).toBe(201);
    const over = await book({ email: testEmail('newer'), phone: `+1${national}` });
    expect(over.answer.status).toBe(409);
  });
});
