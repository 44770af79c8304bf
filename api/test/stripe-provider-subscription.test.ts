import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PAYMENT_METHODS } from '../src/domain/payment/test-cards';
import type {
  SubscribeRequest,
  SubscriptionCheckoutRequest,
} from '../src/payments/payment-provider';
import { StripeProvider } from '../src/payments/stripe-provider';
import {
  AUTHENTICATION_REQUIRED,
  DECLINED_AFTER_ATTACHING,
  startFakeStripe,
  type FakeStripe,
  type RecordedRequest,
} from '../../tests/support/fake-stripe';

const SUBSCRIPTION_ID = '65f1c0ffee0123456789abcdef067890';
const REFERENCE = 'HS-4096';
const METADATA = { subscriptionId: SUBSCRIPTION_ID, reference: REFERENCE };

/** Every test takes its own amount, so each starts without a monthly price at Stripe. */
let nextAmount = 20_000;
function freshAmount(): number {
  nextAmount += 100;
  return nextAmount;
}

function checkoutRequest(
  overrides: Partial<SubscriptionCheckoutRequest> = {},
): SubscriptionCheckoutRequest {
  return {
    subscriptionId: SUBSCRIPTION_ID,
    reference: REFERENCE,
    description: 'Monthly Visit: Painting',
    amountCents: 24900,
    currency: 'cad',
    customerEmail: 'sam@example.com',
    successUrl: 'http://localhost:8080/booking/success?ref=HS-4096',
    cancelUrl: 'http://localhost:8080/booking/cancelled?ref=HS-4096',
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    idempotencyKey: `subscription-checkout-${randomUUID()}`,
    ...overrides,
  };
}

function subscribeRequest(overrides: Partial<SubscribeRequest> = {}): SubscribeRequest {
  return {
    subscriptionId: SUBSCRIPTION_ID,
    reference: REFERENCE,
    description: 'Monthly Visit: Painting',
    amountCents: 24900,
    currency: 'cad',
    customerEmail: 'sam@example.com',
    paymentMethodId: TEST_PAYMENT_METHODS.succeeds,
    idempotencyKey: `subscribe-${randomUUID()}`,
    ...overrides,
  };
}

describe('the Stripe payment provider, for monthly subscriptions', () => {
  let fake: FakeStripe;
  let provider: StripeProvider;

  function newProvider(): StripeProvider {
    return new StripeProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: 'whsec_test_provider_secret',
      apiUrl: fake.url,
    });
  }

  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = newProvider();
  });
  afterAll(async () => {
    await fake.close();
  });

  function requestsWithKey(key: string): RecordedRequest[] {
    return fake.requests.filter((request) => request.idempotencyKey === key);
  }

  /** What reached the fake from `from` on: the requests one call made. */
  function requestsSince(from: number, method: string, path: string): RecordedRequest[] {
    return fake.requests
      .slice(from)
      .filter((request) => request.method === method && request.path === path);
  }

  /** The PaymentIntents fetched on their own, which an expansion cannot reach. */
  function intentFetches(from: number): RecordedRequest[] {
    return fake.requests
      .slice(from)
      .filter((sent) => sent.method === 'GET' && sent.path.startsWith('/v1/payment_intents/'));
  }

  function priceLookups(from: number, amountCents: number): RecordedRequest[] {
    return requestsSince(from, 'GET', '/v1/prices').filter(
      (request) =>
        JSON.stringify(request.body.lookup_keys) ===
        JSON.stringify([`monthly-visit-cad-${amountCents}`]),
    );
  }

  function sessionPrice(idempotencyKey: string): unknown {
    const [sent] = requestsWithKey(idempotencyKey);
    expect(sent?.path).toBe('/v1/checkout/sessions');
    const [line] = sent?.body.line_items as Record<string, unknown>[];
    return line?.price;
  }

  describe('the monthly price', () => {
    it('is looked up by its lookup key, and created with a product when Stripe has none', async () => {
      const amountCents = freshAmount();
      const lookupKey = `monthly-visit-cad-${amountCents}`;
      const from = fake.requests.length;
      const request = checkoutRequest({ amountCents });
      await provider.createSubscriptionCheckout(request);

      const [lookup] = priceLookups(from, amountCents);
      expect(lookup?.body).toEqual({
        lookup_keys: [lookupKey],
        active: 'true',
        limit: '1',
      });
      const [product] = requestsSince(from, 'POST', '/v1/products');
      expect(product).toMatchObject({
        idempotencyKey: `${lookupKey}-product`,
        body: { name: 'Monthly Visit' },
      });
      const [price] = requestsSince(from, 'POST', '/v1/prices');
      expect(price?.idempotencyKey).toBe(`${lookupKey}-price`);
      expect(price?.body).toEqual({
        product: expect.stringMatching(/^prod_/),
        currency: 'cad',
        unit_amount: String(amountCents),
        recurring: { interval: 'month' },
        lookup_key: lookupKey,
        transfer_lookup_key: 'true',
      });
      // The lookup came first: nothing is created before Stripe says it has no such price.
      expect(fake.requests.indexOf(lookup as RecordedRequest)).toBeLessThan(
        fake.requests.indexOf(product as RecordedRequest),
      );
      expect(sessionPrice(request.idempotencyKey)).toMatch(/^price_/);
    });

    it('is reused from then on: the same provider asks Stripe no more', async () => {
      const amountCents = freshAmount();
      const first = checkoutRequest({ amountCents });
      await provider.createSubscriptionCheckout(first);

      const from = fake.requests.length;
      const second = checkoutRequest({ amountCents });
      await provider.subscribe(subscribeRequest({ amountCents }));
      await provider.createSubscriptionCheckout(second);

      expect(priceLookups(from, amountCents)).toEqual([]);
      expect(requestsSince(from, 'POST', '/v1/products')).toEqual([]);
      expect(requestsSince(from, 'POST', '/v1/prices')).toEqual([]);
      expect(sessionPrice(second.idempotencyKey)).toBe(sessionPrice(first.idempotencyKey));
    });

    it('is found by its lookup key by another provider (another process), not made again', async () => {
      const amountCents = freshAmount();
      const first = checkoutRequest({ amountCents });
      await provider.createSubscriptionCheckout(first);

      const from = fake.requests.length;
      const second = checkoutRequest({ amountCents });
      await newProvider().createSubscriptionCheckout(second);

      expect(priceLookups(from, amountCents)).toHaveLength(1);
      expect(requestsSince(from, 'POST', '/v1/products')).toEqual([]);
      expect(requestsSince(from, 'POST', '/v1/prices')).toEqual([]);
      expect(sessionPrice(second.idempotencyKey)).toBe(sessionPrice(first.idempotencyKey));
    });

    it('is looked up once by a provider asked for it twice at the same time', async () => {
      const amountCents = freshAmount();
      const from = fake.requests.length;
      const [first, second] = [checkoutRequest({ amountCents }), checkoutRequest({ amountCents })];
      await Promise.all([
        provider.createSubscriptionCheckout(first),
        provider.createSubscriptionCheckout(second),
      ]);

      expect(priceLookups(from, amountCents)).toHaveLength(1);
      expect(requestsSince(from, 'POST', '/v1/prices')).toHaveLength(1);
      expect(sessionPrice(second.idempotencyKey)).toBe(sessionPrice(first.idempotencyKey));
    });

    it('is made once when two processes both find none: the second gets the first one back', async () => {
      const amountCents = freshAmount();
      const lookupKey = `monthly-visit-cad-${amountCents}`;
      const from = fake.requests.length;
      const [first, second] = [checkoutRequest({ amountCents }), checkoutRequest({ amountCents })];
      await Promise.all([
        newProvider().createSubscriptionCheckout(first),
        newProvider().createSubscriptionCheckout(second),
      ]);

      const creates = requestsSince(from, 'POST', '/v1/prices');
      expect(creates).toHaveLength(2);
      expect(creates.map((request) => request.idempotencyKey)).toEqual([
        `${lookupKey}-price`,
        `${lookupKey}-price`,
      ]);
      expect(sessionPrice(second.idempotencyKey)).toBe(sessionPrice(first.idempotencyKey));

      const later = fake.requests.length;
      await newProvider().createSubscriptionCheckout(checkoutRequest({ amountCents }));
      expect(requestsSince(later, 'POST', '/v1/prices')).toEqual([]);
    });

    it('is asked for again after a failed lookup, which is not kept', async () => {
      const amountCents = freshAmount();
      fake.failNext(400);
      await expect(
        provider.createSubscriptionCheckout(checkoutRequest({ amountCents })),
      ).rejects.toThrow(Stripe.errors.StripeInvalidRequestError);

      const from = fake.requests.length;
      const request = checkoutRequest({ amountCents });
      await provider.createSubscriptionCheckout(request);
      expect(priceLookups(from, amountCents)).toHaveLength(1);
      expect(sessionPrice(request.idempotencyKey)).toMatch(/^price_/);
    });
  });

  describe('createSubscriptionCheckout', () => {
    it('opens a Checkout Session in subscription mode, naming the plan on session and subscription', async () => {
      const request = checkoutRequest({ amountCents: freshAmount() });
      const session = await provider.createSubscriptionCheckout(request);

      expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
      expect(session.url).toBe(`${fake.url}/pay/${session.id}`);
      const [sent] = requestsWithKey(request.idempotencyKey);
      expect(sent).toMatchObject({
        method: 'POST',
        path: '/v1/checkout/sessions',
        authorization: 'Bearer sk_test_fake',
      });
      expect(sent?.body).toEqual({
        mode: 'subscription',
        line_items: [{ price: expect.stringMatching(/^price_/), quantity: '1' }],
        customer_email: 'sam@example.com',
        client_reference_id: SUBSCRIPTION_ID,
        metadata: METADATA,
        subscription_data: { metadata: METADATA, description: 'Monthly Visit: Painting' },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: String(Math.floor(request.expiresAt.getTime() / 1000)),
      });
    });

    it('opens one session for one idempotency key, however often it is asked', async () => {
      const request = checkoutRequest();
      const first = await provider.createSubscriptionCheckout(request);
      const second = await provider.createSubscriptionCheckout(request);

      expect(second).toEqual(first);
      expect(requestsWithKey(request.idempotencyKey)).toHaveLength(2);
    });
  });

  describe('subscribe', () => {
    it('subscribes a new customer with the card, and reports a first payment that succeeded', async () => {
      const request = subscribeRequest();
      const from = fake.requests.length;
      const outcome = await provider.subscribe(request);

      expect(outcome).toEqual({
        status: 'succeeded',
        providerSubscriptionId: expect.stringMatching(/^sub_/),
        customerId: expect.stringMatching(/^cus_/),
      });
      if (outcome.status !== 'succeeded') return;
      const [customer] = requestsWithKey(`${request.idempotencyKey}-customer`);
      expect(customer?.path).toBe('/v1/customers');
      expect(customer?.body).toEqual({
        email: 'sam@example.com',
        payment_method: 'pm_card_visa',
        invoice_settings: { default_payment_method: 'pm_card_visa' },
        metadata: METADATA,
      });
      const [subscription] = requestsWithKey(`${request.idempotencyKey}-subscription`);
      expect(subscription?.path).toBe('/v1/subscriptions');
      expect(subscription?.body).toEqual({
        customer: outcome.customerId,
        items: [{ price: expect.stringMatching(/^price_/) }],
        default_payment_method: 'pm_card_visa',
        payment_behavior: 'allow_incomplete',
        metadata: METADATA,
        description: 'Monthly Visit: Painting',
        expand: ['latest_invoice.payments', 'latest_invoice.confirmation_secret'],
      });
      // An active subscription says all there is: no PaymentIntent is fetched.
      expect(intentFetches(from)).toEqual([]);
    });

    it('reports a card Stripe refuses to attach as a failed payment, without a subscription', async () => {
      const request = subscribeRequest({ paymentMethodId: TEST_PAYMENT_METHODS.declined });
      const outcome = await provider.subscribe(request);

      expect(outcome).toEqual({ status: 'failed', reason: 'Your card was declined.' });
      expect(requestsWithKey(`${request.idempotencyKey}-customer`)).toHaveLength(1);
      expect(requestsWithKey(`${request.idempotencyKey}-subscription`)).toEqual([]);
    });

    it('reports a first payment the bank declined as failed, read from its PaymentIntent', async () => {
      const from = fake.requests.length;
      const outcome = await provider.subscribe(
        subscribeRequest({ paymentMethodId: DECLINED_AFTER_ATTACHING }),
      );

      expect(outcome).toEqual({ status: 'failed', reason: 'Your card was declined.' });
      expect(intentFetches(from)).toMatchObject([
        { path: expect.stringMatching(/^\/v1\/payment_intents\/pi_/) },
      ]);
    });

    it('hands back the first invoice’s client secret when the card needs 3-D Secure', async () => {
      const from = fake.requests.length;
      const outcome = await provider.subscribe(
        subscribeRequest({ paymentMethodId: AUTHENTICATION_REQUIRED }),
      );

      expect(outcome).toEqual({
        status: 'requires_action',
        providerSubscriptionId: expect.stringMatching(/^sub_/),
        customerId: expect.stringMatching(/^cus_/),
        clientSecret: expect.stringMatching(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/),
      });
      if (outcome.status !== 'requires_action') return;
      const [fetched] = intentFetches(from);
      const intentId = fetched?.path.split('/').pop() ?? '';
      expect(outcome.clientSecret.startsWith(`${intentId}_secret_`)).toBe(true);
    });

    it('subscribes once for one idempotency key, however often it is asked', async () => {
      const request = subscribeRequest();
      const first = await provider.subscribe(request);
      const second = await provider.subscribe(request);

      expect(second).toEqual(first);
      expect(requestsWithKey(`${request.idempotencyKey}-customer`)).toHaveLength(2);
      expect(requestsWithKey(`${request.idempotencyKey}-subscription`)).toHaveLength(2);
    });

    it('throws a fault that is not a decline', async () => {
      const request = subscribeRequest();
      fake.failNext(400);
      await expect(provider.subscribe(request)).rejects.toThrow(
        Stripe.errors.StripeInvalidRequestError,
      );
    });
  });

  describe('changing and ending a subscription', () => {
    async function subscribed(): Promise<{ subscriptionId: string; customerId: string }> {
      const outcome = await provider.subscribe(subscribeRequest());
      if (outcome.status !== 'succeeded')
        throw new Error(`expected a subscription, got ${outcome.status}`);
      return { subscriptionId: outcome.providerSubscriptionId, customerId: outcome.customerId };
    }

    it('stops renewing at the end of the period, and takes that back', async () => {
      const { subscriptionId } = await subscribed();
      const stop = `change-${randomUUID()}`;
      const keep = `change-${randomUUID()}`;

      await provider.changeSubscription(
        subscriptionId,
        { kind: 'cancelAtPeriodEnd', value: true },
        stop,
      );
      await provider.changeSubscription(
        subscriptionId,
        { kind: 'cancelAtPeriodEnd', value: false },
        keep,
      );

      expect(requestsWithKey(stop)).toMatchObject([
        {
          method: 'POST',
          path: `/v1/subscriptions/${subscriptionId}`,
          body: { cancel_at_period_end: 'true' },
        },
      ]);
      expect(requestsWithKey(keep)[0]?.body).toEqual({ cancel_at_period_end: 'false' });
    });

    it('pauses collection until a date, voiding the invoices meanwhile', async () => {
      const { subscriptionId } = await subscribed();
      const idempotencyKey = `change-${randomUUID()}`;
      const resumesAt = new Date('2027-03-01T05:00:00.000Z');

      await provider.changeSubscription(
        subscriptionId,
        { kind: 'pause', resumesAt },
        idempotencyKey,
      );

      const [sent] = requestsWithKey(idempotencyKey);
      expect(sent?.path).toBe(`/v1/subscriptions/${subscriptionId}`);
      expect(sent?.body).toEqual({
        pause_collection: { behavior: 'void', resumes_at: String(resumesAt.getTime() / 1000) },
      });
    });

    it('cancels now, after which Stripe refuses changes to it', async () => {
      const { subscriptionId } = await subscribed();
      const idempotencyKey = `cancel-${randomUUID()}`;

      await provider.cancelSubscription(subscriptionId, idempotencyKey);

      expect(requestsWithKey(idempotencyKey)).toMatchObject([
        { method: 'DELETE', path: `/v1/subscriptions/${subscriptionId}`, body: {} },
      ]);
      await expect(
        provider.changeSubscription(
          subscriptionId,
          { kind: 'cancelAtPeriodEnd', value: true },
          `change-${randomUUID()}`,
        ),
      ).rejects.toThrow(Stripe.errors.StripeInvalidRequestError);
    });

    it('opens the customer portal for the subscription’s customer', async () => {
      const { customerId } = await subscribed();
      const from = fake.requests.length;

      const url = await provider.billingPortalUrl(customerId, 'http://localhost:8080/account');

      expect(url).toMatch(new RegExp(`^${fake.url}/portal/bps_[A-Za-z0-9]+$`));
      expect(requestsSince(from, 'POST', '/v1/billing_portal/sessions')).toMatchObject([
        { body: { customer: customerId, return_url: 'http://localhost:8080/account' } },
      ]);
    });
  });
});

describe('the fake Stripe, for subscriptions', () => {
  let fake: FakeStripe;
  let stripe: Stripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    const address = new URL(fake.url);
    stripe = new Stripe('sk_test_fake', {
      host: address.hostname,
      port: Number(address.port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });
  afterAll(async () => {
    await fake.close();
  });

  async function subscription(
    paymentMethod: string,
    expand: string[] = [],
  ): Promise<Stripe.Subscription> {
    const product = await stripe.products.create({ name: 'Monthly Visit' });
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'cad',
      unit_amount: 24900,
      recurring: { interval: 'month' },
    });
    const customer = await stripe.customers.create({
      payment_method: paymentMethod,
      invoice_settings: { default_payment_method: paymentMethod },
    });
    return stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'allow_incomplete',
      metadata: METADATA,
      expand,
    });
  }

  it('bills an active subscription a month at a time, its first invoice paid', async () => {
    const created = await subscription(TEST_PAYMENT_METHODS.succeeds, ['latest_invoice.payments']);

    expect(created.status).toBe('active');
    const [item] = created.items.data;
    const start = new Date((item?.current_period_start ?? 0) * 1000);
    const end = new Date((item?.current_period_end ?? 0) * 1000);
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    expect(end.getUTCDate()).toBe(start.getUTCDate());
    const invoice = created.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe('paid');
    expect(invoice.parent?.subscription_details).toEqual({
      metadata: METADATA,
      subscription: created.id,
    });
    expect(invoice.payments?.data[0]?.payment.payment_intent).toMatch(/^pi_/);
    expect(invoice.confirmation_secret).toBeUndefined();
  });

  it('leaves the latest invoice an id unless it is expanded, and refuses expanding too deep', async () => {
    expect(typeof (await subscription(TEST_PAYMENT_METHODS.succeeds)).latest_invoice).toBe(
      'string',
    );
    await expect(
      subscription(TEST_PAYMENT_METHODS.succeeds, [
        'latest_invoice.payments.data.payment.payment_intent',
      ]),
    ).rejects.toThrow(/more than 4 levels/);
  });

  it('keeps a subscription’s changes, and answers with all of it', async () => {
    const created = await subscription(TEST_PAYMENT_METHODS.succeeds);
    const periodEnd = created.items.data[0]?.current_period_end;

    const stopping = await stripe.subscriptions.update(created.id, { cancel_at_period_end: true });
    const paused = await stripe.subscriptions.update(created.id, {
      pause_collection: { behavior: 'void', resumes_at: 1_800_000_000 },
    });
    const canceled = await stripe.subscriptions.cancel(created.id);

    expect(stopping).toMatchObject({ cancel_at_period_end: true, cancel_at: periodEnd });
    expect(paused).toMatchObject({
      cancel_at_period_end: true,
      pause_collection: { behavior: 'void', resumes_at: 1_800_000_000 },
      metadata: METADATA,
    });
    expect(canceled).toMatchObject({ status: 'canceled', cancel_at_period_end: true });
  });

  it('refuses a second price with a lookup key in use, unless told to move it', async () => {
    const product = await stripe.products.create({ name: 'Monthly Visit' });
    const params: Stripe.PriceCreateParams = {
      product: product.id,
      currency: 'cad',
      unit_amount: 9900,
      recurring: { interval: 'month' },
      lookup_key: 'monthly-visit-cad-9900',
    };
    const first = await stripe.prices.create(params);

    await expect(stripe.prices.create(params)).rejects.toThrow(/already uses that lookup key/);
    const second = await stripe.prices.create({ ...params, transfer_lookup_key: true });
    const found = await stripe.prices.list({ lookup_keys: ['monthly-visit-cad-9900'] });
    expect(found.data.map((price) => price.id)).toEqual([second.id]);
    expect(second.id).not.toBe(first.id);
  });
});
