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

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  pay(request: PaymentRequest): Promise<PaymentOutcome>;
  refund(request: RefundRequest): Promise<{ id: string }>;
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
