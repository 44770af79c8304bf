import type Stripe from 'stripe';
import { PaymentMessages } from '../domain/payment/payment-messages';
import { DomainError } from '../domain/domain-error';
import {
  WebhookSignatureError,
  type CardOnPayment,
  type CheckoutSession,
  type PaymentOutcome,
  type PaymentProvider,
  type SubscribeOutcome,
} from './payment-provider';

const notSetUp = () => new DomainError('unavailable', PaymentMessages.notSetUp);

/**
 * A production deployment without Stripe keys: it takes no payment at all. The test provider
 * would mark bookings paid without money, so production gets it only when asked for by name
 * (PAYMENTS_TEST_MODE=true). Bookings and estimates keep working.
 */
export class UnavailablePaymentProvider implements PaymentProvider {
  readonly name = 'none';

  /** It takes no payment, so it knows no card. */
  cardOf(): Promise<CardOnPayment | null> {
    return Promise.resolve(null);
  }

  createCheckout(): Promise<CheckoutSession> {
    return Promise.reject(notSetUp());
  }

  pay(): Promise<PaymentOutcome> {
    return Promise.reject(notSetUp());
  }

  refund(): Promise<{ id: string }> {
    return Promise.reject(notSetUp());
  }

  closeCheckout(): Promise<'closed' | 'paid'> {
    return Promise.reject(notSetUp());
  }

  createSubscriptionCheckout(): Promise<CheckoutSession> {
    return Promise.reject(notSetUp());
  }

  subscribe(): Promise<SubscribeOutcome> {
    return Promise.reject(notSetUp());
  }

  changeSubscription(): Promise<void> {
    return Promise.reject(notSetUp());
  }

  cancelSubscription(): Promise<void> {
    return Promise.reject(notSetUp());
  }

  billingPortalUrl(): Promise<string> {
    return Promise.reject(notSetUp());
  }

  verifyEvent(): Stripe.Event {
    throw new WebhookSignatureError('no payment provider is configured');
  }
}
