import request from 'supertest';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../src/bookings/booking-model';
import { SlotModel } from '../src/bookings/slot-model';
import { QueueName } from '../src/jobs/job-definitions';
import { PaymentEventModel } from '../src/payments/payment-event-model';
import {
  invoicePaidEvent,
  invoicePaymentFailedEvent,
  signedPayload,
  subscriptionCheckoutCompletedEvent,
  subscriptionDeletedEvent,
  subscriptionUpdatedEvent,
  type InvoiceInput,
} from '../src/payments/test-provider-events';
import { addMonthsUtc } from '../src/domain/calendar/utc-months';
import { SubscriptionModel } from '../src/subscriptions/subscription-model';
import {
  startApiAndWorkers,
  type ApiHarness,
  type ProductHarness,
} from '../../tests/support/api-harness';
import { bookingFields, withFields } from '../../tests/support/booking-form';
import { startFakeStripe, type FakeStripe } from '../../tests/support/fake-stripe';
import { mailbox, waitForMail } from '../../tests/support/mailbox';
import { eventually } from '../../tests/support/poll';
import { jobsSettled } from '../../tests/support/settled-jobs';
import { testEmail, testEnv } from '../../tests/support/test-env';

/**
 * A year of one Monthly Visit plan on Stripe (the real SDK against the local fake of its API),
 * driven by the events Stripe would send: 12 renewals after the first month, one failed and
 * recovered, one month paused, one visit skipped, then a cancel at the period's end. Then the same
 * events, each delivered twice and all shuffled, on a second plan: the same end state.
 */

const WEBHOOK_SECRET = 'whsec_localtestsecretplanyear';
const PRICE = 24_900;
const PERIODS = 13;
const PAUSED = 5;
const FAILED_THEN_PAID = 4;
const SKIPPED_PERIOD = 6;

interface Plan {
  id: string;
  token: string;
  email: string;
  reference: string;
  subscriptionId: string;
  customerId: string;
  sessionId: string;
  /** When Stripe began billing: its period k starts k months later. */
  billingStart: Date;
}

/** A seeded shuffle (mulberry32), so a failing order can be run again. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

describe('a year of a Monthly Visit plan, driven by Stripe events', () => {
  let stripe: FakeStripe;
  let api: ApiHarness;
  let product: ProductHarness;
  const firstVisit = bookingFields({ plan: 'monthly' });

  beforeAll(async () => {
    stripe = await startFakeStripe();
    product = await startApiAndWorkers(
      testEnv({
        LOG_LEVEL: 'info',
        FORM_RATE_LIMIT_MAX: '1000',
        STRIPE_SECRET_KEY: 'sk_test_localfake',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_localfake',
        SLOT_CAPACITY: '20',
        UNPAID_HOLDS_PER_CONTACT: '10',
      }),
    );
    api = product.api;
  });
  afterAll(async () => {
    await product.close();
    await stripe.close();
  });

  async function deliver(event: Stripe.Event): Promise<void> {
    const { rawBody, signature } = signedPayload(event, WEBHOOK_SECRET);
    const answer = await request(api.app)
      .post('/api/payments/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(rawBody.toString('utf8'));
    expect(answer.status).toBe(200);
  }

  const applied = (eventId: string) =>
    eventually(async () =>
      expect((await PaymentEventModel.findOne({ eventId }))?.processedAt).toBeInstanceOf(Date),
    );

  async function deliverAndWait(event: Stripe.Event): Promise<void> {
    await deliver(event);
    await applied(event.id);
  }

  /** A plan booked on the site and taken to Stripe's Checkout, which the customer pays. */
  async function subscribe(): Promise<Plan> {
    const email = testEmail('year');
    const booked = await withFields(request(api.app).post('/api/bookings'), {
      ...firstVisit,
      email,
    });
    expect(booked.status).toBe(201);
    const id = booked.body.booking.id as string;
    const token = booked.body.token as string;
    const checkout = await request(api.app)
      .post('/api/payments/checkout')
      .send({ bookingId: id, amount: PRICE, email, token });
    expect(checkout.status).toBe(200);
    const sessionId = new URL(String(checkout.body.url)).pathname.split('/').pop() ?? '';
    const { subscriptionId, customerId } = stripe.completeSubscriptionCheckout(sessionId);
    return {
      id,
      token,
      email,
      reference: booked.body.booking.reference as string,
      subscriptionId,
      customerId,
      sessionId,
      billingStart: new Date(Date.now() + 60_000),
    };
  }

  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const ids = (plan: Plan) => ({
    subscriptionId: plan.id,
    reference: plan.reference,
    providerSubscriptionId: plan.subscriptionId,
    customerId: plan.customerId,
  });
  const invoice = (plan: Plan, period: number): InvoiceInput => ({
    ...ids(plan),
    invoiceId: `in_${plan.id.slice(0, 8)}_${String(period)}`,
    amountCents: PRICE,
    currency: 'cad',
    periodStart: seconds(addMonthsUtc(plan.billingStart, period)),
    periodEnd: seconds(addMonthsUtc(plan.billingStart, period + 1)),
    billingReason: period === 0 ? 'subscription_create' : 'subscription_cycle',
  });
  /** An event as Stripe would send it at `period`'s start (plus `step` seconds), with its own id. */
  const at = <E extends Stripe.Event>(
    event: E,
    plan: Plan,
    id: string,
    period: number,
    step = 0,
  ) => ({
    ...event,
    id: `evt_${plan.id.slice(0, 8)}_${id}`,
    created: seconds(addMonthsUtc(plan.billingStart, period)) + step,
  });
  const state = (plan: Plan, period: number) => ({
    ...ids(plan),
    status: 'active' as const,
    cancelAtPeriodEnd: false,
    pausedUntil: null,
    currentPeriodStart: seconds(addMonthsUtc(plan.billingStart, period)),
    currentPeriodEnd: seconds(addMonthsUtc(plan.billingStart, period + 1)),
  });

  /** Every event of the plan's year, in the order Stripe sends them. */
  function yearOf(plan: Plan): Stripe.Event[] {
    const events: Stripe.Event[] = [
      at(
        subscriptionCheckoutCompletedEvent({
          ...ids(plan),
          sessionId: plan.sessionId,
          amountCents: PRICE,
          customerEmail: plan.email,
        }),
        plan,
        'checkout',
        0,
      ),
    ];
    for (let period = 0; period < PERIODS; period += 1) {
      if (period === PAUSED) {
        // Paused: Stripe voids the month's invoice, then collection resumes.
        const resumed = { ...state(plan, period), pausedUntil: null };
        events.push(
          at(subscriptionUpdatedEvent(resumed), plan, `resumed_${String(period)}`, period, 60),
        );
        continue;
      }
      if (period === FAILED_THEN_PAID) {
        const failed = invoicePaymentFailedEvent({
          ...invoice(plan, period),
          attempt: 1,
          nextAttempt: seconds(addMonthsUtc(plan.billingStart, period)) + 3 * 86_400,
        });
        events.push(at(failed, plan, `failed_${String(period)}`, period));
      }
      events.push(
        at(invoicePaidEvent(invoice(plan, period)), plan, `paid_${String(period)}`, period, 10),
      );
    }
    const ending = { ...state(plan, PERIODS - 1), cancelAtPeriodEnd: true };
    events.push(at(subscriptionUpdatedEvent(ending), plan, 'cancel_requested', PERIODS - 1, 100));
    events.push(
      at(
        subscriptionDeletedEvent({ ...ending, cancellationReason: 'cancellation_requested' }),
        plan,
        'deleted',
        PERIODS,
      ),
    );
    return events;
  }

  /** The plan and its visits as they end up, without ids, times or the order things came in. */
  async function endState(plan: Plan) {
    const stored = await SubscriptionModel.findById(plan.id).lean();
    const visits = await BookingModel.find({ subscriptionId: plan.id })
      .sort({ periodIndex: 1, visitIndex: 1 })
      .lean();
    const held = await SlotModel.countDocuments({
      holders: { $in: visits.map((visit) => visit._id) },
    });
    return {
      status: stored?.status,
      endReason: stored?.endReason,
      cancelAtPeriodEnd: stored?.cancelAtPeriodEnd,
      paidPeriods: [...(stored?.paidPeriods ?? [])].sort((a, b) => a - b),
      failedPeriods: stored?.failedPayments.map((failure) => failure.periodIndex),
      visits: visits.map((visit) => [
        visit.periodIndex,
        visit.visitIndex,
        visit.date,
        visit.time,
        visit.status,
        visit.cancelReason,
      ]),
      placesHeld: held,
    };
  }

  async function skipOne(plan: Plan) {
    const visit = await BookingModel.findOne({
      subscriptionId: plan.id,
      periodIndex: SKIPPED_PERIOD,
      visitIndex: 1,
    });
    const skipped = await request(api.app)
      .post(`/api/bookings/${visit?.id as string}/cancel`)
      .send({ token: plan.token });
    expect(skipped.status).toBe(200);
  }

  let yearEnd: Awaited<ReturnType<typeof endState>>;

  it('runs the year: exact visits, places, emails and calls to Stripe', async () => {
    const plan = await subscribe();
    const events = yearOf(plan);
    const callsBefore = stripe.requests.length;
    let emailsExpected = 0;
    for (const event of events) {
      if (event.id.endsWith(`paid_${String(PAUSED + 1)}`)) {
        // Before the paused month: the customer paused it from the manage page.
        const paused = await request(api.app)
          .post(`/api/plans/${plan.id}/pause`)
          .send({ token: plan.token });
        expect(paused.status, JSON.stringify(paused.body)).toBe(200);
      }
      if (event.id.endsWith('cancel_requested')) {
        const cancelled = await request(api.app)
          .post(`/api/plans/${plan.id}/cancel`)
          .send({ token: plan.token });
        expect(cancelled.status).toBe(200);
      }
      await deliverAndWait(event);
      if (event.id.endsWith(`failed_${String(FAILED_THEN_PAID)}`)) {
        // Days apart at Stripe: the card email comes before the retry that works.
        emailsExpected += 1;
        await eventually(async () => {
          const subjects = (await mailbox().list({ to: plan.email })).map((mail) => mail.Subject);
          expect(subjects.some((subject) => subject.startsWith('Action needed'))).toBe(true);
        });
      }
      if (event.id.endsWith(`paid_${String(SKIPPED_PERIOD)}`)) await skipOne(plan);
    }
    await jobsSettled(api.context.jobs);

    yearEnd = await endState(plan);
    const paidPeriods = Array.from({ length: PERIODS }, (_, period) => period).filter(
      (period) => period !== PAUSED,
    );
    expect(yearEnd).toMatchObject({
      status: 'ended',
      endReason: 'period end',
      cancelAtPeriodEnd: true,
      paidPeriods,
      failedPeriods: [FAILED_THEN_PAID],
    });
    // 12 paid months of 4 visits; the paused one has none; one visit skipped.
    expect(yearEnd.visits).toHaveLength(48);
    const statuses = yearEnd.visits.map((visit) => visit[4]);
    expect(statuses.filter((status) => status === 'paid')).toHaveLength(47);
    expect(yearEnd.visits.filter((visit) => visit[4] !== 'paid')).toEqual([
      [SKIPPED_PERIOD, 1, expect.any(String), firstVisit.time, 'skipped', 'customer'],
    ]);
    expect(yearEnd.visits.some((visit) => visit[0] === PAUSED)).toBe(false);
    expect(yearEnd.placesHeld).toBe(47);
    const stored = await SubscriptionModel.findById(plan.id);
    expect(stored?.pausedPeriods).toEqual([PAUSED]);

    // Emails: one per paid month, the failed payment, the pause and the cancel, the skipped
    // visit, the end. Each reminder waits for the day before its visit.
    emailsExpected += 12 + 2 + 1 + 1;
    const mails = await waitForMail(plan.email, { count: emailsExpected });
    expect(mails).toHaveLength(emailsExpected);
    const subjects = mails.map((mail) => mail.Subject);
    const count = (start: string) => subjects.filter((subject) => subject.startsWith(start)).length;
    expect(count('Your Monthly Visit plan: 4 visits from')).toBe(12);
    expect(count('Action needed')).toBe(1);
    expect(subjects.filter((subject) => subject.endsWith('is paused for a month'))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.endsWith('will end'))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.endsWith('has ended'))).toHaveLength(1);
    // The skipped visit's own email: a skip, not a cancelled booking.
    expect(subjects.filter((subject) => subject.includes('is cancelled'))).toHaveLength(0);
    expect(subjects.filter((subject) => /^Visit on .+ skipped \(HS-/.test(subject))).toHaveLength(
      1,
    );
    // Each visit's reminder waits for the day before it (the skipped one's will find it off).
    const visitIds = new Set(
      (await BookingModel.find({ subscriptionId: plan.id }).lean()).map((visit) => visit._id),
    );
    const delayed = await api.context.jobs.queue(QueueName.BookingEmails).getDelayed();
    const reminders = delayed.filter(
      (job) =>
        job.name === 'booking.reminder' &&
        visitIds.has((job.data as { bookingId: string }).bookingId),
    );
    expect(reminders).toHaveLength(48);

    // Stripe was asked to change something twice after checkout: the pause and the cancel, each
    // once. Everything else it was asked was read-only: which card paid a period's invoice (for
    // ours; the payment's handler and the period's email may both ask before either issues it).
    const after = stripe.requests.slice(callsBefore);
    const writes = after.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => `${call.method} ${call.path}`)).toEqual([
      `POST /v1/subscriptions/${plan.subscriptionId}`,
      `POST /v1/subscriptions/${plan.subscriptionId}`,
    ]);
    const reads = after.filter((call) => call.method === 'GET');
    for (const read of reads) expect(read.path).toMatch(/^\/v1\/(invoices|payment_intents)\//);
    const [pause, cancel] = writes;
    expect(pause?.body).toMatchObject({ pause_collection: { behavior: 'void' } });
    expect(cancel?.body).toEqual({ cancel_at_period_end: 'true' });
  });

  // Seeds that once put the plan's end before its first payment, and a payment before its failure.
  it.each([7, 1234, 2026])(
    'ends the same with every event delivered twice, shuffled (seed %i)',
    async (seed) => {
      const plan = await subscribe();
      const events = yearOf(plan);
      for (const event of shuffled([...events, ...events], seed)) await deliver(event);
      for (const event of events) await applied(event.id);
      await jobsSettled(api.context.jobs);
      await skipOne(plan);
      await jobsSettled(api.context.jobs);
      expect(await endState(plan)).toEqual(yearEnd);
      const stored = await PaymentEventModel.countDocuments({
        eventId: { $in: events.map((event) => event.id) },
      });
      expect(stored).toBe(events.length);
    },
  );
});
