import Stripe from 'stripe';
import { PaymentMessages } from '../domain/payment/payment-messages';
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentRequest,
  type RefundRequest,
} from './payment-provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (a local stand-in in tests): 'http://127.0.0.1:12345'. */
  apiUrl?: string | undefined;
}

/** Where the SDK sends its requests: Stripe's own API unless `apiUrl` names another server. */
function addressOf(
  apiUrl: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/** The outcome of a PaymentIntent Stripe answered without an error. */
function outcomeOf(intent: Stripe.PaymentIntent): PaymentOutcome {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', intentId: intent.id };
    case 'processing':
      return { status: 'processing', intentId: intent.id };
    case 'requires_action':
      if (intent.client_secret) {
        return {
          status: 'requires_action',
          intentId: intent.id,
          clientSecret: intent.client_secret,
        };
      }
      break;
  }
  return {
    status: 'failed',
    intentId: intent.id,
    reason: intent.last_payment_error?.message ?? PaymentMessages.failed,
  };
}

/** The only place that talks to Stripe's API. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeProviderOptions) {
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      ...addressOf(options.apiUrl),
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const metadata = { bookingId: request.bookingId, reference: request.reference };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency,
              unit_amount: request.amountCents,
              product_data: { name: request.description },
            },
          },
        ],
        customer_email: request.customerEmail,
        client_reference_id: request.bookingId,
        metadata,
        payment_intent_data: { metadata, description: request.description },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: Math.floor(request.expiresAt.getTime() / 1000),
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!session.url)
      throw new Error(`Stripe returned Checkout Session ${session.id} without a URL`);
    return { id: session.id, url: session.url };
  }

  async pay(request: PaymentRequest): Promise<PaymentOutcome> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          payment_method: request.paymentMethodId,
          confirm: true,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          receipt_email: request.customerEmail,
          description: request.description,
          metadata: { bookingId: request.bookingId, reference: request.reference },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return outcomeOf(intent);
    } catch (error) {
      // A decline is an answer, not a fault: Stripe says no with HTTP 402 and a card_error.
      if (error instanceof Stripe.errors.StripeCardError) {
        return {
          status: 'failed',
          intentId: error.payment_intent?.id ?? null,
          reason: error.message,
        };
      }
      throw error;
    }
  }

  async refund(request: RefundRequest): Promise<{ id: string }> {
    // No amount: Stripe refunds whatever of the payment is left, which is all of it for a booking.
    const refund = await this.stripe.refunds.create(
      { payment_intent: request.intentId, metadata: { bookingId: request.bookingId } },
      { idempotencyKey: request.idempotencyKey },
    );
    return { id: refund.id };
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    return verifySignedEvent(rawBody, signature, this.webhookSecret);
  }
}

/** Stripe's signature scheme, which the local test provider signs its events with too. */
export function verifySignedEvent(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new WebhookSignatureError('Stripe webhook signature verification failed.', {
      cause: error,
    });
  }
}
