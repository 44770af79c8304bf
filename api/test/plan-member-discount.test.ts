import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPaymentMethodFor } from '../src/domain/payment/test-cards';
import { PlanMessages } from '../src/domain/subscription/plan-messages';
import { TestPaymentProvider } from '../src/payments/test-provider';
import { SubscriptionModel } from '../src/subscriptions/subscription-model';
import { signUp } from '../../tests/support/accounts';
import { activePlan } from '../../tests/support/plans';
import {
  startApiAndWorkers,
  type ApiHarness,
  type ProductHarness,
} from '../../tests/support/api-harness';
import { bookingFields, withFields } from '../../tests/support/booking-form';
import { mailbox, waitForMail } from '../../tests/support/mailbox';
import { eventually } from '../../tests/support/poll';
import { jobsSettled } from '../../tests/support/settled-jobs';
import { testEmail, testEnv } from '../../tests/support/test-env';

const PASSWORD = 'member-tests-Passw0rd!';
const FULL = 14_900;
const MEMBER = 13_410;

describe("a Monthly Visit plan member's 10% off other services", () => {
  const env = testEnv({
    LOG_LEVEL: 'info',
    FORM_RATE_LIMIT_MAX: '1000',
    AUTH_RATE_LIMIT_MAX: '1000',
    SLOT_CAPACITY: '20',
    // One member books several unpaid visits here.
    UNPAID_HOLDS_PER_CONTACT: '10',
  });
  let api: ApiHarness;
  let product: ProductHarness;

  beforeAll(async () => {
    product = await startApiAndWorkers(env);
    api = product.api;
  });
  afterAll(async () => {
    await product.close();
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  /** A Painting plan paid with the test card: from an account when `token` is given. */
  const paintingPlan = async (email: string, login?: string) =>
    (await activePlan(api.app, { service: 'Painting', email }, login)).id;

  async function oneTime(fields: Record<string, string>, token?: string) {
    let post = request(api.app).post('/api/bookings');
    if (token) post = post.set(bearer(token));
    const booked = await withFields(post, bookingFields(fields));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    return booked.body as {
      booking: { id: string; amountCents: number; discount: unknown };
      token: string;
    };
  }

  it("gives the plan's account 10% off another service, on the receipt too, and nothing off the plan's own", async () => {
    const account = await signUp(api.app, PASSWORD);
    await paintingPlan(account.email, account.token);

    const other = await oneTime({ service: 'Pressure Wash', email: account.email }, account.token);
    expect(other.booking.amountCents).toBe(MEMBER);
    expect(other.booking.discount).toEqual({ percent: 10, fullPriceCents: FULL });
    const same = await oneTime({ service: 'Painting', email: account.email }, account.token);
    expect(same.booking.amountCents).toBe(FULL);
    expect(same.booking.discount).toBeNull();

    // The client's price is never taken: the full price is refused for the discounted visit.
    const pay = (amount: number) =>
      request(api.app)
        .post('/api/payments')
        .send({
          bookingId: other.booking.id,
          amount,
          paymentMethod: 'card',
          customerEmail: account.email,
          paymentMethodId: testPaymentMethodFor('4242 4242 4242 4242') ?? '',
          token: other.token,
        });
    expect((await pay(FULL)).status).toBe(400);
    expect((await pay(MEMBER)).status).toBe(200);
    await eventually(async () => {
      const mails = await mailbox().list({ to: account.email });
      expect(
        mails.some((mail) => mail.Subject.includes('Pressure Wash booking is confirmed')),
      ).toBe(true);
    });
    const receipts = await waitForMail(account.email, { count: 2 });
    const receipt = receipts.find((mail) =>
      mail.Subject.includes('Pressure Wash booking is confirmed'),
    );
    expect(receipt?.Text).toContain('Amount paid: $134.10');
    expect(receipt?.Text).toContain('Discount: Monthly Visit member, 10% off $149');
  });

  it('emails the discount link only to an address with an active plan, and the link works for that address only', async () => {
    const member = testEmail('member');
    await paintingPlan(member);
    const stranger = testEmail('stranger');

    for (const email of [member, stranger]) {
      const asked = await request(api.app).post('/api/plans/member-link').send({ email });
      expect(asked.status).toBe(202);
      expect(asked.body.message).toBe(PlanMessages.memberLinkSent);
    }
    // Asked again the same day: no second email.
    await request(api.app).post('/api/plans/member-link').send({ email: member });
    await jobsSettled(api.context.jobs);
    expect(await mailbox().list({ to: stranger })).toHaveLength(0);
    const mails = await mailbox().list({ to: member });
    const links = mails.filter((mail) =>
      mail.Subject.startsWith('Your Monthly Visit member discount'),
    );
    expect(links).toHaveLength(1);
    const full = await waitForMail(member, { count: mails.length });
    const text =
      full.find((mail) => mail.Subject.startsWith('Your Monthly Visit member discount'))?.Text ??
      '';
    const link = new URL(/https?:\/\/\S+member=\S+/.exec(text)?.[0] ?? '');
    const memberToken = link.searchParams.get('member') ?? '';
    expect(link.searchParams.get('email')).toBe(member);

    const withLink = await oneTime({ service: 'Lawn Repair', email: member, member: memberToken });
    expect(withLink.booking.amountCents).toBe(MEMBER);
    // Without the link, or with it under another address, an email proves nothing.
    expect((await oneTime({ service: 'Lawn Repair', email: member })).booking.amountCents).toBe(
      FULL,
    );
    const borrowed = await oneTime({
      service: 'Lawn Repair',
      email: stranger,
      member: memberToken,
    });
    expect(borrowed.booking.amountCents).toBe(FULL);
    const forged = await oneTime({
      service: 'Lawn Repair',
      email: member,
      member: `${memberToken.slice(0, -2)}xx`,
    });
    expect(forged.booking.amountCents).toBe(FULL);
  });

  it('stops once the plan has ended', async () => {
    const account = await signUp(api.app, PASSWORD);
    const planId = await paintingPlan(account.email, account.token);
    const provider = api.context.paymentProvider;
    if (!(provider instanceof TestPaymentProvider)) throw new Error('expected the test provider');
    const plan = await SubscriptionModel.findById(planId);
    await provider.cancelSubscription(plan?.provider?.subscriptionId ?? '');
    await eventually(async () =>
      expect((await SubscriptionModel.findById(planId))?.status).toBe('ended'),
    );
    const after = await oneTime({ service: 'Pressure Wash', email: account.email }, account.token);
    expect(after.booking.amountCents).toBe(FULL);
  });
});
