import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../../api/src/bookings/booking-model';
import type { BookingStatus } from '../../api/src/domain/booking/booking-status';
import { PaymentEventModel } from '../../api/src/payments/payment-event-model';
import {
  chargeRefundedEvent,
  checkoutCompletedEvent,
  paymentFailedEvent,
  paymentSucceededEvent,
  signedPayload,
  stripeId,
} from '../../api/src/payments/test-provider-events';
import { connectMongo, disconnectMongo } from '../../api/src/platform/mongo';
import { startBackEndProcesses, type BackEndProcesses } from '../support/back-end-processes';
import { mailbox } from '../support/mailbox';
import { bookPaidVisit, type BookedVisit } from '../support/paid-bookings';
import { eventually } from '../support/poll';
import { jobsSettled, queuesOf } from '../support/settled-jobs';
import { testEnv } from '../support/test-env';

const WEBHOOK_SECRET = 'whsec_faulttestsecret';
const PRICE = 14900;

describe('Stripe events delivered again and again, and out of order', () => {
  // No Stripe key: the local test provider, which verifies webhooks with this secret like Stripe.
  const env = testEnv({
    LOG_LEVEL: 'info',
    FORM_RATE_LIMIT_MAX: '1000',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  let backEnd: BackEndProcesses;

  beforeAll(async () => {
    await connectMongo({ url: env.MONGO_URL ?? '', dbName: env.MONGO_DB });
    backEnd = await startBackEndProcesses(env);
  });
  afterAll(async () => {
    await backEnd.close();
    await disconnectMongo();
  });

  const book = () => bookPaidVisit(backEnd.api.url);

  async function deliver(event: Stripe.Event): Promise<number> {
    const { rawBody, signature } = signedPayload(event, WEBHOOK_SECRET);
    const response = await fetch(`${backEnd.api.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: new Uint8Array(rawBody),
    });
    await response.arrayBuffer();
    return response.status;
  }

  const succeeded = (booking: BookedVisit, intentId: string) =>
    paymentSucceededEvent({
      bookingId: booking.id,
      reference: booking.reference,
      intentId,
      amountCents: PRICE,
      currency: 'cad',
    });

  /** How many times the booking entered `status`, from its own history. */
  async function entries(bookingId: string, status: BookingStatus): Promise<number> {
    const booking = await BookingModel.findById(bookingId).lean();
    return booking?.history.filter((entry) => entry.to === status).length ?? -1;
  }

  async function confirmations(email: string): Promise<number> {
    const found = await mailbox().list({ to: email });
    return found.filter((mail) => mail.Subject.includes('is confirmed')).length;
  }

  /** Every event is stored exactly once, and each has been applied. */
  async function inboxHoldsOnce(events: Stripe.Event[]): Promise<void> {
    await eventually(
      async () => {
        for (const event of events) {
          const rows = await PaymentEventModel.find({ eventId: event.id }).lean();
          expect(rows).toHaveLength(1);
          expect(rows[0]?.processedAt).toBeInstanceOf(Date);
        }
      },
      { timeoutMs: 60_000 },
    );
  }

  /**
   * The one confirmation has arrived, and stays one: a second would come from a second job,
   * queued by the same events, and every job has finished by the time it is counted again.
   */
  async function exactlyOneConfirmation(email: string): Promise<void> {
    await eventually(async () => expect(await confirmations(email)).toBe(1), {
      timeoutMs: 60_000,
    });
    const queues = queuesOf(env);
    try {
      await jobsSettled(queues, { timeoutMs: 60_000 });
    } finally {
      await queues.close();
    }
    expect(await confirmations(email)).toBe(1);
  }

  it('applies one event delivered ten times at once and ten times in a row exactly once', async () => {
    const booking = await book();
    const event = succeeded(booking, stripeId('pi'));
    const together = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    const inTurn: number[] = [];
    for (let delivery = 0; delivery < 10; delivery += 1) inTurn.push(await deliver(event));
    // Stripe stops redelivering once it is answered 2xx: every delivery is acknowledged.
    expect([...together, ...inTurn]).toEqual(Array.from({ length: 20 }, () => 200));

    await inboxHoldsOnce([event]);
    expect((await BookingModel.findById(booking.id))?.status).toBe('paid');
    expect(await entries(booking.id, 'paid')).toBe(1);
    await exactlyOneConfirmation(booking.email);
  });

  it('keeps a paid booking paid when a failure for the same payment arrives after it', async () => {
    const booking = await book();
    const intentId = stripeId('pi');
    const success = succeeded(booking, intentId);
    const failure = paymentFailedEvent({
      bookingId: booking.id,
      reference: booking.reference,
      intentId,
      amountCents: PRICE,
      currency: 'cad',
      reason: 'Your card was declined.',
    });
    expect(await deliver(success)).toBe(200);
    await eventually(async () => expect(await entries(booking.id, 'paid')).toBe(1));
    expect(await deliver(failure)).toBe(200);
    expect(await deliver(failure)).toBe(200);

    await inboxHoldsOnce([success, failure]);
    expect((await BookingModel.findById(booking.id))?.status).toBe('paid');
    expect(await entries(booking.id, 'paid')).toBe(1);
    expect(await entries(booking.id, 'payment_failed')).toBe(0);
    await exactlyOneConfirmation(booking.email);
  });

  it('counts checkout.session.completed and payment_intent.succeeded of one payment once', async () => {
    const booking = await book();
    const intentId = stripeId('pi');
    const completed = checkoutCompletedEvent({
      bookingId: booking.id,
      reference: booking.reference,
      sessionId: stripeId('cs_test'),
      intentId,
      amountCents: PRICE,
      currency: 'cad',
      customerEmail: booking.email,
    });
    const intent = succeeded(booking, intentId);
    // Stripe sends both at the same moment, each possibly twice.
    const statuses = await Promise.all([intent, completed, completed, intent].map(deliver));
    expect(statuses).toEqual([200, 200, 200, 200]);

    await inboxHoldsOnce([completed, intent]);
    const stored = await BookingModel.findById(booking.id);
    expect(stored?.status).toBe('paid');
    expect(stored?.payment.intentId).toBe(intentId);
    expect(await entries(booking.id, 'paid')).toBe(1);
    await exactlyOneConfirmation(booking.email);
  });

  it('ends refunded when the refund arrives before the payment it refunds', async () => {
    const booking = await book();
    const intentId = stripeId('pi');
    const refund = chargeRefundedEvent({
      bookingId: booking.id,
      intentId,
      amountCents: PRICE,
      currency: 'cad',
    });
    const payment = succeeded(booking, intentId);
    expect(await deliver(refund)).toBe(200);
    // The refund is looked at first, finds nothing paid yet, and waits for its payment.
    await backEnd.workers.waitForOutput(
      new RegExp(`"jobId":"${refund.id}"[^\\n]*"outcome":"failed","final":false`),
      60_000,
    );
    expect(await deliver(payment)).toBe(200);
    expect(await deliver(refund)).toBe(200);

    await inboxHoldsOnce([refund, payment]);
    expect((await BookingModel.findById(booking.id))?.status).toBe('refunded');
    expect(await entries(booking.id, 'paid')).toBe(1);
    expect(await entries(booking.id, 'refunded')).toBe(1);
    // Paid, then refunded, as it happened at Stripe: the customer was confirmed once.
    await exactlyOneConfirmation(booking.email);
  });
});
