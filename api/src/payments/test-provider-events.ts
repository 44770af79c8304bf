import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * Stripe-shaped events, built the way Stripe sends them, for the local test provider (its
 * checkout page, its in-page card and its billing): it reports every outcome as such an event,
 * so payment-events.ts reads them exactly as it reads Stripe's. Tests build theirs here too.
 */

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

/** A Monthly Visit plan's subscription at the provider, as its events carry it. */
export interface PlanSubscriptionInput {
  subscriptionId: string;
  reference: string;
  providerSubscriptionId: string;
  customerId: string;
}

export interface InvoiceInput extends PlanSubscriptionInput {
  invoiceId: string;
  amountCents: number;
  currency: string;
  /** The service period the invoice bills (seconds). */
  periodStart: number;
  periodEnd: number;
  billingReason: 'subscription_create' | 'subscription_cycle';
}

function invoiceObject(input: InvoiceInput, paid: boolean, attempt: number, next: number | null) {
  const metadata = { subscriptionId: input.subscriptionId, reference: input.reference };
  return {
    id: input.invoiceId,
    object: 'invoice',
    customer: input.customerId,
    currency: input.currency,
    status: paid ? 'paid' : 'open',
    billing_reason: input.billingReason,
    amount_due: input.amountCents,
    amount_paid: paid ? input.amountCents : 0,
    amount_remaining: paid ? 0 : input.amountCents,
    attempt_count: attempt,
    attempted: true,
    next_payment_attempt: next,
    // The invoice's own period_start/end are the previous period's for a renewal: the line's
    // period is the one it bills.
    period_start: input.periodStart,
    period_end: input.periodStart,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: input.providerSubscriptionId, metadata },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: stripeId('il'),
          object: 'line_item',
          amount: input.amountCents,
          currency: input.currency,
          period: { start: input.periodStart, end: input.periodEnd },
        },
      ],
    },
    created: now(),
    livemode: false,
  };
}

/** invoice.paid for a subscription's period. */
export function invoicePaidEvent(input: InvoiceInput) {
  return buildEvent('invoice.paid', invoiceObject(input, true, 1, null));
}

/** invoice.payment_failed; `nextAttempt` null after the provider's last retry. */
export function invoicePaymentFailedEvent(
  input: InvoiceInput & { attempt: number; nextAttempt: number | null },
) {
  return buildEvent(
    'invoice.payment_failed',
    invoiceObject(input, false, input.attempt, input.nextAttempt),
  );
}

export interface SubscriptionStateInput extends PlanSubscriptionInput {
  status: 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';
  /** Why a canceled one was: Stripe's cancellation_details.reason. */
  cancellationReason?: 'payment_failed' | 'cancellation_requested';
  cancelAtPeriodEnd: boolean;
  pausedUntil: number | null;
  currentPeriodStart: number;
  currentPeriodEnd: number;
}

function subscriptionObject(input: SubscriptionStateInput) {
  return {
    id: input.providerSubscriptionId,
    object: 'subscription',
    customer: input.customerId,
    status: input.status,
    cancel_at_period_end: input.cancelAtPeriodEnd,
    cancellation_details: input.cancellationReason
      ? { reason: input.cancellationReason, comment: null, feedback: null }
      : null,
    pause_collection: input.pausedUntil
      ? { behavior: 'void', resumes_at: input.pausedUntil }
      : null,
    metadata: { subscriptionId: input.subscriptionId, reference: input.reference },
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          current_period_start: input.currentPeriodStart,
          current_period_end: input.currentPeriodEnd,
        },
      ],
    },
    created: now(),
    livemode: false,
  };
}

export function subscriptionUpdatedEvent(input: SubscriptionStateInput) {
  return buildEvent('customer.subscription.updated', subscriptionObject(input));
}

export function subscriptionDeletedEvent(input: SubscriptionStateInput) {
  return buildEvent(
    'customer.subscription.deleted',
    subscriptionObject({ ...input, status: 'canceled' }),
  );
}

/** checkout.session.completed for a Checkout Session in subscription mode. */
export function subscriptionCheckoutCompletedEvent(
  input: PlanSubscriptionInput & { sessionId: string; amountCents: number; customerEmail: string },
) {
  return buildEvent('checkout.session.completed', {
    id: input.sessionId,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    amount_total: input.amountCents,
    currency: 'cad',
    client_reference_id: input.subscriptionId,
    customer: input.customerId,
    customer_email: input.customerEmail,
    subscription: input.providerSubscriptionId,
    metadata: { subscriptionId: input.subscriptionId, reference: input.reference },
    payment_intent: null,
    created: now(),
    livemode: false,
    url: null,
  });
}
