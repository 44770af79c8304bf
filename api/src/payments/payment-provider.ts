import type Stripe from 'stripe';

/**
 * The one interface every payment provider offers: Stripe in production, the local test provider
 * on a machine without Stripe keys. Both report outcomes the same way, as Stripe-shaped events
 * signed for our webhook, so the rest of the product never asks which provider it has.
 */
export type ProviderName = 'stripe' | 'test' | 'none';

export interface CheckoutRequest {
  bookingId: string;
  reference: string;
  /** What the customer pays for, as the provider's page shows it: 'Painting, One-time Visit'. */
  description: string;
  amountCents: number;
  currency: 'cad';
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** The provider stops taking this payment at that time (Stripe's minimum is 30 minutes ahead). */
  expiresAt: Date;
  /** Same key, same session: a repeated request never opens a second one. */
  idempotencyKey: string;
}

export interface CheckoutSession {
  id: string;
  /** Where the browser goes to pay. */
  url: string;
}

export interface PaymentRequest {
  bookingId: string;
  reference: string;
  description: string;
  amountCents: number;
  currency: 'cad';
  customerEmail: string;
  /** The card as the provider's own form turned it into a token (pm_...): never the card number. */
  paymentMethodId: string;
  idempotencyKey: string;
}

export type PaymentOutcome =
  | { status: 'succeeded' | 'processing'; intentId: string }
  | { status: 'requires_action'; intentId: string; clientSecret: string }
  | { status: 'failed'; intentId: string | null; reason: string };

export interface RefundRequest {
  bookingId: string;
  /** The provider's payment (PaymentIntent id) to give back. */
  intentId: string;
  amountCents: number;
  idempotencyKey: string;
}

/**
 * A Monthly Visit plan paid monthly at the provider. `subscriptionId` is ours (the id of the
 * plan's first visit); the provider keeps it in the subscription's metadata, so every invoice and
 * subscription event names it.
 */
export interface SubscriptionOrder {
  subscriptionId: string;
  reference: string;
  /** What the provider's page and invoices show: 'Monthly Visit: Painting'. */
  description: string;
  /** Charged every month. */
  amountCents: number;
  currency: 'cad';
  customerEmail: string;
  idempotencyKey: string;
}

export interface SubscriptionCheckoutRequest extends SubscriptionOrder {
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface SubscribeRequest extends SubscriptionOrder {
  /** The card as the provider's own form turned it into a token (pm_...). */
  paymentMethodId: string;
}

/** The provider's ids of a subscription it created, and how its first payment went. */
export type SubscribeOutcome =
  | {
      status: 'succeeded' | 'processing';
      providerSubscriptionId: string;
      customerId: string;
    }
  | {
      status: 'requires_action';
      providerSubscriptionId: string;
      customerId: string;
      clientSecret: string;
    }
  | { status: 'failed'; reason: string };

/** A change the customer or an operator makes to a running subscription. */
export type SubscriptionChange =
  /** Stops renewing after the current period (true), or keeps renewing after all (false). */
  | { kind: 'cancelAtPeriodEnd'; value: boolean }
  /** No invoice (and so no visits) for the next period; billing resumes on `resumesAt`. */
  | { kind: 'pause'; resumesAt: Date }
  /** Undoes a pause before it begins: the next period is billed as usual. */
  | { kind: 'unpause' };

/** The card a payment was made with, as an invoice prints it ("Visa ending 4242"). */
export interface CardOnPayment {
  brand: string;
  last4: string;
}

/** A payment as the provider knows it: a one-time payment's intent, or a plan period's invoice. */
export type PaymentReference = { intentId: string } | { providerInvoiceId: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The card behind a captured payment, or null when the provider does not say. */
  cardOf(payment: PaymentReference): Promise<CardOnPayment | null>;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  pay(request: PaymentRequest): Promise<PaymentOutcome>;
  refund(request: RefundRequest): Promise<{ id: string }>;
  /**
   * Closes an earlier checkout page before another is opened for the same booking, so that the
   * customer cannot pay twice (nor start two subscriptions): 'paid' when it was paid already.
   */
  closeCheckout(sessionId: string): Promise<'closed' | 'paid'>;
  /** The provider's hosted page that starts a monthly subscription (Checkout, subscription mode). */
  createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<CheckoutSession>;
  /** The in-page path: a subscription charged to a card tokenised in the browser. */
  subscribe(request: SubscribeRequest): Promise<SubscribeOutcome>;
  changeSubscription(
    providerSubscriptionId: string,
    change: SubscriptionChange,
    idempotencyKey: string,
  ): Promise<void>;
  /** Ends the subscription now: no more invoices. */
  cancelSubscription(providerSubscriptionId: string, idempotencyKey: string): Promise<void>;
  /** A short-lived page where the customer updates their card (Stripe's customer portal). */
  billingPortalUrl(customerId: string, returnUrl: string): Promise<string>;
  /**
   * The event in a webhook delivery, after checking its signature against the raw body.
   * Throws `WebhookSignatureError` when the signature is missing, wrong or too old.
   */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event;
}

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

/** A refused payment: the provider said no, with a reason a person may read. */
export class PaymentDeclinedError extends Error {
  override readonly name = 'PaymentDeclinedError';
}
