import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentMessages } from '../src/domain/payment/payment-messages';
import { TEST_PAYMENT_METHODS } from '../src/domain/payment/test-cards';
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
 * A Monthly Visit plan paid in page with Stripe Elements: the real SDK against the local fake of
 * Stripe's API. No workers run: what is checked is what the API asks Stripe and answers.
 */
describe("a plan's first month paid in page on Stripe", () => {
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
    return { id, pay };
  }

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
    const sent = stripe.requests.find((call) => call.path === '/v1/subscriptions');
    expect(sent?.body).toMatchObject({ metadata: { subscriptionId: id } });
  });

  it('lets another card try after a decline', async () => {
    const { pay } = await plan();
    const declined = await pay(TEST_PAYMENT_METHODS.declined);
    expect(declined.status).toBe(402);
    const paid = await pay('pm_card_visa');
    expect(paid.status).toBe(200);
  });

  it('hands 3-D Secure to the page with the payment’s client secret', async () => {
    const { pay } = await plan();
    const answer = await pay(AUTHENTICATION_REQUIRED);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('requires_action');
    expect(answer.body.clientSecret).toMatch(/^pi_.+_secret_/);
  });
});
