import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config/load-config';
import { PaymentMessages } from '../src/domain/payment/payment-messages';
import { createPaymentProvider, type PaymentConfig } from '../src/payments/create-payment-provider';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { bookingFields, withFields } from '../../tests/support/booking-form';
import { testEnv } from '../../tests/support/test-env';

const base: PaymentConfig = {
  PAYMENTS_TEST_MODE: false,
  LINK_SECRET: 'a-link-secret-long-enough-for-the-test-0123456789',
  SITE_URL: 'http://localhost:8080',
  NODE_ENV: 'development',
};
const deliver = () => Promise.resolve();

describe('which payment provider a process gets', () => {
  it('uses Stripe when a secret key and a webhook secret are set', () => {
    const provider = createPaymentProvider(
      { ...base, STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' },
      deliver,
    );
    expect(provider.name).toBe('stripe');
  });

  it('will not start with a Stripe key but no webhook secret, and says which is missing', () => {
    expect(() =>
      createPaymentProvider({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc' }, deliver),
    ).toThrow(ConfigError);
    expect(() =>
      createPaymentProvider({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc' }, deliver),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('uses the test provider without Stripe keys, but in production only when asked to', () => {
    expect(createPaymentProvider(base, deliver).name).toBe('test');
    expect(createPaymentProvider({ ...base, NODE_ENV: 'production' }, deliver).name).toBe('none');
    expect(
      createPaymentProvider({ ...base, NODE_ENV: 'production', PAYMENTS_TEST_MODE: true }, deliver)
        .name,
    ).toBe('test');
  });
});

describe('a production site without Stripe keys', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(testEnv({ NODE_ENV: 'production' }));
  });
  afterAll(async () => {
    await api.close();
  });

  it('still takes bookings, takes no payment, and says so', async () => {
    const fields = bookingFields();
    const booked = await withFields(request(api.app).post('/api/bookings'), fields);
    expect(booked.status).toBe(201);
    const checkout = await request(api.app).post('/api/payments/checkout').send({
      bookingId: booked.body.booking.id,
      amount: 14900,
      email: fields.email,
      token: booked.body.token,
    });
    expect(checkout.status).toBe(503);
    expect(checkout.body.error).toBe(PaymentMessages.notSetUp);
    expect((await request(api.app).get('/api/payments/config')).body.provider).toBe('none');
    const webhook = await request(api.app)
      .post('/api/payments/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', 't=1,v1=abc')
      .send('{"id":"evt_1","type":"payment_intent.succeeded"}');
    expect(webhook.status).toBe(400);
    // No test checkout page in production.
    expect((await request(api.app).get('/api/payments/test-checkout/cs_test_x')).status).toBe(404);
  });
});
