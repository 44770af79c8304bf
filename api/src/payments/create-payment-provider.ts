import { createHmac } from 'node:crypto';
import { ConfigError } from '../config/load-config';
import type { JobProducer } from '../jobs/job-producer';
import { PaymentEventInbox } from './payment-event-inbox';
import type { PaymentProvider } from './payment-provider';
import { StripeProvider } from './stripe-provider';
import { TestPaymentProvider, type EventDelivery } from './test-provider';
import { UnavailablePaymentProvider } from './unavailable-provider';

export interface PaymentConfig {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_URL?: string | undefined;
  PAYMENTS_TEST_MODE: boolean;
  LINK_SECRET: string;
  SITE_URL: string;
  NODE_ENV: string;
}

/**
 * Stripe when it is configured. Otherwise the local test provider (no real money), except in
 * production, where it must be asked for: a live site must not mark bookings paid for free.
 */
export function createPaymentProvider(
  config: PaymentConfig,
  deliver: EventDelivery,
): PaymentProvider {
  if (config.STRIPE_SECRET_KEY) {
    if (!config.STRIPE_WEBHOOK_SECRET) {
      throw new ConfigError(['STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set']);
    }
    return new StripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiUrl: config.STRIPE_API_URL,
    });
  }
  if (config.NODE_ENV === 'production' && !config.PAYMENTS_TEST_MODE) {
    return new UnavailablePaymentProvider();
  }
  return new TestPaymentProvider({
    // Its own secret, derived so that the API and the workers agree without another variable.
    webhookSecret:
      config.STRIPE_WEBHOOK_SECRET ??
      `whsec_${createHmac('sha256', config.LINK_SECRET).update('test-provider-webhook').digest('base64')}`,
    siteUrl: config.SITE_URL,
    deliver,
  });
}

export interface Payments {
  provider: PaymentProvider;
  inbox: PaymentEventInbox;
}

/**
 * The provider and the inbox its events arrive in, wired the same way in the API and the workers:
 * the test provider delivers its signed events straight to the inbox, as Stripe would by webhook.
 */
export function createPayments(config: PaymentConfig, jobs: JobProducer): Payments {
  const inbox: { current?: PaymentEventInbox } = {};
  const provider = createPaymentProvider(config, async (rawBody, signature) => {
    if (!inbox.current) throw new Error('payment event inbox is not ready');
    await inbox.current.receive(rawBody, signature);
  });
  inbox.current = new PaymentEventInbox(provider, jobs);
  return { provider, inbox: inbox.current };
}
