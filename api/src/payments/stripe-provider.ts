import Stripe from 'stripe';
import { PaymentMessages } from '../domain/payment/payment-messages';
import {
  WebhookSignatureError,
  type CardOnPayment,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentReference,
  type PaymentRequest,
  type RefundRequest,
  type SubscribeOutcome,
  type SubscribeRequest,
  type SubscriptionChange,
  type SubscriptionCheckoutRequest,
  type SubscriptionOrder,
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

/** The name of the one monthly Price per amount, so every process finds the same one. */
export function monthlyPriceLookupKey(currency: string, amountCents: number): string {
  return `monthly-visit-${currency}-${amountCents}`;
}

/**
 * What a subscription's first invoice is waiting for. Since API version 2025-03-31.basil an
 * invoice no longer names its PaymentIntent: its payments do (`invoice.payments`, only there when
 * expanded), and the default one is the payment Stripe created when it finalised the invoice.
 */
function firstPaymentOf(invoice: Stripe.Invoice): string | Stripe.PaymentIntent | null {
  const payments = (invoice.payments?.data ?? []).filter(
    (payment) => payment.payment.type === 'payment_intent' && payment.payment.payment_intent,
  );
  const payment = payments.find((candidate) => candidate.is_default) ?? payments[0];
  return payment?.payment.payment_intent ?? null;
}

/** The only place that talks to Stripe's API. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  /** Amount → the id of its monthly Price; a promise, so concurrent calls share one look-up. */
  private readonly monthlyPrices = new Map<number, Promise<string>>();

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
    return this.openCheckout(request, {
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
      client_reference_id: request.bookingId,
      metadata,
      payment_intent_data: { metadata, description: request.description },
    });
  }

  async closeCheckout(sessionId: string): Promise<'closed' | 'paid'> {
    const session = await this.stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === 'complete') return 'paid';
    if (session.status === 'expired') return 'closed';
    try {
      await this.stripe.checkout.sessions.expire(
        sessionId,
        {},
        { idempotencyKey: `expire-${sessionId}` },
      );
      return 'closed';
    } catch (error) {
      // Paid between the read and the expiry: Stripe refuses to expire a complete session.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const now = await this.stripe.checkout.sessions.retrieve(sessionId);
      if (now.status === 'complete') return 'paid';
      throw error;
    }
  }

  /** A Checkout Session: where the customer pays, whatever for, and where they come back to. */
  private async openCheckout(
    request: Pick<
      CheckoutRequest,
      'customerEmail' | 'successUrl' | 'cancelUrl' | 'expiresAt' | 'idempotencyKey'
    >,
    params: Stripe.Checkout.SessionCreateParams,
  ): Promise<CheckoutSession> {
    const session = await this.stripe.checkout.sessions.create(
      {
        ...params,
        customer_email: request.customerEmail,
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

  /**
   * Webhook payloads never expand the charge, so the card is read back: a plan period's invoice
   * names its payment intent, and the intent's latest charge carries the card's brand and last
   * four digits (never more).
   */
  async cardOf(payment: PaymentReference): Promise<CardOnPayment | null> {
    let intentId: string | null = 'intentId' in payment ? payment.intentId : null;
    if ('providerInvoiceId' in payment) {
      const invoice = await this.stripe.invoices.retrieve(payment.providerInvoiceId, {
        expand: ['payments'],
      });
      const paid = invoice.payments?.data.find((entry) => entry.status === 'paid')?.payment;
      const intent = paid?.payment_intent;
      intentId = typeof intent === 'string' ? intent : (intent?.id ?? null);
    }
    if (intentId === null) return null;
    const intent = await this.stripe.paymentIntents.retrieve(intentId, {
      expand: ['latest_charge'],
    });
    const charge = intent.latest_charge;
    const card = typeof charge === 'object' ? charge?.payment_method_details?.card : undefined;
    return card ? { brand: card.brand ?? 'card', last4: card.last4 ?? '' } : null;
  }

  async refund(request: RefundRequest): Promise<{ id: string }> {
    // No amount: Stripe refunds whatever of the payment is left, which is all of it for a booking.
    const refund = await this.stripe.refunds.create(
      { payment_intent: request.intentId, metadata: { bookingId: request.bookingId } },
      { idempotencyKey: request.idempotencyKey },
    );
    return { id: refund.id };
  }

  async createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<CheckoutSession> {
    const price = await this.monthlyPrice(request);
    const metadata = { subscriptionId: request.subscriptionId, reference: request.reference };
    return this.openCheckout(request, {
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      client_reference_id: request.subscriptionId,
      metadata,
      // The session's metadata stays on the session; the subscription, and so every invoice
      // event after the first, only carries what subscription_data gives it.
      subscription_data: { metadata, description: request.description },
    });
  }

  async subscribe(request: SubscribeRequest): Promise<SubscribeOutcome> {
    const price = await this.monthlyPrice(request);
    const metadata = { subscriptionId: request.subscriptionId, reference: request.reference };
    try {
      const customer = await this.stripe.customers.create(
        {
          email: request.customerEmail,
          payment_method: request.paymentMethodId,
          // Renewals charge the customer's default card: the one the customer later changes in
          // the billing portal.
          invoice_settings: { default_payment_method: request.paymentMethodId },
          metadata,
        },
        { idempotencyKey: `${request.idempotencyKey}-customer` },
      );
      const subscription = await this.stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [{ price }],
          default_payment_method: request.paymentMethodId,
          // allow_incomplete creates the subscription even when its first payment needs 3-D
          // Secure, so the browser can confirm that payment; error_if_incomplete would answer
          // 402 and leave no payment to confirm.
          payment_behavior: 'allow_incomplete',
          metadata,
          description: request.description,
          // Both are left out of an invoice unless asked for. Four levels is Stripe's deepest
          // expansion, so the PaymentIntent behind a payment is fetched on its own if needed.
          expand: ['latest_invoice.payments', 'latest_invoice.confirmation_secret'],
        },
        { idempotencyKey: `${request.idempotencyKey}-subscription` },
      );
      return await this.subscribeOutcome(subscription, customer.id);
    } catch (error) {
      // A decline is an answer, not a fault: Stripe refuses a card it cannot attach with a 402.
      if (error instanceof Stripe.errors.StripeCardError) {
        return { status: 'failed', reason: error.message };
      }
      throw error;
    }
  }

  async changeSubscription(
    providerSubscriptionId: string,
    change: SubscriptionChange,
    idempotencyKey: string,
  ): Promise<void> {
    const params: Stripe.SubscriptionUpdateParams =
      change.kind === 'cancelAtPeriodEnd'
        ? { cancel_at_period_end: change.value }
        : change.kind === 'unpause'
          ? // An empty value clears the pause: Stripe bills the next period as usual.
            { pause_collection: '' }
          : {
              // void: the paused period's invoices are not drafted for later, so nothing is owed.
              pause_collection: {
                behavior: 'void',
                resumes_at: Math.floor(change.resumesAt.getTime() / 1000),
              },
            };
    await this.stripe.subscriptions.update(providerSubscriptionId, params, { idempotencyKey });
  }

  async cancelSubscription(providerSubscriptionId: string, idempotencyKey: string): Promise<void> {
    await this.stripe.subscriptions.cancel(providerSubscriptionId, {}, { idempotencyKey });
  }

  async billingPortalUrl(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
    });
    return session.url;
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    return verifySignedEvent(rawBody, signature, this.webhookSecret);
  }

  /** The id of the monthly Price for the order's amount, found or created once per process. */
  private monthlyPrice(order: SubscriptionOrder): Promise<string> {
    let price = this.monthlyPrices.get(order.amountCents);
    if (!price) {
      price = this.findOrCreateMonthlyPrice(order);
      this.monthlyPrices.set(order.amountCents, price);
      // A failed look-up is not kept: the next order asks Stripe again.
      price.catch(() => this.monthlyPrices.delete(order.amountCents));
    }
    return price;
  }

  private async findOrCreateMonthlyPrice(order: SubscriptionOrder): Promise<string> {
    const lookupKey = monthlyPriceLookupKey(order.currency, order.amountCents);
    const found = await this.stripe.prices.list({
      lookup_keys: [lookupKey],
      active: true,
      limit: 1,
    });
    const existing = found.data[0];
    if (existing) return existing.id;

    // Keys derived from the lookup key: two processes that both found nothing create one Product
    // and one Price between them, the second getting the first's answer back.
    const product = await this.stripe.products.create(
      { name: 'Monthly Visit' },
      { idempotencyKey: `${lookupKey}-product` },
    );
    const price = await this.stripe.prices.create(
      {
        product: product.id,
        currency: order.currency,
        unit_amount: order.amountCents,
        recurring: { interval: 'month' },
        lookup_key: lookupKey,
        // An archived Price keeps its lookup key, which would refuse this one; take it over.
        transfer_lookup_key: true,
      },
      { idempotencyKey: `${lookupKey}-price` },
    );
    return price.id;
  }

  /** How the first payment of a subscription Stripe has just created went. */
  private async subscribeOutcome(
    subscription: Stripe.Subscription,
    customerId: string,
  ): Promise<SubscribeOutcome> {
    const ids = { providerSubscriptionId: subscription.id, customerId };
    if (subscription.status === 'active' || subscription.status === 'trialing') {
      return { status: 'succeeded', ...ids };
    }
    const invoice =
      typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
    if (subscription.status !== 'incomplete' || !invoice) {
      return { status: 'failed', reason: PaymentMessages.failed };
    }
    // Incomplete covers a payment waiting for 3-D Secure, one still processing and one the bank
    // declined: only the PaymentIntent tells them apart.
    const payment = firstPaymentOf(invoice);
    if (!payment) return { status: 'processing', ...ids };
    const intent =
      typeof payment === 'string' ? await this.stripe.paymentIntents.retrieve(payment) : payment;
    switch (intent.status) {
      case 'succeeded':
        return { status: 'succeeded', ...ids };
      case 'processing':
        return { status: 'processing', ...ids };
      case 'requires_action': {
        const clientSecret = invoice.confirmation_secret?.client_secret ?? intent.client_secret;
        if (clientSecret) return { status: 'requires_action', ...ids, clientSecret };
        break;
      }
    }
    return {
      status: 'failed',
      reason: intent.last_payment_error?.message ?? PaymentMessages.failed,
    };
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
