import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentMessages } from '../src/domain/payment/payment-messages';
import { TEST_PAYMENT_METHODS } from '../src/domain/payment/test-cards';
import { BookingModel } from '../src/bookings/booking-model';
import { SubscriptionModel } from '../src/subscriptions/subscription-model';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { bookingFields, withFields } from '../../tests/support/booking-form';
import {
  AUTHENTICATION_REQUIRED,
  startFakeStripe,
  type FakeStripe,
} from '../../tests/support/fake-stripe';
import { testEnv } from '../../tests/support/test-env';

/**
 * A Monthly Visit plan's first month paid on Stripe, in page (Elements) or on Checkout: the real
 * SDK against the local fake of Stripe's API. No workers run: what is checked is what the API
 * asks Stripe and answers.
 */
describe("a plan's first month paid on Stripe", () => {
  let stripe: FakeStripe;
  let api: ApiHarness;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    api = await startApi(
      testEnv({
        FORM_RATE_LIMIT_MAX: '1000',
        STRIPE_SECRET_KEY: 'sk_test_localfake',
        STRIPE_WEBHOOK_SECRET: 'whsec_localtestsecretinpage',
        STRIPE_API_URL: stripe.url,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_localfake',
      }),
    );
  });
  afterAll(async () => {
    await api.close();
    await stripe.close();
  });

  async function plan() {
    const fields = bookingFields({ plan: 'monthly' });
    const booked = await withFields(request(api.app).post('/api/bookings'), fields);
    expect(booked.status).toBe(201);
    const id = booked.body.booking.id as string;
    const pay = (paymentMethodId: string) =>
      request(api.app)
        .post('/api/payments')
        .send({
          bookingId: id,
          amount: 24_900,
          paymentMethod: 'card',
          customerEmail: fields.email,
          paymentMethodId,
          token: booked.body.token as string,
        });
    const token = booked.body.token as string;
    const checkout = () =>
      request(api.app)
        .post('/api/payments/checkout')
        .send({ bookingId: id, amount: 24_900, email: fields.email, token });
    return { id, pay, checkout, token };
  }

  const sessionOf = (answer: { body: { url?: unknown } }) =>
    new URL(String(answer.body.url)).pathname.split('/').pop() ?? '';
  /** The stored page nearly over, so the next request opens another. */
  const pageRunsOut = (id: string) =>
    BookingModel.updateOne(
      { _id: id },
      { $set: { 'payment.checkoutExpiresAt': new Date(Date.now() + 60_000) } },
    );
  const calls = (method: string, path: string) =>
    stripe.requests.filter((call) => call.method === method && call.path === path).length;

  it('closes the earlier Checkout page before opening another, and opens none once one was paid', async () => {
    const { id, checkout } = await plan();
    const first = await checkout();
    expect(first.status).toBe(200);
    const earlier = sessionOf(first);

    await pageRunsOut(id);
    const second = await checkout();
    expect(second.status).toBe(200);
    const later = sessionOf(second);
    expect(later).not.toBe(earlier);
    expect(calls('POST', `/v1/checkout/sessions/${earlier}/expire`)).toBe(1);

    // The customer pays the new page; the event is not in yet when the page is asked for again.
    stripe.completeSubscriptionCheckout(later);
    await pageRunsOut(id);
    const sessionsBefore = calls('POST', '/v1/checkout/sessions');
    const third = await checkout();
    expect(third.status).toBe(409);
    expect(third.body.error).toBe(PaymentMessages.notAwaitingPayment);
    expect(calls('POST', '/v1/checkout/sessions')).toBe(sessionsBefore);
  });

  it('closes an open Checkout page before charging the card in page', async () => {
    const { checkout, pay } = await plan();
    const page = sessionOf(await checkout());
    expect((await pay('pm_card_visa')).status).toBe(200);
    expect(calls('POST', `/v1/checkout/sessions/${page}/expire`)).toBe(1);
  });

  const subscriptionsCreated = () =>
    stripe.requests.filter((call) => call.method === 'POST' && call.path === '/v1/subscriptions')
      .length;

  it('starts one subscription, whatever other card is sent while or after it is charged', async () => {
    const { id, pay } = await plan();
    const before = subscriptionsCreated();
    const paid = await pay('pm_card_visa');
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('succeeded');
    const stored = await SubscriptionModel.findById(id);
    expect(stored?.provider?.subscriptionId).toMatch(/^sub_/);

    const again = await pay('pm_card_mastercard');
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(PaymentMessages.notAwaitingPayment);
    expect(subscriptionsCreated() - before).toBe(1);
    const sent = stripe.requests.filter((call) => call.path === '/v1/subscriptions').at(-1);
    expect(sent?.body).toMatchObject({ metadata: { subscriptionId: id } });
  });

  it('lets another card try after a decline', async () => {
    const { pay } = await plan();
    const declined = await pay(TEST_PAYMENT_METHODS.declined);
    expect(declined.status).toBe(402);
    const paid = await pay('pm_card_visa');
    expect(paid.status).toBe(200);
  });

  it('gives a paused month back at Stripe: Resume clears the pause, and so does a cancel', async () => {
    const { id, pay, token } = await plan();
    expect((await pay('pm_card_visa')).status).toBe(200);
    const stored = await SubscriptionModel.findById(id);
    const path = `/v1/subscriptions/${stored?.provider?.subscriptionId ?? ''}`;
    // Its first month paid, as the workers record it from Stripe's invoice.
    await SubscriptionModel.updateOne(
      { _id: id },
      { $set: { paidPeriods: [0], status: 'active' } },
    );
    const changes = () =>
      stripe.requests.filter((call) => call.method === 'POST' && call.path === path);
    const before = changes().length;
    const post = (action: string) =>
      request(api.app).post(`/api/plans/${id}/${action}`).send({ token });

    expect((await post('pause')).status).toBe(200);
    expect((await post('resume')).status).toBe(200);
    expect((await post('pause')).status).toBe(200);
    expect((await post('cancel')).status).toBe(200);
    expect(
      changes()
        .slice(before)
        .map((call) => call.body),
    ).toEqual([
      { pause_collection: { behavior: 'void', resumes_at: expect.any(String) as unknown } },
      { pause_collection: '' },
      { pause_collection: { behavior: 'void', resumes_at: expect.any(String) as unknown } },
      // The ending wins: the paused month is given back first, then the plan stops.
      { pause_collection: '' },
      { cancel_at_period_end: 'true' },
    ]);
    expect((await SubscriptionModel.findById(id))?.pausedPeriods).toEqual([]);
  });

  it('hands 3-D Secure to the page with the payment’s client secret', async () => {
    const { pay } = await plan();
    const answer = await pay(AUTHENTICATION_REQUIRED);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('requires_action');
    expect(answer.body.clientSecret).toMatch(/^pi_.+_secret_/);
  });
});
