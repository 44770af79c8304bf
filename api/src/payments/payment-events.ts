import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { BOOKING_ID_PATTERN } from '../domain/booking/booking-id';

/**
 * What a provider's event means for a booking. Both providers report outcomes as Stripe-shaped
 * events, so this is the one place that reads them; the builders below make such events for the
 * local test provider (and for tests), shaped like the ones Stripe sends.
 */
export type PaymentEventEffect =
  | {
      kind: 'paid';
      bookingId: string;
      intentId: string | null;
      sessionId: string | null;
      amountCents: number | null;
    }
  | { kind: 'failed'; bookingId: string; intentId: string | null; reason: string }
  | { kind: 'refunded'; bookingId: string | null; intentId: string | null }
  | { kind: 'ignored'; reason: string };

type BookingIdCheck = { ok: true; bookingId: string | null } | { ok: false; reason: string };

/** The booking an event names, if any: an id that is not one of ours means not our event. */
function checkBookingId(value: string | null | undefined): BookingIdCheck {
  if (value === null || value === undefined || value === '') return { ok: true, bookingId: null };
  if (!BOOKING_ID_PATTERN.test(value)) return { ok: false, reason: `not a booking id: '${value}'` };
  return { ok: true, bookingId: value };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

function paid(
  type: string,
  candidate: string | null | undefined,
  rest: Omit<Extract<PaymentEventEffect, { kind: 'paid' }>, 'kind' | 'bookingId'>,
): PaymentEventEffect {
  const check = checkBookingId(candidate);
  if (!check.ok) return { kind: 'ignored', reason: `${type}: ${check.reason}` };
  if (check.bookingId === null) return { kind: 'ignored', reason: `${type}: no booking id` };
  return { kind: 'paid', bookingId: check.bookingId, ...rest };
}

function failed(
  type: string,
  candidate: string | null | undefined,
  intentId: string | null,
  reason: string,
): PaymentEventEffect {
  const check = checkBookingId(candidate);
  if (!check.ok) return { kind: 'ignored', reason: `${type}: ${check.reason}` };
  if (check.bookingId === null) return { kind: 'ignored', reason: `${type}: no booking id` };
  return { kind: 'failed', bookingId: check.bookingId, intentId, reason };
}

const DEFAULT_FAILURE = 'Payment failed';

export function effectOf(event: Stripe.Event): PaymentEventEffect {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // 'unpaid': a delayed method (bank debit) still running; async_payment_* tells the end.
      if (session.payment_status !== 'paid') {
        return {
          kind: 'ignored',
          reason: `${event.type}: payment_status is '${session.payment_status}'`,
        };
      }
      return paid(event.type, session.metadata?.bookingId ?? session.client_reference_id, {
        intentId: idOf(session.payment_intent),
        sessionId: session.id,
        amountCents: session.amount_total,
      });
    }
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      return failed(
        event.type,
        session.metadata?.bookingId ?? session.client_reference_id,
        idOf(session.payment_intent),
        DEFAULT_FAILURE,
      );
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return paid(event.type, intent.metadata.bookingId, {
        intentId: intent.id,
        sessionId: null,
        amountCents: intent.amount_received,
      });
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return failed(
        event.type,
        intent.metadata.bookingId,
        intent.id,
        intent.last_payment_error?.message ?? DEFAULT_FAILURE,
      );
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      if (!charge.refunded) {
        return { kind: 'ignored', reason: `${event.type}: partial refund` };
      }
      const check = checkBookingId(charge.metadata.bookingId);
      if (!check.ok) return { kind: 'ignored', reason: `${event.type}: ${check.reason}` };
      return {
        kind: 'refunded',
        bookingId: check.bookingId,
        intentId: idOf(charge.payment_intent),
      };
    }
    default:
      return { kind: 'ignored', reason: `${event.type}: not an event we act on` };
  }
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-like id: the prefix and 24 random letters and digits ('evt_1Nq...'). */
export function stripeId(prefix: string): string {
  let id = '';
  while (id.length < 24) {
    // 248 is the largest multiple of 62 up to 256: bytes above it are skipped to keep it uniform.
    for (const byte of randomBytes(32)) {
      if (byte < 248 && id.length < 24) id += ALPHANUMERIC.charAt(byte % 62);
    }
  }
  return `${prefix}_${id}`;
}

const now = () => Math.floor(Date.now() / 1000);

/** An event as Stripe delivers it to a webhook endpoint, around the given API object. */
export function buildEvent<T extends Stripe.Event['type']>(
  type: T,
  object: Record<string, unknown>,
  options: { id?: string; created?: number } = {},
): Extract<Stripe.Event, { type: T }> {
  const event = {
    id: options.id ?? stripeId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.created ?? now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: null,
    type,
  };
  // The objects carry only the fields a consumer reads, not every field Stripe's types declare.
  return event as unknown as Extract<Stripe.Event, { type: T }>;
}

export interface CheckoutCompletedInput {
  bookingId: string;
  reference: string;
  sessionId: string;
  intentId: string;
  amountCents: number;
  currency: string;
  customerEmail: string;
}

/** checkout.session.completed for a Checkout Session paid by card. */
export function checkoutCompletedEvent(input: CheckoutCompletedInput) {
  return buildEvent('checkout.session.completed', {
    id: input.sessionId,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    amount_subtotal: input.amountCents,
    amount_total: input.amountCents,
    currency: input.currency,
    client_reference_id: input.bookingId,
    customer_email: input.customerEmail,
    customer_details: { email: input.customerEmail },
    metadata: { bookingId: input.bookingId, reference: input.reference },
    payment_intent: input.intentId,
    created: now(),
    livemode: false,
    url: null,
  });
}

export interface PaymentSucceededInput {
  bookingId: string;
  reference: string;
  intentId: string;
  amountCents: number;
  currency: string;
}

/** payment_intent.succeeded for a card payment. */
export function paymentSucceededEvent(input: PaymentSucceededInput) {
  return buildEvent('payment_intent.succeeded', {
    id: input.intentId,
    object: 'payment_intent',
    amount: input.amountCents,
    amount_received: input.amountCents,
    currency: input.currency,
    status: 'succeeded',
    metadata: { bookingId: input.bookingId, reference: input.reference },
    last_payment_error: null,
    latest_charge: stripeId('ch'),
    created: now(),
    livemode: false,
  });
}

export interface PaymentFailedInput extends PaymentSucceededInput {
  /** What the card issuer said, as Stripe words it: 'Your card was declined.' */
  reason: string;
}

/** payment_intent.payment_failed for a declined card. */
export function paymentFailedEvent(input: PaymentFailedInput) {
  return buildEvent('payment_intent.payment_failed', {
    id: input.intentId,
    object: 'payment_intent',
    amount: input.amountCents,
    amount_received: 0,
    currency: input.currency,
    status: 'requires_payment_method',
    metadata: { bookingId: input.bookingId, reference: input.reference },
    last_payment_error: {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: input.reason,
    },
    latest_charge: stripeId('ch'),
    created: now(),
    livemode: false,
  });
}

export interface ChargeRefundedInput {
  bookingId: string;
  intentId: string;
  chargeId?: string;
  amountCents: number;
  currency: string;
}

/** charge.refunded for a charge refunded in full. */
export function chargeRefundedEvent(input: ChargeRefundedInput) {
  return buildEvent('charge.refunded', {
    id: input.chargeId ?? stripeId('ch'),
    object: 'charge',
    amount: input.amountCents,
    amount_captured: input.amountCents,
    amount_refunded: input.amountCents,
    currency: input.currency,
    captured: true,
    paid: true,
    refunded: true,
    status: 'succeeded',
    payment_intent: input.intentId,
    metadata: { bookingId: input.bookingId },
    created: now(),
    livemode: false,
  });
}

/** The body and Stripe-Signature header of a webhook delivery of `event`, signed with `secret`. */
export function signedPayload(
  event: Stripe.Event,
  secret: string,
): { rawBody: Buffer; signature: string } {
  // Stripe sends its events pretty-printed; the signature covers the bytes exactly as sent.
  const payload = JSON.stringify(event, null, 2);
  return {
    rawBody: Buffer.from(payload, 'utf8'),
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }),
  };
}
