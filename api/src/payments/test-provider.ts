import { createHash, randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { TEST_PAYMENT_METHODS, CardMessages } from '../domain/payment/test-cards';
import type { CardOnPayment } from './payment-provider';
import {
  chargeRefundedEvent,
  checkoutCompletedEvent,
  paymentFailedEvent,
  paymentSucceededEvent,
  signedPayload,
} from './test-provider-events';
import { verifySignedEvent } from './stripe-provider';
import { TestCheckoutModel, type TestCheckout } from './test-checkout-model';
import {
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentRequest,
  type RefundRequest,
  type SubscribeOutcome,
  type SubscribeRequest,
  type SubscriptionChange,
  type SubscriptionCheckoutRequest,
} from './payment-provider';
import { TestBilling } from './test-billing';

/** Delivers a signed event to the product's webhook path (the payment event inbox). */
export type EventDelivery = (rawBody: Buffer, signature: string) => Promise<void>;

/** Ids derived from the idempotency key: a repeated request names the same payment and events. */
const derivedId = (prefix: string, ...parts: string[]) =>
  `${prefix}_test_${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24)}`;

export type TestCheckoutChoice = 'pay' | 'decline';

/**
 * The local stand-in for Stripe on a machine without Stripe keys, behaving like Stripe's test
 * mode: the token of card 4242 4242 4242 4242 pays, that of 4000 0000 0000 0002 is declined.
 * Outcomes travel as Stripe-shaped events, signed with the webhook secret and delivered to the
 * same inbox Stripe's webhook feeds, so everything after the provider runs as in production.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';
  /** Its subscriptions, billed when a person or a test asks (`npm run plan -- renew`). */
  readonly billing: TestBilling;

  constructor(
    private readonly options: {
      webhookSecret: string;
      /** Where the test checkout page is served: SITE_URL. */
      siteUrl: string;
      deliver: EventDelivery;
    },
  ) {
    this.billing = new TestBilling((event) => this.emit(event), options.siteUrl);
  }

  /**
   * Every payment this provider captures was made with its one succeeding test card (4242 4242
   * 4242 4242, Stripe's test Visa): that is the card the declined one is refused against.
   */
  cardOf(): Promise<CardOnPayment | null> {
    return Promise.resolve({ brand: 'visa', last4: '4242' });
  }

  private async emit(event: Stripe.Event): Promise<void> {
    const { rawBody, signature } = signedPayload(event, this.options.webhookSecret);
    await this.options.deliver(rawBody, signature);
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    return this.openCheckout(request, 'payment');
  }

  async createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<CheckoutSession> {
    return this.openCheckout({ ...request, bookingId: request.subscriptionId }, 'subscription');
  }

  private async openCheckout(
    request: CheckoutRequest,
    mode: 'payment' | 'subscription',
  ): Promise<CheckoutSession> {
    // 128 random bits: the page's address is all that opens it.
    const sessionId = `cs_test_${randomBytes(16).toString('hex')}`;
    const session = await TestCheckoutModel.findOneAndUpdate(
      { idempotencyKey: request.idempotencyKey },
      {
        $setOnInsert: {
          sessionId,
          idempotencyKey: request.idempotencyKey,
          bookingId: request.bookingId,
          reference: request.reference,
          description: request.description,
          amountCents: request.amountCents,
          currency: request.currency,
          customerEmail: request.customerEmail,
          successUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
          expiresAt: request.expiresAt,
          mode,
        },
      },
      { upsert: true, new: true },
    );
    return { id: session.sessionId, url: this.checkoutUrl(session.sessionId) };
  }

  async closeCheckout(sessionId: string): Promise<'closed' | 'paid'> {
    const session = await TestCheckoutModel.findOneAndUpdate(
      { sessionId, status: { $ne: 'complete' } },
      { $set: { status: 'expired' } },
    );
    if (session) return 'closed';
    return (await TestCheckoutModel.exists({ sessionId, status: 'complete' })) ? 'paid' : 'closed';
  }

  checkoutUrl(sessionId: string): string {
    return `${this.options.siteUrl}/api/payments/test-checkout/${sessionId}`;
  }

  async findCheckout(sessionId: string): Promise<TestCheckout | null> {
    if (!/^cs_test_[a-f0-9]{32}$/.test(sessionId)) return null;
    return TestCheckoutModel.findOne({ sessionId });
  }

  /**
   * The customer's choice on the test checkout page. Answers where the browser goes next:
   * the success page after a payment, back to the checkout page after a decline.
   */
  async completeCheckout(session: TestCheckout, choice: TestCheckoutChoice): Promise<string> {
    const base = {
      bookingId: session.bookingId,
      reference: session.reference,
      intentId: derivedId('pi', session.sessionId),
      amountCents: session.amountCents,
      currency: 'cad' as const,
    };
    if (choice === 'decline') {
      await this.emit(
        withId(
          paymentFailedEvent({ ...base, reason: 'Your card was declined.' }),
          derivedId('evt', session.sessionId, 'declined'),
        ),
      );
      return this.checkoutUrl(session.sessionId);
    }
    await TestCheckoutModel.updateOne({ _id: session._id }, { $set: { status: 'complete' } });
    if (session.mode === 'subscription') {
      await this.billing.start(
        {
          subscriptionId: session.bookingId,
          reference: session.reference,
          amountCents: session.amountCents,
          customerEmail: session.customerEmail,
        },
        session.sessionId,
      );
      return session.successUrl;
    }
    await this.emit(
      withId(
        checkoutCompletedEvent({
          ...base,
          sessionId: session.sessionId,
          customerEmail: session.customerEmail,
        }),
        derivedId('evt', session.sessionId, 'completed'),
      ),
    );
    return session.successUrl;
  }

  async pay(request: PaymentRequest): Promise<PaymentOutcome> {
    const intentId = derivedId('pi', request.idempotencyKey);
    const base = {
      bookingId: request.bookingId,
      reference: request.reference,
      intentId,
      amountCents: request.amountCents,
      currency: request.currency,
    };
    if (request.paymentMethodId === TEST_PAYMENT_METHODS.succeeds) {
      await this.emit(withId(paymentSucceededEvent(base), derivedId('evt', intentId, 'succeeded')));
      return { status: 'succeeded', intentId };
    }
    if (request.paymentMethodId === TEST_PAYMENT_METHODS.declined) {
      const reason = 'Your card was declined.';
      await this.emit(
        withId(paymentFailedEvent({ ...base, reason }), derivedId('evt', intentId, 'failed')),
      );
      return { status: 'failed', intentId, reason };
    }
    return { status: 'failed', intentId: null, reason: CardMessages.notATestCard };
  }

  async subscribe(request: SubscribeRequest): Promise<SubscribeOutcome> {
    if (request.paymentMethodId === TEST_PAYMENT_METHODS.declined) {
      return { status: 'failed', reason: 'Your card was declined.' };
    }
    if (request.paymentMethodId !== TEST_PAYMENT_METHODS.succeeds) {
      return { status: 'failed', reason: CardMessages.notATestCard };
    }
    const record = await this.billing.start(request, null);
    return {
      status: 'succeeded',
      providerSubscriptionId: record.providerSubscriptionId,
      customerId: record.customerId,
    };
  }

  changeSubscription(providerSubscriptionId: string, change: SubscriptionChange): Promise<void> {
    return this.billing.change(providerSubscriptionId, change);
  }

  cancelSubscription(providerSubscriptionId: string): Promise<void> {
    return this.billing.cancel(providerSubscriptionId);
  }

  billingPortalUrl(customerId: string, returnUrl: string): Promise<string> {
    return this.billing.portal(customerId, returnUrl);
  }

  async refund(request: RefundRequest): Promise<{ id: string }> {
    const id = derivedId('re', request.idempotencyKey);
    await this.emit(
      withId(
        chargeRefundedEvent({
          bookingId: request.bookingId,
          intentId: request.intentId,
          amountCents: request.amountCents,
          currency: 'cad',
        }),
        derivedId('evt', id, 'refunded'),
      ),
    );
    return { id };
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    return verifySignedEvent(rawBody, signature, this.options.webhookSecret);
  }
}

function withId(event: Stripe.Event, id: string): Stripe.Event {
  return { ...event, id };
}
