import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PAYMENT_METHODS } from '../src/domain/payment/test-cards';
import { effectOf } from '../src/payments/payment-events';
import {
  buildEvent,
  chargeRefundedEvent,
  checkoutCompletedEvent,
  paymentFailedEvent,
  paymentSucceededEvent,
  signedPayload,
} from '../src/payments/test-provider-events';
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type PaymentRequest,
} from '../src/payments/payment-provider';
import { StripeProvider } from '../src/payments/stripe-provider';
import {
  AUTHENTICATION_REQUIRED,
  startFakeStripe,
  type FakeStripe,
  type RecordedRequest,
} from '../../tests/support/fake-stripe';

const WEBHOOK_SECRET = 'whsec_test_provider_secret';
const BOOKING_ID = '65f1c0ffee0123456789abcdef012345';
const REFERENCE = 'HS-2048';

function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    bookingId: BOOKING_ID,
    reference: REFERENCE,
    description: 'Painting, One-time Visit',
    amountCents: 14900,
    currency: 'cad',
    customerEmail: 'pat@example.com',
    successUrl: 'http://localhost:8080/booking/success?ref=HS-2048',
    cancelUrl: 'http://localhost:8080/booking/cancelled?ref=HS-2048',
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    idempotencyKey: `checkout-${randomUUID()}`,
    ...overrides,
  };
}

function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    bookingId: BOOKING_ID,
    reference: REFERENCE,
    description: 'Painting, One-time Visit',
    amountCents: 14900,
    currency: 'cad',
    customerEmail: 'pat@example.com',
    paymentMethodId: TEST_PAYMENT_METHODS.succeeds,
    idempotencyKey: `pay-${randomUUID()}`,
    ...overrides,
  };
}

describe('the Stripe payment provider', () => {
  let fake: FakeStripe;
  let provider: StripeProvider;

  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = new StripeProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.url,
    });
  });
  afterAll(async () => {
    await fake.close();
  });

  function requestsWithKey(key: string): RecordedRequest[] {
    return fake.requests.filter((request) => request.idempotencyKey === key);
  }

  it('is named stripe', () => {
    expect(provider.name).toBe('stripe');
  });

  describe('createCheckout', () => {
    it('opens a Checkout Session for the booking, with its amount, metadata and expiry', async () => {
      const request = checkoutRequest();
      const session = await provider.createCheckout(request);

      expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
      expect(session.url).toBe(`${fake.url}/pay/${session.id}`);
      const [sent] = requestsWithKey(request.idempotencyKey);
      expect(sent).toMatchObject({
        method: 'POST',
        path: '/v1/checkout/sessions',
        idempotencyKey: request.idempotencyKey,
        authorization: 'Bearer sk_test_fake',
      });
      expect(sent?.body).toEqual({
        mode: 'payment',
        line_items: [
          {
            quantity: '1',
            price_data: {
              currency: 'cad',
              unit_amount: '14900',
              product_data: { name: 'Painting, One-time Visit' },
            },
          },
        ],
        customer_email: 'pat@example.com',
        client_reference_id: BOOKING_ID,
        metadata: { bookingId: BOOKING_ID, reference: REFERENCE },
        payment_intent_data: {
          metadata: { bookingId: BOOKING_ID, reference: REFERENCE },
          description: 'Painting, One-time Visit',
        },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: String(Math.floor(request.expiresAt.getTime() / 1000)),
      });
    });

    it('opens one session for one idempotency key, however often it is asked', async () => {
      const request = checkoutRequest();
      const first = await provider.createCheckout(request);
      const second = await provider.createCheckout(request);

      expect(second).toEqual(first);
      expect(requestsWithKey(request.idempotencyKey)).toHaveLength(2);
    });

    it('is refused, as Stripe refuses it, when a key comes back with other parameters', async () => {
      const request = checkoutRequest();
      await provider.createCheckout(request);

      await expect(provider.createCheckout({ ...request, amountCents: 9900 })).rejects.toThrow(
        Stripe.errors.StripeIdempotencyError,
      );
    });

    it('retries a server error with the same idempotency key', async () => {
      const request = checkoutRequest();
      fake.failNext(500);
      const session = await provider.createCheckout(request);

      expect(session.id).toMatch(/^cs_test_/);
      expect(requestsWithKey(request.idempotencyKey)).toHaveLength(2);
    });
  });

  describe('pay', () => {
    it('takes a payment with a card that succeeds', async () => {
      const request = paymentRequest();
      const outcome = await provider.pay(request);

      expect(outcome).toEqual({ status: 'succeeded', intentId: expect.stringMatching(/^pi_/) });
      const [sent] = requestsWithKey(request.idempotencyKey);
      expect(sent?.path).toBe('/v1/payment_intents');
      expect(sent?.body).toEqual({
        amount: '14900',
        currency: 'cad',
        payment_method: 'pm_card_visa',
        confirm: 'true',
        automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
        receipt_email: 'pat@example.com',
        description: 'Painting, One-time Visit',
        metadata: { bookingId: BOOKING_ID, reference: REFERENCE },
      });
    });

    it('reports a declined card as a failed payment with the reason, without throwing', async () => {
      const outcome = await provider.pay(
        paymentRequest({ paymentMethodId: TEST_PAYMENT_METHODS.declined }),
      );

      expect(outcome).toEqual({
        status: 'failed',
        intentId: expect.stringMatching(/^pi_/),
        reason: 'Your card was declined.',
      });
    });

    it('hands back the client secret when the card needs 3-D Secure', async () => {
      const outcome = await provider.pay(
        paymentRequest({ paymentMethodId: AUTHENTICATION_REQUIRED }),
      );

      expect(outcome.status).toBe('requires_action');
      if (outcome.status !== 'requires_action') return;
      expect(outcome.clientSecret.startsWith(`${outcome.intentId}_secret_`)).toBe(true);
    });

    it('throws a fault that outlasts the retries (three attempts in all)', async () => {
      const request = paymentRequest();
      fake.failNext(503);
      fake.failNext(503);
      fake.failNext(503);

      await expect(provider.pay(request)).rejects.toThrow(Stripe.errors.StripeAPIError);
      expect(requestsWithKey(request.idempotencyKey)).toHaveLength(3);
    });
  });

  describe('refund', () => {
    it('refunds the payment in full, with the booking in its metadata', async () => {
      const paid = await provider.pay(paymentRequest());
      if (paid.status !== 'succeeded') throw new Error(`expected a payment, got ${paid.status}`);
      const idempotencyKey = `refund-${randomUUID()}`;

      const refund = await provider.refund({
        bookingId: BOOKING_ID,
        intentId: paid.intentId,
        amountCents: 14900,
        idempotencyKey,
      });

      expect(refund.id).toMatch(/^re_/);
      const [sent] = requestsWithKey(idempotencyKey);
      expect(sent?.path).toBe('/v1/refunds');
      expect(sent?.body).toEqual({
        payment_intent: paid.intentId,
        metadata: { bookingId: BOOKING_ID },
      });
    });
  });

  describe('verifyEvent', () => {
    const event = paymentSucceededEvent({
      bookingId: BOOKING_ID,
      reference: REFERENCE,
      intentId: 'pi_3PaidInFull0000000000000',
      amountCents: 14900,
      currency: 'cad',
    });

    it('accepts an event signed with the webhook secret', () => {
      const { rawBody, signature } = signedPayload(event, WEBHOOK_SECRET);
      expect(provider.verifyEvent(rawBody, signature)).toEqual(event);
    });

    it('rejects an event signed with another secret', () => {
      const { rawBody, signature } = signedPayload(event, 'whsec_someone_else');
      expect(() => provider.verifyEvent(rawBody, signature)).toThrow(WebhookSignatureError);
    });

    it('rejects a body changed after signing', () => {
      const { rawBody, signature } = signedPayload(event, WEBHOOK_SECRET);
      const tampered = Buffer.from(rawBody.toString('utf8').replace('14900', '100'), 'utf8');
      expect(tampered.equals(rawBody)).toBe(false);
      expect(() => provider.verifyEvent(tampered, signature)).toThrow(WebhookSignatureError);
    });

    it('rejects a delivery without a signature', () => {
      const { rawBody } = signedPayload(event, WEBHOOK_SECRET);
      expect(() => provider.verifyEvent(rawBody, undefined)).toThrow(WebhookSignatureError);
      expect(() => provider.verifyEvent(rawBody, '')).toThrow(WebhookSignatureError);
    });

    it('rejects a signature older than five minutes', () => {
      const payload = JSON.stringify(event);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 600,
      });
      expect(() => provider.verifyEvent(Buffer.from(payload), signature)).toThrow(
        WebhookSignatureError,
      );
    });
  });
});

describe('effectOf', () => {
  const intentId = 'pi_3Effect000000000000000000';
  const sessionId = 'cs_test_a1Effect0000000000000';

  it('reads a paid Checkout Session as paid', () => {
    const event = checkoutCompletedEvent({
      bookingId: BOOKING_ID,
      reference: REFERENCE,
      sessionId,
      intentId,
      amountCents: 14900,
      currency: 'cad',
      customerEmail: 'pat@example.com',
    });
    expect(effectOf(event)).toEqual({
      kind: 'paid',
      bookingId: BOOKING_ID,
      intentId,
      sessionId,
      amountCents: 14900,
    });
  });

  it('finds the booking in client_reference_id and the intent in an expanded object', () => {
    const event = buildEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: 14900,
      client_reference_id: BOOKING_ID,
      metadata: {},
      payment_intent: { id: intentId, object: 'payment_intent' },
    });
    expect(effectOf(event)).toEqual({
      kind: 'paid',
      bookingId: BOOKING_ID,
      intentId,
      sessionId,
      amountCents: 14900,
    });
  });

  it.each(['unpaid', 'no_payment_required'])(
    'ignores a completed Checkout Session whose payment is %s',
    (paymentStatus) => {
      const event = buildEvent('checkout.session.completed', {
        id: sessionId,
        object: 'checkout.session',
        payment_status: paymentStatus,
        amount_total: 14900,
        client_reference_id: BOOKING_ID,
        metadata: { bookingId: BOOKING_ID },
        payment_intent: null,
      });
      expect(effectOf(event)).toMatchObject({ kind: 'ignored' });
    },
  );

  it('reads a delayed Checkout payment that succeeded as paid, and one that failed as failed', () => {
    const session = {
      id: sessionId,
      object: 'checkout.session',
      amount_total: 14900,
      client_reference_id: BOOKING_ID,
      metadata: { bookingId: BOOKING_ID, reference: REFERENCE },
      payment_intent: intentId,
    };
    expect(
      effectOf(
        buildEvent('checkout.session.async_payment_succeeded', {
          ...session,
          payment_status: 'paid',
        }),
      ),
    ).toEqual({ kind: 'paid', bookingId: BOOKING_ID, intentId, sessionId, amountCents: 14900 });
    expect(
      effectOf(
        buildEvent('checkout.session.async_payment_failed', {
          ...session,
          payment_status: 'unpaid',
        }),
      ),
    ).toEqual({ kind: 'failed', bookingId: BOOKING_ID, intentId, reason: 'Payment failed' });
  });

  it('reads a PaymentIntent that succeeded as paid, with the amount received', () => {
    const event = paymentSucceededEvent({
      bookingId: BOOKING_ID,
      reference: REFERENCE,
      intentId,
      amountCents: 14900,
      currency: 'cad',
    });
    expect(effectOf(event)).toEqual({
      kind: 'paid',
      bookingId: BOOKING_ID,
      intentId,
      sessionId: null,
      amountCents: 14900,
    });
  });

  it('reads a failed PaymentIntent as failed, with the reason or a default', () => {
    const event = paymentFailedEvent({
      bookingId: BOOKING_ID,
      reference: REFERENCE,
      intentId,
      amountCents: 14900,
      currency: 'cad',
      reason: 'Your card has insufficient funds.',
    });
    expect(effectOf(event)).toEqual({
      kind: 'failed',
      bookingId: BOOKING_ID,
      intentId,
      reason: 'Your card has insufficient funds.',
    });

    const withoutError = buildEvent('payment_intent.payment_failed', {
      ...event.data.object,
      last_payment_error: null,
    });
    expect(effectOf(withoutError)).toMatchObject({ kind: 'failed', reason: 'Payment failed' });
  });

  it('reads a charge refunded in full as refunded', () => {
    const event = chargeRefundedEvent({
      bookingId: BOOKING_ID,
      intentId,
      chargeId: 'ch_3Refund00000000000000000',
      amountCents: 14900,
      currency: 'cad',
    });
    expect(event.data.object.id).toBe('ch_3Refund00000000000000000');
    expect(effectOf(event)).toEqual({ kind: 'refunded', bookingId: BOOKING_ID, intentId });
  });

  it('reads a refund without a booking id as refunded, found by its payment', () => {
    const event = buildEvent('charge.refunded', {
      id: 'ch_3Refund00000000000000000',
      object: 'charge',
      refunded: true,
      amount: 14900,
      amount_refunded: 14900,
      metadata: {},
      payment_intent: intentId,
    });
    expect(effectOf(event)).toEqual({ kind: 'refunded', bookingId: null, intentId });
  });

  it('ignores a partial refund', () => {
    const event = buildEvent('charge.refunded', {
      id: 'ch_3Partial0000000000000000',
      object: 'charge',
      refunded: false,
      amount: 14900,
      amount_refunded: 5000,
      metadata: { bookingId: BOOKING_ID },
      payment_intent: intentId,
    });
    expect(effectOf(event)).toMatchObject({ kind: 'ignored' });
  });

  it('ignores a payment event without a booking id, or with an id that is not a booking', () => {
    const base = { bookingId: BOOKING_ID, reference: REFERENCE, intentId, currency: 'cad' };
    const succeeded = paymentSucceededEvent({ ...base, amountCents: 14900 });
    const noBooking = buildEvent('payment_intent.succeeded', {
      ...succeeded.data.object,
      metadata: {},
    });
    const notABooking = buildEvent('payment_intent.succeeded', {
      ...succeeded.data.object,
      metadata: { bookingId: 'HS-2048' },
    });
    const failedWithout = buildEvent('payment_intent.payment_failed', {
      ...paymentFailedEvent({ ...base, amountCents: 14900, reason: 'No.' }).data.object,
      metadata: {},
    });
    const sessionWithout = buildEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: 14900,
      client_reference_id: null,
      metadata: {},
      payment_intent: intentId,
    });
    for (const event of [noBooking, notABooking, failedWithout, sessionWithout]) {
      expect(effectOf(event)).toMatchObject({ kind: 'ignored', reason: expect.any(String) });
    }
  });

  it('ignores the event types it does not act on', () => {
    for (const type of [
      'checkout.session.expired',
      'payment_intent.created',
      'charge.succeeded',
      'customer.created',
    ] as const) {
      const event = buildEvent(type, { id: 'obj_1', metadata: { bookingId: BOOKING_ID } });
      expect(effectOf(event)).toEqual({ kind: 'ignored', reason: expect.stringContaining(type) });
    }
  });

  it('builds events shaped like the ones Stripe delivers', () => {
    const event = buildEvent('charge.refunded', { id: 'ch_1' }, { id: 'evt_given', created: 1 });
    expect(event).toEqual({
      id: 'evt_given',
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: 1,
      data: { object: { id: 'ch_1' } },
      livemode: false,
      pending_webhooks: 1,
      request: null,
      type: 'charge.refunded',
    });
    expect(buildEvent('charge.refunded', {}).id).toMatch(/^evt_[A-Za-z0-9]{24}$/);
  });
});
