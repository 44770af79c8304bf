import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../src/bookings/booking-model';
import { PaymentMessages } from '../src/domain/payment/payment-messages';
import { testPaymentMethodFor } from '../src/domain/payment/test-cards';
import {
  chargeRefundedEvent,
  checkoutCompletedEvent,
  paymentFailedEvent,
  buildEvent,
  signedPayload,
} from '../src/payments/test-provider-events';
import { PaymentEventModel } from '../src/payments/payment-event-model';
import type Stripe from 'stripe';
import {
  startApiAndWorkers,
  type ApiHarness,
  type ProductHarness,
} from '../../tests/support/api-harness';
import { bookingFields, withFields } from '../../tests/support/booking-form';
import { startFakeStripe, type FakeStripe } from '../../tests/support/fake-stripe';
import { mailbox, waitForMail } from '../../tests/support/mailbox';
import { eventually } from '../../tests/support/poll';
import { testEnv } from '../../tests/support/test-env';
import { jobsSettled } from '../../tests/support/settled-jobs';

const WEBHOOK_SECRET = 'whsec_localtestsecret';

/** How many emails to `to` have a subject containing `words`. */
async function countMail(to: string, words: string): Promise<number> {
  const found = await mailbox().list({ to });
  return found.filter((mail) => mail.Subject.includes(words)).length;
}

describe('the redirect flow with Stripe, against a local fake of its API', () => {
  let stripe: FakeStripe;
  let env: Record<string, string>;
  let api: ApiHarness;
  let product: ProductHarness;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    env = testEnv({
      LOG_LEVEL: 'info',
      FORM_RATE_LIMIT_MAX: '1000',
      STRIPE_SECRET_KEY: 'sk_test_localfake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_localfake',
      BUSINESS_INBOX: 'bookings-inbox@example.test',
    });
    product = await startApiAndWorkers(env);
    api = product.api;
  });
  afterAll(async () => {
    await product.close();
    await stripe.close();
  });

  async function book(overrides: Record<string, string> = {}) {
    const fields = bookingFields(overrides);
    const response = await withFields(request(api.app).post('/api/bookings'), fields);
    expect(response.status).toBe(201);
    return {
      id: response.body.booking.id as string,
      email: fields.email ?? '',
      booking: response.body.booking,
      token: response.body.token as string,
    };
  }

  const webhook = (event: Stripe.Event, secret = WEBHOOK_SECRET) => {
    const { rawBody, signature } = signedPayload(event, secret);
    return (
      request(api.app)
        .post('/api/payments/webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', signature)
        // As text: superagent would turn a Buffer sent as JSON into {"type":"Buffer",...}.
        .send(rawBody.toString('utf8'))
    );
  };

  const statusOf = async (id: string) => (await BookingModel.findById(id))?.status;

  it('books, opens checkout, takes the signed webhook, marks paid, and emails the confirmation once', async () => {
    const { id, email, booking, token } = await book();
    const checkout = await request(api.app)
      .post('/api-docs/api/payments')
      .send({ bookingId: id, amount: 14900, email, token });
    expect(checkout.status).toBe(200);

    const sent = stripe.requests.find((entry) => entry.path === '/v1/checkout/sessions');
    expect(sent?.idempotencyKey).toMatch(new RegExp(`^checkout-${id}-`));
    expect(sent?.body).toMatchObject({
      mode: 'payment',
      customer_email: email,
      client_reference_id: id,
      metadata: { bookingId: id, reference: booking.reference },
      payment_intent_data: { metadata: { bookingId: id } },
      line_items: [{ quantity: '1', price_data: { currency: 'cad', unit_amount: '14900' } }],
    });
    const sessionId = String(checkout.body.url).split('/').pop() ?? '';
    expect(checkout.body.url).toBe(`${stripe.url}/pay/${sessionId}`);

    // The same request again (a double click): the same session, no second one.
    const again = await request(api.app)
      .post('/api/payments/checkout')
      .send({ bookingId: id, amount: 14900, email, token });
    expect(again.body.url).toBe(checkout.body.url);

    const event = checkoutCompletedEvent({
      bookingId: id,
      reference: booking.reference,
      sessionId,
      intentId: 'pi_test_redirect1',
      amountCents: 14900,
      currency: 'cad',
      customerEmail: email,
    });
    const delivered = await webhook(event);
    expect(delivered.status).toBe(200);
    expect(delivered.body).toEqual({ received: true });

    const [confirmation] = await waitForMail(email);
    expect(confirmation?.Subject).toContain('is confirmed');
    expect(confirmation?.Text).toContain(booking.reference);
    expect(confirmation?.Text).toContain('$149');
    expect(confirmation?.Attachments).toEqual([
      expect.objectContaining({ FileName: `booking-${booking.reference as string}.ics` }),
      expect.objectContaining({ FileName: expect.stringMatching(/^HS-\d{4}-\d{6}\.pdf$/) }),
    ]);
    await eventually(async () => expect(await statusOf(id)).toBe('paid'));
    const stored = await BookingModel.findById(id);
    expect(stored?.payment.intentId).toBe('pi_test_redirect1');

    // Stripe delivers the same event again, and a late failure arrives out of order.
    expect((await webhook(event)).status).toBe(200);
    const lateFailure = paymentFailedEvent({
      bookingId: id,
      reference: booking.reference,
      intentId: 'pi_test_redirect1',
      amountCents: 14900,
      currency: 'cad',
      reason: 'Your card was declined.',
    });
    expect((await webhook(lateFailure)).status).toBe(200);
    await eventually(async () =>
      expect(
        (await PaymentEventModel.findOne({ eventId: lateFailure.id }))?.processedAt,
      ).toBeTruthy(),
    );
    await jobsSettled(api.context.jobs);
    expect(await countMail(email, 'is confirmed')).toBe(1);
    expect(await statusOf(id)).toBe('paid');
    expect(await PaymentEventModel.countDocuments({ eventId: event.id })).toBe(1);

    // The business hears of each new booking.
    const notices = await waitForMail('bookings-inbox@example.test', { count: 1 });
    expect(notices.some((mail) => mail.Subject.includes(booking.reference as string))).toBe(true);
  });

  it('closes the open checkout page before taking the card in page: one payment, not two', async () => {
    const { id, email, token } = await book();
    const checkout = await request(api.app)
      .post('/api/payments/checkout')
      .send({ bookingId: id, amount: 14900, email, token });
    const page = new URL(String(checkout.body.url)).pathname.split('/').pop() ?? '';
    const paid = await request(api.app).post('/api/payments').send({
      bookingId: id,
      amount: 14900,
      paymentMethod: 'card',
      customerEmail: email,
      paymentMethodId: 'pm_card_visa',
      token,
    });
    expect(paid.status).toBe(200);
    const expired = stripe.requests.filter(
      (call) => call.method === 'POST' && call.path === `/v1/checkout/sessions/${page}/expire`,
    );
    expect(expired).toHaveLength(1);
  });

  it("tells the site to take the card with Stripe's own form", async () => {
    const response = await request(api.app).get('/api/payments/config');
    expect(response.body).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_localfake',
      currency: 'cad',
    });
  });

  it('refuses an amount that is not the booking price, and a booking not awaiting payment', async () => {
    const { id, email, token } = await book();
    const wrong = await request(api.app)
      .post('/api/payments/checkout')
      .send({ bookingId: id, amount: 100, email, token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(PaymentMessages.amountMismatch);

    const estimate = await book({ plan: 'Custom Estimate' });
    const notPayable = await request(api.app)
      .post('/api/payments/checkout')
      .send({ bookingId: estimate.id, amount: 14900, email, token: estimate.token });
    expect(notPayable.status).toBe(409);

    await BookingModel.updateOne({ _id: id }, { $set: { status: 'cancelled' } });
    const cancelled = await request(api.app)
      .post('/api/payments/checkout')
      .send({ bookingId: id, amount: 14900, email, token });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error).toBe(PaymentMessages.notAwaitingPayment);

    const missing = await request(api.app)
      .post('/api/payments/checkout')
      .send({ bookingId: '0123456789abcdef0123456789abcdef', amount: 14900, email, token });
    expect(missing.status).toBe(404);
    const invalid = await request(api.app).post('/api/payments/checkout').send({ amount: '14900' });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.fields).sort()).toEqual(['amount', 'bookingId', 'email']);
  });

  it('refuses a webhook whose signature does not match, and stores nothing', async () => {
    const event = buildEvent('payment_intent.succeeded', { id: 'pi_forged', metadata: {} });
    const forged = await webhook(event, 'whsec_someoneelse');
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe(PaymentMessages.invalidSignature);
    const unsigned = await request(api.app)
      .post('/api/payments/webhook')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(event));
    expect(unsigned.status).toBe(400);
    expect(await PaymentEventModel.countDocuments({ eventId: event.id })).toBe(0);
  });

  it('acknowledges event types it does not act on', async () => {
    const event = buildEvent('customer.created', { id: 'cus_123', object: 'customer' });
    expect((await webhook(event)).status).toBe(200);
    await eventually(async () =>
      expect((await PaymentEventModel.findOne({ eventId: event.id }))?.outcome).toMatch(/^ignored/),
    );
  });

  it('refunds a paid booking cancelled more than 24 hours ahead, through the provider', async () => {
    const { id, email, booking, token } = await book();
    const intentId = 'pi_test_refund1';
    expect(
      (
        await webhook(
          checkoutCompletedEvent({
            bookingId: id,
            reference: booking.reference,
            sessionId: 'cs_test_refund1',
            intentId,
            amountCents: 14900,
            currency: 'cad',
            customerEmail: email,
          }),
        )
      ).status,
    ).toBe(200);
    await eventually(async () => expect(await statusOf(id)).toBe('paid'));

    const cancel = await request(api.app).post(`/api/bookings/${id}/cancel`).send({ token });
    expect(cancel.status).toBe(200);
    expect(cancel.body.booking.status).toBe('cancelled');

    await eventually(async () => {
      await Promise.resolve();
      const refund = stripe.requests.find(
        (entry) => entry.path === '/v1/refunds' && entry.body.payment_intent === intentId,
      );
      expect(refund?.idempotencyKey).toBe(`refund-${id}`);
    });
    const [cancelMail] = await waitForMail(email, { count: 2 }).then((mails) =>
      mails.filter((mail) => mail.Subject.includes('is cancelled')),
    );
    expect(cancelMail?.Text).toMatch(/refund/i);

    expect(
      (
        await webhook(
          chargeRefundedEvent({ bookingId: id, intentId, amountCents: 14900, currency: 'cad' }),
        )
      ).status,
    ).toBe(200);
    await eventually(async () => expect(await statusOf(id)).toBe('refunded'));
  });
  it('gives the place back and tells the customer when a paid booking is refunded at Stripe', async () => {
    const { id, email, booking } = await book();
    const { date, time } = booking as { date: string; time: string };
    const placesLeft = async () => {
      const response = await request(api.app).get(`/api/availability?from=${date}&to=${date}`);
      return (response.body.days[0].windows as Record<string, number>)[time];
    };
    const intentId = 'pi_test_dashboard_refund';
    const paid = checkoutCompletedEvent({
      bookingId: id,
      reference: booking.reference,
      sessionId: 'cs_test_dashboard_refund',
      intentId,
      amountCents: 14900,
      currency: 'cad',
      customerEmail: email,
    });
    expect((await webhook(paid)).status).toBe(200);
    await eventually(async () => expect(await statusOf(id)).toBe('paid'));
    const heldWhilePaid = await placesLeft();

    // An operator refunds the charge in Stripe's dashboard: only the event tells us.
    const refunded = chargeRefundedEvent({
      bookingId: id,
      intentId,
      amountCents: 14900,
      currency: 'cad',
    });
    expect((await webhook(refunded)).status).toBe(200);
    await eventually(async () => expect(await statusOf(id)).toBe('refunded'));
    expect(await placesLeft()).toBe((heldWhilePaid ?? 0) + 1);
    const [cancelMail] = await waitForMail(email, { count: 2 }).then((mails) =>
      mails.filter((mail) => mail.Subject.includes('is cancelled')),
    );
    expect(cancelMail?.Text).toContain('refund of $149 is on its way');

    // The same refund told again (a second event for the charge) changes nothing more.
    expect(
      (
        await webhook(
          chargeRefundedEvent({ bookingId: id, intentId, amountCents: 14900, currency: 'cad' }),
        )
      ).status,
    ).toBe(200);
    await jobsSettled(api.context.jobs);
    expect(await placesLeft()).toBe((heldWhilePaid ?? 0) + 1);
    expect(await countMail(email, 'is cancelled')).toBe(1);
  });
});

describe('the local test provider (no Stripe keys)', () => {
  const env = testEnv({ LOG_LEVEL: 'info', FORM_RATE_LIMIT_MAX: '1000' });
  let api: ApiHarness;
  let product: ProductHarness;

  beforeAll(async () => {
    product = await startApiAndWorkers(env);
    api = product.api;
  });
  afterAll(async () => {
    await product.close();
  });

  async function book() {
    const fields = bookingFields({ service: 'Pressure Wash' });
    const response = await withFields(request(api.app).post('/api/bookings'), fields);
    expect(response.status).toBe(201);
    return { id: response.body.booking.id as string, email: fields.email ?? '' };
  }

  const pay = (id: string, email: string, paymentMethodId: string) =>
    request(api.app)
      .post('/api/payments')
      .send({
        bookingId: id,
        amount: 14900,
        paymentMethod: 'card',
        customerEmail: email,
        paymentMethodId,
        token: api.context.links.token(id),
      });

  it('tells the site to show the test card form', async () => {
    const response = await request(api.app).get('/api/payments/config');
    expect(response.body).toEqual({ provider: 'test', publishableKey: null, currency: 'cad' });
  });

  it('pays with 4242 4242 4242 4242: the booking ends paid and the confirmation arrives', async () => {
    const { id, email } = await book();
    const paymentMethodId = testPaymentMethodFor('4242 4242 4242 4242') ?? '';
    const response = await pay(id, email, paymentMethodId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'succeeded',
      message: `Booking confirmed for Pressure Wash! A confirmation has been sent to ${email}`,
    });
    const [mail] = await waitForMail(email);
    expect(mail?.Subject).toContain('is confirmed');
    await eventually(async () => expect((await BookingModel.findById(id))?.status).toBe('paid'));
  });

  it('declines 4000 0000 0000 0002: the booking ends payment_failed and no email is sent', async () => {
    const { id, email } = await book();
    const response = await pay(id, email, testPaymentMethodFor('4000 0000 0000 0002') ?? '');
    expect(response.status).toBe(402);
    expect(response.body.error).toBe(PaymentMessages.failed);
    await eventually(async () =>
      expect((await BookingModel.findById(id))?.status).toBe('payment_failed'),
    );
    await jobsSettled(api.context.jobs);
    expect(await countMail(email, 'is confirmed')).toBe(0);

    // The customer tries again with the card that works.
    const retry = await pay(id, email, testPaymentMethodFor('4242424242424242') ?? '');
    expect(retry.status).toBe(200);
    await eventually(async () => expect((await BookingModel.findById(id))?.status).toBe('paid'));
  });

  it('refuses a card number in place of a token: card numbers never reach the server', async () => {
    const { id, email } = await book();
    const response = await pay(id, email, '4242424242424242');
    expect(response.status).toBe(400);
    expect(response.body.fields.paymentMethodId).toBeTruthy();
  });

  it('runs the redirect flow through its own checkout page', async () => {
    const { id, email } = await book();
    const token = api.context.links.token(id);
    const checkout = await request(api.app)
      .post('/api/payments/checkout')
      .send({ bookingId: id, amount: 14900, email, token });
    expect(checkout.status).toBe(200);
    const path = new URL(String(checkout.body.url)).pathname;
    const page = await request(api.app).get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('$149 CAD');

    const declined = await request(api.app).post(path).type('form').send({ choice: 'decline' });
    expect(declined.status).toBe(303);
    await eventually(async () =>
      expect((await BookingModel.findById(id))?.status).toBe('payment_failed'),
    );

    const paid = await request(api.app).post(path).type('form').send({ choice: 'pay' });
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toContain(`/bookings/return?booking=${id}`);
    await eventually(async () => expect((await BookingModel.findById(id))?.status).toBe('paid'));
    await waitForMail(email);
    // The page is spent once paid.
    expect((await request(api.app).get(path)).status).toBe(410);
  });
});
