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
  | SubscriptionEventEffect
  | { kind: 'ignored'; reason: string };

/** The provider's ids of a Monthly Visit plan's subscription, and ours (`subscriptionId`). */
interface SubscriptionIds {
  subscriptionId: string;
  providerSubscriptionId: string | null;
  customerId: string | null;
}

/** What a provider event means for a Monthly Visit plan (subscriptions/subscription-lifecycle.ts). */
export type SubscriptionEventEffect =
  /** Checkout made the provider's subscription: its ids are the plan's. */
  | ({ kind: 'subscriptionStarted' } & SubscriptionIds)
  /** A period's invoice was paid (`periodStart`: the provider's period, seconds). */
  | ({
      kind: 'periodPaid';
      invoiceId: string;
      periodStart: number;
      amountCents: number;
    } & SubscriptionIds)
  /** A period's invoice was not paid; `final` when the provider will not try again. */
  | ({
      kind: 'periodPaymentFailed';
      invoiceId: string;
      periodStart: number;
      attempt: number;
      final: boolean;
      reason: string;
    } & SubscriptionIds)
  /** The subscription changed at the provider (`created`: the event's time, for ordering). */
  | ({
      kind: 'subscriptionUpdated';
      status: string;
      cancelAtPeriodEnd: boolean;
      /** Billing is paused until then (seconds), or null. */
      pausedUntil: number | null;
      created: number;
    } & SubscriptionIds)
  | ({
      kind: 'subscriptionEnded';
      created: number;
      /** Why, as the provider's subscription says: its last retry failed, or it was asked to. */
      reason: PlanEndReason;
    } & SubscriptionIds);

/** Why a plan ended: the payment, the customer's cancel at the period's end, or otherwise. */
export type PlanEndReason = 'payment' | 'period end' | 'provider';

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

/** Our plan's id in a subscription's metadata: one of our ids, or the event is not ours. */
function planIds(
  type: string,
  metadata: Stripe.Metadata | null | undefined,
  provider: {
    subscription: string | { id: string } | null;
    customer: string | { id: string } | null;
  },
): SubscriptionIds | { reason: string } {
  const check = checkBookingId(metadata?.subscriptionId);
  if (!check.ok) return { reason: `${type}: ${check.reason}` };
  if (check.bookingId === null) return { reason: `${type}: no subscription id` };
  return {
    subscriptionId: check.bookingId,
    providerSubscriptionId: idOf(provider.subscription),
    customerId: idOf(provider.customer),
  };
}

/** The service period an invoice bills: its first line's (a subscription invoice has one). */
function invoicePeriodStart(invoice: Stripe.Invoice): number {
  return invoice.lines.data[0]?.period.start ?? invoice.period_end;
}

function invoiceEffect(event: Stripe.InvoicePaidEvent | Stripe.InvoicePaymentFailedEvent) {
  const invoice = event.data.object;
  const details = invoice.parent?.subscription_details ?? null;
  const ids = planIds(event.type, details?.metadata, {
    subscription: details?.subscription ?? null,
    customer: invoice.customer,
  });
  if ('reason' in ids) return { kind: 'ignored' as const, reason: ids.reason };
  if (!invoice.id) return { kind: 'ignored' as const, reason: `${event.type}: no invoice id` };
  const base = { ...ids, invoiceId: invoice.id, periodStart: invoicePeriodStart(invoice) };
  if (event.type === 'invoice.paid') {
    return { kind: 'periodPaid' as const, ...base, amountCents: invoice.amount_paid };
  }
  return {
    kind: 'periodPaymentFailed' as const,
    ...base,
    attempt: invoice.attempt_count,
    final: invoice.next_payment_attempt === null,
    reason: DEFAULT_FAILURE,
  };
}

function subscriptionEffect(
  event: Stripe.CustomerSubscriptionUpdatedEvent | Stripe.CustomerSubscriptionDeletedEvent,
): PaymentEventEffect {
  const subscription = event.data.object;
  const ids = planIds(event.type, subscription.metadata, {
    subscription: subscription.id,
    customer: subscription.customer,
  });
  if ('reason' in ids) return { kind: 'ignored', reason: ids.reason };
  if (event.type === 'customer.subscription.deleted') {
    // Read from the subscription itself, not from earlier events, which may not have come yet.
    const reason: PlanEndReason =
      subscription.cancellation_details?.reason === 'payment_failed'
        ? 'payment'
        : subscription.cancel_at_period_end
          ? 'period end'
          : 'provider';
    return { kind: 'subscriptionEnded', ...ids, created: event.created, reason };
  }
  return {
    kind: 'subscriptionUpdated',
    ...ids,
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    pausedUntil: subscription.pause_collection?.resumes_at ?? null,
    created: event.created,
  };
}

export function effectOf(event: Stripe.Event): PaymentEventEffect {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return invoiceEffect(event);
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionEffect(event);
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.mode === 'subscription') {
        // The invoice pays the period; the session only tells which provider ids are the plan's.
        const ids = planIds(event.type, session.metadata, {
          subscription: session.subscription,
          customer: session.customer,
        });
        if ('reason' in ids) return { kind: 'ignored', reason: ids.reason };
        return { kind: 'subscriptionStarted', ...ids };
      }
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
