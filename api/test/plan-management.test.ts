import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../src/bookings/booking-model';
import { SlotModel } from '../src/bookings/slot-model';
import { BookingMessages } from '../src/domain/booking/booking-schema';
import { addDays } from '../src/domain/calendar/toronto-date';
import { PlanMessages } from '../src/domain/subscription/plan-messages';
import { QueueName } from '../src/jobs/job-definitions';
import { TestSubscriptionModel } from '../src/payments/test-billing-model';
import { TestPaymentProvider } from '../src/payments/test-provider';
import { periodStartOf } from '../src/subscriptions/plan-periods';
import { SubscriptionModel } from '../src/subscriptions/subscription-model';
import { signUp } from '../../tests/support/accounts';
import { activePlan as paidPlan } from '../../tests/support/plans';
import {
  startApiAndWorkers,
  type ApiHarness,
  type ProductHarness,
} from '../../tests/support/api-harness';
import { mailbox, waitForMail } from '../../tests/support/mailbox';
import { eventually } from '../../tests/support/poll';
import { jobsSettled } from '../../tests/support/settled-jobs';
import { testEnv } from '../../tests/support/test-env';

const PASSWORD = 'plan-tests-Passw0rd!';

describe("a Monthly Visit plan's customer and operators manage it", () => {
  const env = testEnv({
    LOG_LEVEL: 'info',
    FORM_RATE_LIMIT_MAX: '1000',
    AUTH_RATE_LIMIT_MAX: '1000',
    SLOT_CAPACITY: '20',
  });
  let api: ApiHarness;
  let product: ProductHarness;
  let provider: TestPaymentProvider;
  let admin: string;

  beforeAll(async () => {
    product = await startApiAndWorkers(env);
    api = product.api;
    const configured = api.context.paymentProvider;
    if (!(configured instanceof TestPaymentProvider)) throw new Error('expected the test provider');
    provider = configured;
    admin = (await signUp(api.app, PASSWORD, 'admin')).token;
  });
  afterAll(async () => {
    await product.close();
  });

  /** A plan whose first month is paid, once its first email (the four visits) has arrived. */
  async function activePlan() {
    const plan = await paidPlan(api.app);
    await waitForMail(plan.email);
    return plan;
  }

  const visitsOf = (planId: string, periodIndex: number) =>
    BookingModel.find({ subscriptionId: planId, periodIndex }).sort({ visitIndex: 1 });
  const subjects = async (email: string) =>
    (await mailbox().list({ to: email })).map((mail) => mail.Subject);
  const post = (path: string, token?: string) =>
    request(api.app)
      .post(path)
      .send(token ? { token } : {});

  it('cancels at the end of the month, keeps it after all, and pauses a month, each at the provider and emailed', async () => {
    const plan = await activePlan();
    const other = await activePlan();
    const record = () => TestSubscriptionModel.findOne({ subscriptionId: plan.id });

    // A stranger, or the owner of another plan, gets the unknown plan's 404 and changes nothing.
    for (const path of ['cancel', 'resume', 'pause']) {
      for (const token of [undefined, other.token, `${plan.token}x`]) {
        const refused = await post(`/api/plans/${plan.id}/${path}`, token);
        expect(refused.status).toBe(404);
        expect(refused.body.error).toBe(BookingMessages.notFound);
      }
    }
    expect(
      (await request(api.app).get(`/api/plans/${plan.id}/billing?token=${other.token}`)).status,
    ).toBe(404);
    expect((await record())?.cancelAtPeriodEnd).toBe(false);

    const cancelled = await post(`/api/plans/${plan.id}/cancel`, plan.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(PlanMessages.cancelScheduled(periodStartOf(plan.date, 1)));
    expect(cancelled.body.plan.standing).toMatchObject({
      kind: 'ending',
      endsOn: periodStartOf(plan.date, 1),
      renewsOn: null,
    });
    expect((await record())?.cancelAtPeriodEnd).toBe(true);
    expect((await post(`/api/plans/${plan.id}/cancel`, plan.token)).status).toBe(409);
    // Paused while ending: there is no next month.
    expect((await post(`/api/plans/${plan.id}/pause`, plan.token)).body.error).toBe(
      PlanMessages.pauseWhileEnding,
    );

    const resumed = await post(`/api/plans/${plan.id}/resume`, plan.token);
    expect(resumed.status).toBe(200);
    expect(resumed.body.message).toBe(PlanMessages.renews(periodStartOf(plan.date, 1)));
    expect((await record())?.cancelAtPeriodEnd).toBe(false);

    const paused = await post(`/api/plans/${plan.id}/pause`, plan.token);
    expect(paused.status).toBe(200);
    expect(paused.body.plan.standing).toMatchObject({
      kind: 'paused',
      pausedFrom: periodStartOf(plan.date, 1),
      renewsOn: periodStartOf(plan.date, 2),
    });
    expect((await post(`/api/plans/${plan.id}/pause`, plan.token)).body.error).toBe(
      PlanMessages.alreadyPaused,
    );
    expect((await SubscriptionModel.findById(plan.id))?.pausedPeriods).toEqual([1]);

    // The paused month is not billed and has no visits; the month after renews as usual.
    expect(await provider.billing.renew(plan.id)).toBe('paused period skipped');
    expect(await provider.billing.renew(plan.id)).toBe('paid');
    await eventually(async () => {
      const visits = await visitsOf(plan.id, 2);
      expect(visits.map((visit) => visit.status)).toEqual(Array(4).fill('paid'));
    });
    expect(await BookingModel.countDocuments({ subscriptionId: plan.id, periodIndex: 1 })).toBe(0);

    await jobsSettled(api.context.jobs);
    const sent = await subjects(plan.email);
    expect(sent.filter((subject) => subject.endsWith('will end'))).toHaveLength(1);
    expect(sent.filter((subject) => subject.endsWith('keeps renewing'))).toHaveLength(1);
    expect(sent.filter((subject) => subject.endsWith('is paused for a month'))).toHaveLength(1);
    expect(
      sent.filter((subject) => subject.startsWith('Your Monthly Visit plan: 4 visits')),
    ).toHaveLength(2);
  });

  it("skips one visit without a refund and moves another within its month, on the plan's token", async () => {
    const plan = await activePlan();
    const other = await activePlan();
    const [, second, third] = await visitsOf(plan.id, 0);
    const secondId = second?.id as string;
    const thirdId = third?.id as string;

    // Another plan's token opens none of this plan's visits.
    expect((await post(`/api/bookings/${secondId}/cancel`, other.token)).status).toBe(404);
    const manage = await request(api.app).get(`/api/bookings/${secondId}?token=${plan.token}`);
    expect(manage.status).toBe(200);
    expect(manage.body.booking.refundOnCancel).toBe(false);

    const skipped = await post(`/api/bookings/${secondId}/cancel`, plan.token);
    expect(skipped.status).toBe(200);
    expect(skipped.body.booking.status).toBe('skipped');
    const slot = await SlotModel.findOne({ date: second?.date, time: second?.time }).lean();
    expect(slot?.holders ?? []).not.toContain(secondId);
    await jobsSettled(api.context.jobs);
    const refundJob = await api.context.jobs.queue(QueueName.Bookings).getJob(`refund-${secondId}`);
    expect(refundJob).toBeUndefined();

    const plan0 = await SubscriptionModel.findById(plan.id);
    const renewsOn = periodStartOf(plan0?.anchorDate ?? '', 1);
    const outside = await request(api.app)
      .post(`/api/bookings/${thirdId}/reschedule`)
      .send({ date: renewsOn, time: 'evening', token: plan.token });
    expect(outside.status).toBe(400);
    expect(outside.body.fields.date).toContain('can move within its month');
    const inside = await request(api.app)
      .post(`/api/bookings/${thirdId}/reschedule`)
      .send({ date: addDays(third?.date ?? '', 1), time: 'evening', token: plan.token });
    expect(inside.status, JSON.stringify(inside.body)).toBe(200);
    // The notice of the new date links to the plan, whose token proves every visit.
    const moved = await waitForMail(plan.email, { count: 3 });
    const notice = moved.find((mail) => mail.Subject.includes('has moved to'));
    expect(notice?.Text).toContain(`booking=${plan.id}&token=`);
    const planVisits = inside.body.booking.monthlyPlan.visits as { id: string; date: string }[];
    expect(planVisits.find((visit) => visit.id === thirdId)?.date).toBe(
      addDays(third?.date ?? '', 1),
    );
  });

  it("a failed renewal's email link opens the provider's card page, and the new card pays the month", async () => {
    const plan = await activePlan();
    expect(await provider.billing.renew(plan.id, 'declined')).toBe('failed');
    const mails = await waitForMail(plan.email, { count: 2 });
    const failed = mails.find((mail) => mail.Subject.startsWith('Action needed'));
    const link = /https?:\/\/\S+\/api\/plans\/\S+/.exec(failed?.Text ?? '')?.[0] ?? '';
    const url = new URL(link);
    const billing = await request(api.app).get(`${url.pathname}${url.search}`);
    expect(billing.status).toBe(303);
    const portal = new URL(String(billing.headers.location));
    expect(portal.pathname).toMatch(/^\/api\/payments\/test-billing\/bps_test_[a-f0-9]{32}$/);
    const page = await request(api.app).get(portal.pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Use test card 4242 4242 4242 4242');
    const chosen = await request(api.app)
      .post(portal.pathname)
      .type('form')
      .send({ card: 'succeeds' });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.location).toContain(`/bookings/manage?booking=${plan.id}`);
    await eventually(async () => {
      const visits = await visitsOf(plan.id, 1);
      expect(visits.map((visit) => visit.status)).toEqual(Array(4).fill('paid'));
    });
    expect((await SubscriptionModel.findById(plan.id))?.status).toBe('active');
    // A signed-in owner's page asks for the address instead (a redirect cannot carry a login).
    const owner = await signUp(api.app, PASSWORD);
    await SubscriptionModel.updateOne({ _id: plan.id }, { $set: { userId: owner.userId } });
    await BookingModel.updateOne({ _id: plan.id }, { $set: { userId: owner.userId } });
    const asOwner = await request(api.app)
      .post(`/api/plans/${plan.id}/billing`)
      .set('Authorization', `Bearer ${owner.token}`)
      .send({});
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.url).toMatch(/\/api\/payments\/test-billing\/bps_test_/);
    const stranger = await signUp(api.app, PASSWORD);
    const refused = await request(api.app)
      .post(`/api/plans/${plan.id}/billing`)
      .set('Authorization', `Bearer ${stranger.token}`)
      .send({});
    expect(refused.status).toBe(404);
    // A billing page that does not exist is a 404, whatever its address.
    expect((await request(api.app).get('/api/payments/test-billing/bps_test_0000')).status).toBe(
      404,
    );
  });

  it('operators see each plan, renew one now in test mode and cancel one, its visits to come called off', async () => {
    const plan = await activePlan();
    const bearer = { Authorization: `Bearer ${admin}` };
    const renewed = await request(api.app)
      .post(`/api/admin/plans/${plan.id}/renew`)
      .set(bearer)
      .send({ card: 'declined' });
    expect(renewed.status).toBe(200);
    expect(renewed.body.outcome).toBe('failed');
    await eventually(async () =>
      expect((await SubscriptionModel.findById(plan.id))?.status).toBe('past_due'),
    );
    // Past due as soon as the failure is recorded; the month's visits are opened just after.
    await eventually(async () => expect(await visitsOf(plan.id, 1)).toHaveLength(4));

    const listed = await request(api.app).get('/api/admin/plans?status=past_due').set(bearer);
    expect(listed.status).toBe(200);
    expect(listed.body.canRenewNow).toBe(true);
    const view = (listed.body.plans as { id: string; upcomingVisits: unknown[] }[]).find(
      (entry) => entry.id === plan.id,
    );
    expect(view).toMatchObject({
      status: 'past_due',
      email: plan.email,
      amountCents: 24900,
      cancelAtPeriodEnd: false,
      failedPayments: [{ attempt: 1, final: false }],
    });
    expect(view?.upcomingVisits).toHaveLength(8);

    const cancelled = await request(api.app).post(`/api/admin/plans/${plan.id}/cancel`).set(bearer);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.plan.status).toBe('ended');
    const visits = await BookingModel.find({ subscriptionId: plan.id });
    expect(visits.map((visit) => visit.status)).toEqual(Array(8).fill('cancelled'));
    expect(
      await SlotModel.countDocuments({
        holders: { $in: visits.map((visit) => visit.id as string) },
      }),
    ).toBe(0);
    expect((await TestSubscriptionModel.findOne({ subscriptionId: plan.id }))?.status).toBe(
      'canceled',
    );
    await eventually(async () =>
      expect((await subjects(plan.email)).some((subject) => subject.includes('has ended'))).toBe(
        true,
      ),
    );
    expect(
      (await request(api.app).post(`/api/admin/plans/${plan.id}/cancel`).set(bearer)).status,
    ).toBe(409);
  });
});
