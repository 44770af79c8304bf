import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../src/bookings/booking-model';
import { SlotModel } from '../src/bookings/slot-model';
import {
  invoicePaidEvent,
  signedPayload,
  subscriptionUpdatedEvent,
} from '../src/payments/test-provider-events';
import { TestPaymentProvider } from '../src/payments/test-provider';
import { SubscriptionModel } from '../src/subscriptions/subscription-model';
import { payPlanInPage } from '../../tests/support/plans';
import { signUp } from '../../tests/support/accounts';
import { periodStartOf, ruleVisitsOf } from '../src/subscriptions/plan-periods';
import { weekOf } from '../src/domain/subscription/visit-schedule';
import { addDays, longDate } from '../src/domain/calendar/toronto-date';
import { TestSubscriptionModel } from '../src/payments/test-billing-model';
import {
  startApiAndWorkers,
  type ApiHarness,
  type ProductHarness,
} from '../../tests/support/api-harness';
import { bookingFields, isWorkingDay, withFields } from '../../tests/support/booking-form';
import { mailbox, waitForMail } from '../../tests/support/mailbox';
import { eventually } from '../../tests/support/poll';
import { jobsSettled } from '../../tests/support/settled-jobs';
import { testEnv } from '../../tests/support/test-env';
import { QueueName } from '../src/jobs/job-definitions';

const WEBHOOK_SECRET = 'whsec_localtestsecret';
const GRACE_SECONDS = 3 * 24 * 3600;

describe('the Monthly Visit plan as a subscription, on the local test provider', () => {
  // Plans of this file overlap in their weeks and renewals: room for all of them in a window.
  const CAPACITY = 20;
  const env = testEnv({
    LOG_LEVEL: 'info',
    FORM_RATE_LIMIT_MAX: '1000',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SLOT_CAPACITY: String(CAPACITY),
    BUSINESS_INBOX: 'plans-inbox@example.test',
  });
  let api: ApiHarness;
  let product: ProductHarness;
  let provider: TestPaymentProvider;

  beforeAll(async () => {
    product = await startApiAndWorkers(env);
    api = product.api;
    const configured = api.context.paymentProvider;
    if (!(configured instanceof TestPaymentProvider)) throw new Error('expected the test provider');
    provider = configured;
  });
  afterAll(async () => {
    await product.close();
  });

  async function subscribe(overrides: Record<string, string> = {}) {
    const fields = bookingFields({ plan: 'monthly', ...overrides });
    const response = await withFields(request(api.app).post('/api/bookings'), fields);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const id = response.body.booking.id as string;
    return {
      id,
      email: fields.email ?? '',
      fields,
      body: response.body,
      token: response.body.token as string,
    };
  }

  const visitsOf = (planId: string, periodIndex: number) =>
    BookingModel.find({ subscriptionId: planId, periodIndex }).sort({ visitIndex: 1 });

  async function placesLeft(visits: { date: string; time: 'morning' | 'afternoon' | 'evening' }[]) {
    const left: number[] = [];
    for (const visit of visits) {
      const availability = await api.context.slots.remaining(visit.date, visit.date);
      left.push(availability.days[0]?.windows[visit.time] ?? -1);
    }
    return left;
  }

  const payInPage = (id: string, email: string, token: string) =>
    payPlanInPage(api.app, { id, email, token });

  async function periodPaid(planId: string, periodIndex: number) {
    await eventually(async () => {
      const visits = await visitsOf(planId, periodIndex);
      expect(visits.map((visit) => visit.status)).toEqual(['paid', 'paid', 'paid', 'paid']);
    });
  }

  it('books four weekly visits, each taking its place, and lists them before paying', async () => {
    const { id, fields, body } = await subscribe();
    const plan = body.booking.monthlyPlan;
    expect(plan.status).toBe('incomplete');
    expect(plan.amountCents).toBe(24900);
    expect(plan.rule).toMatch(/^4 visits a month: every \w+day/);
    expect(plan.visits).toHaveLength(4);
    expect(plan.visits[0]).toMatchObject({ id, date: fields.date, time: 'morning' });
    const visits = await visitsOf(id, 0);
    expect(visits.map((visit) => visit.status)).toEqual(Array(4).fill('pending_payment'));
    const left = await placesLeft(visits);
    const before = await Promise.all(
      visits.map(async (visit) =>
        BookingModel.countDocuments({
          date: visit.date,
          time: visit.time,
          status: { $ne: 'cancelled' },
        }),
      ),
    );
    expect(left).toEqual(before.map((taken) => CAPACITY - taken));
    // The plan is paid through its first visit alone.
    const second = visits[1]?.id as string;
    const refused = await request(api.app)
      .post('/api/payments/checkout')
      .send({
        bookingId: second,
        amount: 24900,
        email: fields.email,
        token: api.context.links.token(second),
      });
    expect(refused.status).toBe(409);
  });

  it('refuses visits that do not follow the rule, and a plan whose visit window is full, taking nothing', async () => {
    const fields = bookingFields({ plan: 'monthly' });
    const bad = await withFields(request(api.app).post('/api/bookings'), {
      ...fields,
      visits: `${fields.date}:morning,${fields.date}:evening,${fields.date}:afternoon,2099-01-01:morning`,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.visits).toBeTruthy();

    // Fill the third week's window; the plan must not take the other three places.
    // Four weekly visits clear of the business calendar's closed days, which refuse a plan's visit
    // before its window is asked (late November's rule meets Christmas Day).
    let first = bookingFields({ plan: 'monthly' });
    while (![0, 7, 14, 21].every((days) => isWorkingDay(addDays(first.date ?? '', days)))) {
      first = bookingFields({ plan: 'monthly' });
    }
    const rule = [0, 7, 14, 21].map((days) => {
      const date = new Date(`${first.date}T12:00:00Z`);
      date.setUTCDate(date.getUTCDate() + days);
      return date.toISOString().slice(0, 10);
    });
    const slots = rule.map((date) => ({ date, time: 'morning' as const }));
    const emptyBefore = await placesLeft(slots);
    for (let taken = 0; taken < (emptyBefore[2] ?? 0); taken += 1) {
      await api.context.slots.take(rule[2] ?? '', 'morning', `another-customer-${String(taken)}`);
    }
    const full = await withFields(request(api.app).post('/api/bookings'), first);
    expect(full.status).toBe(409);
    expect(full.body.error).toContain('fully booked');
    expect(
      await SubscriptionModel.countDocuments({ anchorDate: first.date, email: first.email }),
    ).toBe(0);
    expect(await placesLeft(slots)).toEqual([emptyBefore[0], emptyBefore[1], 0, emptyBefore[3]]);

    // With the week's free window chosen instead, the plan opens.
    const chosen = [
      `${rule[0] ?? ''}:morning`,
      `${rule[1] ?? ''}:morning`,
      `${rule[2] ?? ''}:afternoon`,
      `${rule[3] ?? ''}:morning`,
    ].join(',');
    const moved = await withFields(request(api.app).post('/api/bookings'), {
      ...first,
      visits: chosen,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    const movedVisits = moved.body.booking.monthlyPlan.visits as { time: string }[];
    expect(movedVisits.map((visit) => visit.time)).toEqual([
      'morning',
      'morning',
      'afternoon',
      'morning',
    ]);
  });

  it('subscribes through the test checkout page: the four visits are paid and mailed with four calendar files', async () => {
    const { id, email, token } = await subscribe();
    const checkout = await request(api.app)
      .post('/api/payments/checkout')
      .send({ bookingId: id, amount: 24900, email, token });
    expect(checkout.status).toBe(200);
    const path = new URL(String(checkout.body.url)).pathname;
    const page = await request(api.app).get(path);
    expect(page.text).toContain('$249 CAD');
    const paid = await request(api.app).post(path).type('form').send({ choice: 'pay' });
    expect(paid.status).toBe(303);
    await periodPaid(id, 0);
    const plan = await SubscriptionModel.findById(id);
    expect(plan?.status).toBe('active');
    expect(plan?.provider?.subscriptionId).toMatch(/^sub_test_/);

    const [mail] = await waitForMail(email);
    expect(mail?.Subject).toContain('Your Monthly Visit plan: 4 visits from');
    // The four visits' calendar files, and the first month's invoice.
    expect(mail?.Attachments.map((file) => file.ContentType)).toEqual([
      ...Array(4).fill('text/calendar'),
      'application/pdf',
    ]);
    // The day-before reminder of every visit is set.
    await jobsSettled(api.context.jobs);
    const queue = api.context.jobs.queue(QueueName.BookingEmails);
    for (const visit of await visitsOf(id, 0)) {
      const reminder = await queue.getJob(
        `reminder-${visit.id as string}-${visit.date}-${visit.time}`,
      );
      expect(reminder?.name).toBe('booking.reminder');
    }
  });

  it('renews, holds the visits of a failed renewal for the grace period, and restores them when paid', async () => {
    const { id, email, token } = await subscribe();
    const answer = await payInPage(id, email, token);
    expect(answer.status).toBe(200);
    await periodPaid(id, 0);

    expect(await provider.billing.renew(id)).toBe('paid');
    await periodPaid(id, 1);
    await waitForMail(email, { count: 2 });

    // The next renewal is refused: the visits wait, the customer is asked to update the card.
    const before = Date.now();
    expect(await provider.billing.renew(id, 'declined')).toBe('failed');
    await eventually(async () =>
      expect((await SubscriptionModel.findById(id))?.status).toBe('past_due'),
    );
    // The plan is past due as soon as the failure is recorded; its visits are opened after.
    let held: Awaited<ReturnType<typeof visitsOf>> = [];
    await eventually(async () => {
      held = await visitsOf(id, 2);
      expect(held.map((visit) => visit.status)).toEqual(Array(4).fill('pending_payment'));
    });
    for (const visit of held) {
      const holdMs = (visit.holdUntil?.getTime() ?? 0) - before;
      expect(holdMs).toBeGreaterThan(GRACE_SECONDS * 1000 - 60_000);
      expect(holdMs).toBeLessThan(GRACE_SECONDS * 1000 + 60_000);
    }
    const mails = await waitForMail(email, { count: 3 });
    const failed = mails.find((mail) => mail.Subject.startsWith('Action needed'));
    expect(failed?.Text).toContain(`/api/plans/${id}/billing?token=`);

    // The grace runs out for two of them (as the payment timer finds it), then the card works.
    const [lapsed, alsoLapsed] = held;
    for (const visit of [lapsed, alsoLapsed]) {
      await BookingModel.updateOne(
        { _id: visit?._id },
        { $set: { holdUntil: new Date(before - 1000) } },
      );
      expect(await api.context.lifecycle.holdExpired(visit?.id as string)).toBe('released');
    }
    // Someone else takes one of the released places meanwhile.
    const taker = alsoLapsed;
    const [free] = await placesLeft([{ date: taker?.date ?? '', time: taker?.time ?? 'morning' }]);
    for (let index = 0; index < (free ?? 0); index += 1) {
      await api.context.slots.take(
        taker?.date ?? '',
        taker?.time ?? 'morning',
        `someone-else-${String(index)}`,
      );
    }
    expect(await provider.billing.retry(id, 'succeeds')).toBe('paid');
    await eventually(async () => {
      const visits = await visitsOf(id, 2);
      expect(visits.map((visit) => visit.status)).toEqual(['paid', 'cancelled', 'paid', 'paid']);
    });
    expect((await SubscriptionModel.findById(id))?.status).toBe('active');
    const renewed = await waitForMail(email, { count: 4 });
    const restoredMail = renewed.find((mail) =>
      mail.Subject.startsWith('Your Monthly Visit plan: 3 visits'),
    );
    expect(restoredMail?.Text).toContain('no longer yours');

    // The same renewal told again (another event for the same invoice) schedules nothing twice.
    const record = await TestSubscriptionModel.findOne({ subscriptionId: id });
    const again = invoicePaidEvent({
      subscriptionId: id,
      reference: record?.reference ?? '',
      providerSubscriptionId: record?.providerSubscriptionId ?? '',
      customerId: record?.customerId ?? '',
      invoiceId: 'in_again',
      amountCents: 24900,
      currency: 'cad',
      periodStart: Math.floor(new Date(record?.startedAt ?? 0).getTime() / 1000) + 31 * 24 * 3600,
      periodEnd: 0,
      billingReason: 'subscription_cycle',
    });
    const { rawBody, signature } = signedPayload(again, WEBHOOK_SECRET);
    await api.context.paymentInbox.receive(rawBody, signature);
    await jobsSettled(api.context.jobs);
    expect(await BookingModel.countDocuments({ subscriptionId: id, periodIndex: 1 })).toBe(4);
    expect((await mailbox().list({ to: email })).length).toBe(4);
  });

  it("places a renewal's visit in another window of its week, and has the business arrange one whose week is full", async () => {
    const { id, email, token } = await subscribe();
    await payInPage(id, email, token);
    await periodPaid(id, 0);
    const plan = await SubscriptionModel.findById(id);
    if (!plan) throw new Error('no plan');
    const rule = ruleVisitsOf(plan, 1);
    const periodStart = periodStartOf(plan.anchorDate, 1);
    const periodEnd = periodStartOf(plan.anchorDate, 2);
    const fill = async (date: string, time: string) => {
      const holders = Array.from({ length: CAPACITY }, (_, index) => `someone-${String(index)}`);
      await SlotModel.updateOne({ date, time }, { $set: { holders } }, { upsert: true });
    };
    // The second visit's own window is full: it moves within its week. The third's whole week is.
    await fill(rule[1]?.date ?? '', plan.time);
    for (const day of weekOf(rule[2]?.date ?? '', periodStart, periodEnd)) {
      for (const time of ['morning', 'afternoon', 'evening']) await fill(day, time);
    }

    expect(await provider.billing.renew(id)).toBe('paid');
    await eventually(async () => {
      const visits = await visitsOf(id, 1);
      expect(visits.map((visit) => [visit.visitIndex, visit.status])).toEqual([
        [0, 'paid'],
        [1, 'paid'],
        [3, 'paid'],
      ]);
    });
    const moved = (await visitsOf(id, 1))[1];
    expect([moved?.date, moved?.time]).not.toEqual([rule[1]?.date, plan.time]);
    expect(weekOf(rule[1]?.date ?? '', periodStart, periodEnd)).toContain(moved?.date);
    expect((await SubscriptionModel.findById(id))?.unplacedVisits).toMatchObject([
      { periodIndex: 1, visitIndex: 2, week: rule[2]?.date },
    ]);
    const mails = await waitForMail(email, { count: 2 });
    const renewal = mails.find((mail) =>
      mail.Subject.startsWith('Your Monthly Visit plan: 3 visits'),
    );
    expect(renewal?.Text).toContain(
      '1 visit is not scheduled yet: we will call you to arrange it.',
    );
    // Three calendar files and the renewal's invoice.
    expect(renewal?.Attachments.map((file) => file.ContentType)).toEqual([
      ...Array(3).fill('text/calendar'),
      'application/pdf',
    ]);
    const [notice] = await waitForMail('plans-inbox@example.test').then((all) =>
      all.filter((mail) => mail.Subject.includes('visit to arrange')),
    );
    expect(notice?.Text).toContain(`Week of ${longDate(rule[2]?.date ?? '')}`);
    const bearer = {
      Authorization: `Bearer ${(await signUp(api.app, 'plans-Passw0rd!', 'admin')).token}`,
    };
    const listed = await request(api.app).get('/api/admin/plans?status=active').set(bearer);
    const view = (listed.body.plans as { id: string; unplacedWeeks: string[] }[]).find(
      (entry) => entry.id === id,
    );
    expect(view?.unplacedWeeks).toEqual([rule[2]?.date]);
    // The windows filled here are other plans' of this file too: free them again.
    await SlotModel.updateMany({}, { $pull: { holders: { $regex: /^someone-\d+$/ } } });
  });

  it('cancels at the end of the period: no more visits, and the customer is told', async () => {
    const { id, email, token } = await subscribe();
    await payInPage(id, email, token);
    await periodPaid(id, 0);
    const plan = await SubscriptionModel.findById(id);
    await provider.changeSubscription(plan?.provider?.subscriptionId ?? '', {
      kind: 'cancelAtPeriodEnd',
      value: true,
    });
    await eventually(async () =>
      expect((await SubscriptionModel.findById(id))?.cancelAtPeriodEnd).toBe(true),
    );
    expect(await provider.billing.renew(id)).toBe('ended at period end');
    await eventually(async () =>
      expect((await SubscriptionModel.findById(id))?.status).toBe('ended'),
    );
    const mails = await waitForMail(email, { count: 2 });
    expect(mails.some((mail) => mail.Subject.includes('has ended'))).toBe(true);
    expect(await BookingModel.countDocuments({ subscriptionId: id })).toBe(4);
    await periodPaid(id, 0);
  });

  it('ends the plan after the last failed retry, releasing the unpaid visits', async () => {
    const { id, email, token } = await subscribe();
    await payInPage(id, email, token);
    await periodPaid(id, 0);
    // Days apart at a real provider: each failure's email arrives before the next try.
    expect(await provider.billing.renew(id, 'declined')).toBe('failed');
    await waitForMail(email, { count: 2 });
    expect(await provider.billing.retry(id)).toBe('failed');
    await waitForMail(email, { count: 3 });
    expect(await provider.billing.retry(id)).toBe('failed');
    await waitForMail(email, { count: 4 });
    expect(await provider.billing.retry(id)).toBe('failed, last attempt: plan ended');
    await eventually(async () => {
      const plan = await SubscriptionModel.findById(id);
      expect(plan?.status).toBe('ended');
      expect(plan?.endReason).toBe('payment');
      const visits = await visitsOf(id, 1);
      expect(visits.map((visit) => visit.status)).toEqual(Array(4).fill('cancelled'));
      for (const visit of visits) {
        const slot = await SlotModel.findOne({ date: visit.date, time: visit.time }).lean();
        expect(slot?.holders ?? []).not.toContain(visit.id);
      }
    });
    await jobsSettled(api.context.jobs);
    const subjects = (await mailbox().list({ to: email })).map((mail) => mail.Subject);
    // The last failure ends the plan: there is no card to update any more, only the end to tell.
    expect(subjects.filter((subject) => subject.startsWith('Action needed'))).toHaveLength(3);
    expect(subjects.filter((subject) => subject.includes('has ended'))).toHaveLength(1);
  });

  it('applies an older subscription change arriving late as nothing', async () => {
    const { id, email, token } = await subscribe();
    await payInPage(id, email, token);
    await periodPaid(id, 0);
    const record = await TestSubscriptionModel.findOne({ subscriptionId: id });
    const state = {
      subscriptionId: id,
      reference: record?.reference ?? '',
      providerSubscriptionId: record?.providerSubscriptionId ?? '',
      customerId: record?.customerId ?? '',
      status: 'active' as const,
      pausedUntil: null,
      currentPeriodStart: 0,
      currentPeriodEnd: 0,
    };
    const newer = {
      ...subscriptionUpdatedEvent({ ...state, cancelAtPeriodEnd: true }),
      created: 2_000_000_000,
    };
    const older = {
      ...subscriptionUpdatedEvent({ ...state, cancelAtPeriodEnd: false }),
      created: 1_900_000_000,
    };
    for (const event of [newer, older]) {
      const { rawBody, signature } = signedPayload(event, WEBHOOK_SECRET);
      await api.context.paymentInbox.receive(rawBody, signature);
    }
    await jobsSettled(api.context.jobs);
    expect((await SubscriptionModel.findById(id))?.cancelAtPeriodEnd).toBe(true);
  });
});
