import type Stripe from 'stripe';
import { BOOKING_ID_PATTERN } from '../domain/booking/booking-id';
import { parseQuotePaymentId, type QuotePaymentStage } from '../domain/quote/quote-payment-id';

/**
 * What a provider's event means for a booking. Both providers report outcomes as Stripe-shaped
 * events, so this is the one place that reads them; the local test provider makes such events
 * with the builders of test-provider-events.ts.
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
  /** A quote's deposit or balance was paid (its payment names the quote: quote-payment-id.ts). */
  | {
      kind: 'quotePaid';
      quoteId: string;
      stage: QuotePaymentStage;
      intentId: string | null;
      sessionId: string | null;
      amountCents: number | null;
    }
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
  const quote = parseQuotePaymentId(candidate);
  if (quote) return { kind: 'quotePaid', ...quote, ...rest };
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
  // A quote's payment that failed changes nothing: its page still offers to pay.
  if (parseQuotePaymentId(candidate)) {
    return { kind: 'ignored', reason: `${type}: a quote's payment failed (${reason})` };
  }
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
