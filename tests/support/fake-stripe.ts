import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripeId } from '../../api/src/payments/test-provider-events';
import { TEST_PAYMENT_METHODS } from '../../api/src/domain/payment/test-cards';

/**
 * A stand-in for the few endpoints of Stripe's API the payment provider calls, in the test
 * process, so tests run without network or keys. It answers the way Stripe's test mode does for
 * these calls, replays a repeated Idempotency-Key, and can fail on request to test retries.
 */

export interface RecordedRequest {
  method: string;
  /** Without the query string: '/v1/checkout/sessions'. */
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  /**
   * The form body (for GET and DELETE, which carry none, the query string), nested back from
   * Stripe's bracket keys; every leaf value is a string.
   */
  body: Record<string, unknown>;
}

export interface FakeStripe {
  /** 'http://127.0.0.1:PORT', for StripeProvider's `apiUrl`. */
  url: string;
  /** Every request received, in order, including failed ones and replays. */
  requests: RecordedRequest[];
  /**
   * Answers the next request (one more per call) with `status` and an api_error. The failure is
   * not kept against the request's Idempotency-Key, so the SDK's retry gets a real answer.
   */
  failNext(status: number): void;
  /**
   * What Stripe does when the customer pays a subscription-mode Checkout Session on its page: a
   * customer with the card, and the subscription with the session's `subscription_data`. Not a
   * request to the API, so nothing is recorded.
   */
  completeSubscriptionCheckout(sessionId: string): { subscriptionId: string; customerId: string };
  close(): Promise<void>;
}

/** A payment method that needs 3-D Secure, as in Stripe's test mode. */
export const AUTHENTICATION_REQUIRED = 'pm_card_authenticationRequired';

/**
 * A card Stripe attaches to a customer but declines when charged (4000 0000 0000 0341 in its test
 * mode), unlike `TEST_PAYMENT_METHODS.declined`, which it refuses to attach at all.
 */
export const DECLINED_AFTER_ATTACHING = 'pm_card_chargeCustomerFail';

/** Stripe expands at most four levels: 'latest_invoice.payments.data.payment' is the deepest. */
const MAX_EXPAND_DEPTH = 4;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

type Container = Record<string, unknown> | unknown[];

function childOf(node: Container, key: string): unknown {
  return Array.isArray(node) ? node[Number(key)] : node[key];
}

function put(node: Container, key: string, value: unknown): void {
  if (Array.isArray(node)) node[Number(key)] = value;
  else node[key] = value;
}

/** `a[b][0][c]=v` pairs, as the Stripe SDK writes them, back into nested objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const path = match?.[1]
      ? [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')]
      : [key];
    if (path.some((segment) => UNSAFE_KEYS.has(segment))) continue;
    let node: Container = root;
    path.forEach((segment, index) => {
      const next = path[index + 1];
      if (next === undefined) {
        put(node, segment, value);
        return;
      }
      let child = childOf(node, segment);
      if (typeof child !== 'object' || child === null) {
        child = /^\d+$/.test(next) ? [] : {};
        put(node, segment, child);
      }
      node = child as Container;
    });
  }
  return root;
}

function stripeError(status: number, error: Record<string, unknown>): Answer {
  return { status, body: { error } };
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function integer(value: unknown): number | null {
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}

function list(path: string, data: unknown[]): Record<string, unknown> {
  return { object: 'list', data, has_more: false, url: path };
}

function noSuch(kind: string, id: string): Answer {
  return stripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
  });
}

function invalid(message: string, param?: string): Answer {
  return stripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
}

/** The same day of the next month, in seconds, as a monthly price's period ends. */
function oneMonthAfter(seconds: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

const CARD_DECLINED = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
} as const;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const failures: number[] = [];
  /** Idempotency-Key → the request it first came with and the answer it got. */
  const replays = new Map<string, { fingerprint: string; answer: Answer }>();
  /** PaymentIntents this fake created, for the amount of a refund. */
  const intentAmounts = new Map<string, number>();
  // Billing objects by id, so later requests see what earlier ones made, as at Stripe.
  const products = new Map<string, Record<string, unknown>>();
  const prices = new Map<string, Record<string, unknown>>();
  const customers = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  const invoices = new Map<string, Record<string, unknown>>();
  const invoicePayments = new Map<string, Record<string, unknown>>();
  const intents = new Map<string, Record<string, unknown>>();
  /** Checkout Sessions: as asked for (to complete one as its page would) and as they stand. */
  const sessions = new Map<
    string,
    { asked: Record<string, unknown>; session: Record<string, unknown> }
  >();
  let url = '';
  const created = () => Math.floor(Date.now() / 1000);

  function createCheckoutSession(body: Record<string, unknown>): Answer {
    const lineItems = Array.isArray(body.line_items) ? body.line_items : [];
    let amountTotal = 0;
    let currency: string | null = null;
    for (const item of lineItems) {
      const line = asRecord(item);
      const quantity = integer(line.quantity) ?? 1;
      const priceId = text(line.price);
      if (priceId !== null) {
        const price = prices.get(priceId);
        if (!price) return noSuch('price', priceId);
        amountTotal += Number(price.unit_amount) * quantity;
        currency ??= text(price.currency);
        continue;
      }
      const price = asRecord(line.price_data);
      amountTotal += (integer(price.unit_amount) ?? 0) * quantity;
      currency ??= text(price.currency);
    }
    const id = stripeId('cs_test');
    const session = {
      id,
      object: 'checkout.session',
      mode: text(body.mode),
      url: `${url}/pay/${id}`,
      amount_subtotal: amountTotal,
      amount_total: amountTotal,
      currency,
      metadata: asRecord(body.metadata),
      client_reference_id: text(body.client_reference_id),
      customer_email: text(body.customer_email),
      payment_intent: null,
      subscription: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: text(body.success_url),
      cancel_url: text(body.cancel_url),
      expires_at: integer(body.expires_at) ?? created() + 24 * 3600,
      created: created(),
      livemode: false,
    };
    sessions.set(id, { asked: body, session });
    return { status: 200, body: session };
  }

  function retrieveCheckoutSession(id: string): Answer {
    const stored = sessions.get(id);
    return stored ? { status: 200, body: stored.session } : noSuch('checkout.session', id);
  }

  /** Like Stripe, only an open session can be expired: a paid one stays paid. */
  function expireCheckoutSession(id: string): Answer {
    const stored = sessions.get(id);
    if (!stored) return noSuch('checkout.session', id);
    if (stored.session.status !== 'open') {
      return invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(stored.session.status)}".`,
      );
    }
    stored.session = { ...stored.session, status: 'expired', url: null };
    return { status: 200, body: stored.session };
  }

  function createPaymentIntent(body: Record<string, unknown>): Answer {
    const id = stripeId('pi');
    const amount = integer(body.amount) ?? 0;
    const paymentMethod = text(body.payment_method);
    const intent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: text(body.currency),
      client_secret: `${id}_secret_${stripeId('x').slice(2)}`,
      description: text(body.description),
      receipt_email: text(body.receipt_email),
      metadata: asRecord(body.metadata),
      payment_method: paymentMethod,
      last_payment_error: null,
      latest_charge: null,
      next_action: null,
      created: created(),
      livemode: false,
    };
    if (paymentMethod === TEST_PAYMENT_METHODS.declined) {
      const lastPaymentError = { ...CARD_DECLINED };
      const declined = {
        ...intent,
        status: 'requires_payment_method',
        last_payment_error: lastPaymentError,
      };
      intents.set(id, declined);
      return stripeError(402, {
        ...lastPaymentError,
        charge: stripeId('ch'),
        doc_url: 'https://docs.stripe.com/error-codes/card-declined',
        payment_intent: declined,
      });
    }
    if (paymentMethod === AUTHENTICATION_REQUIRED) {
      const pending = {
        ...intent,
        status: 'requires_action',
        next_action: { type: 'use_stripe_sdk' },
      };
      intents.set(id, pending);
      return { status: 200, body: pending };
    }
    intentAmounts.set(id, amount);
    const succeeded = {
      ...intent,
      status: 'succeeded',
      amount_received: amount,
      latest_charge: stripeId('ch'),
    };
    intents.set(id, succeeded);
    return { status: 200, body: succeeded };
  }

  function listPrices(query: Record<string, unknown>): Answer {
    const lookupKeys = strings(query.lookup_keys);
    const active = text(query.active);
    const limit = integer(query.limit) ?? 10;
    const matching = [...prices.values()].filter(
      (price) =>
        (lookupKeys.length === 0 || lookupKeys.includes(String(price.lookup_key))) &&
        (active === null || String(price.active) === active),
    );
    return {
      status: 200,
      body: { ...list('/v1/prices', matching.slice(0, limit)), has_more: matching.length > limit },
    };
  }

  function createProduct(body: Record<string, unknown>): Answer {
    const name = text(body.name);
    if (!name) return invalid('Missing required param: name.', 'name');
    const product = {
      id: stripeId('prod'),
      object: 'product',
      active: true,
      name,
      description: text(body.description),
      metadata: asRecord(body.metadata),
      default_price: null,
      created: created(),
      updated: created(),
      livemode: false,
    };
    products.set(product.id, product);
    return { status: 200, body: product };
  }

  function createPrice(body: Record<string, unknown>): Answer {
    const productId = text(body.product);
    if (!productId) return invalid('Missing required param: product.', 'product');
    if (!products.has(productId)) return noSuch('product', productId);
    const currency = text(body.currency);
    if (!currency) return invalid('Missing required param: currency.', 'currency');
    const unitAmount = integer(body.unit_amount);
    if (unitAmount === null) return invalid('Missing required param: unit_amount.', 'unit_amount');
    const recurring = asRecord(body.recurring);
    const interval = text(recurring.interval);
    const lookupKey = text(body.lookup_key);
    // A lookup key names one price at a time, an archived one included, unless it is moved.
    const holder = [...prices.values()].find(
      (price) => lookupKey && price.lookup_key === lookupKey,
    );
    if (holder) {
      if (text(body.transfer_lookup_key) !== 'true') {
        return invalid(
          `A price (\`${String(holder.id)}\`) already uses that lookup key.`,
          'lookup_key',
        );
      }
      holder.lookup_key = null;
    }
    const price = {
      id: stripeId('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      currency,
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
      product: productId,
      lookup_key: lookupKey,
      nickname: null,
      metadata: asRecord(body.metadata),
      recurring: interval
        ? {
            interval,
            interval_count: integer(recurring.interval_count) ?? 1,
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          }
        : null,
      tax_behavior: 'unspecified',
      type: interval ? 'recurring' : 'one_time',
      created: created(),
      livemode: false,
    };
    prices.set(price.id, price);
    return { status: 200, body: price };
  }

  function createCustomer(body: Record<string, unknown>): Answer {
    const paymentMethod = text(body.payment_method);
    // Stripe checks a card as it attaches it: this one fails there, before any subscription.
    if (paymentMethod === TEST_PAYMENT_METHODS.declined) {
      return stripeError(402, {
        ...CARD_DECLINED,
        param: 'payment_method',
        doc_url: 'https://docs.stripe.com/error-codes/card-declined',
      });
    }
    const settings = asRecord(body.invoice_settings);
    const customer = {
      id: stripeId('cus'),
      object: 'customer',
      email: text(body.email),
      name: text(body.name),
      description: text(body.description),
      metadata: asRecord(body.metadata),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: text(settings.default_payment_method),
        footer: null,
        rendering_options: null,
      },
      created: created(),
      livemode: false,
    };
    customers.set(customer.id, customer);
    return { status: 200, body: customer };
  }

  /** A subscription as Stripe answers it: the latest invoice an id unless it was expanded. */
  function subscriptionAnswer(subscription: Record<string, unknown>, expand: string[]): Answer {
    const invoiceId = text(subscription.latest_invoice);
    const invoice = invoiceId ? invoices.get(invoiceId) : undefined;
    if (!invoice || !expand.some((path) => path.split('.')[0] === 'latest_invoice')) {
      return { status: 200, body: subscription };
    }
    const intentId = text(invoice.payment_intent_of_fake);
    const intent = intentId ? intents.get(intentId) : undefined;
    const { payment_intent_of_fake: _internal, ...visible } = invoice;
    const latestInvoice: Record<string, unknown> = { ...visible };
    // Both are includable, not expandable: an invoice leaves them out unless asked for them.
    if (expand.includes('latest_invoice.payments')) {
      const payments = [...invoicePayments.values()].filter((pay) => pay.invoice === invoice.id);
      latestInvoice.payments = list(`/v1/invoice_payments?invoice=${String(invoice.id)}`, payments);
    }
    if (expand.includes('latest_invoice.confirmation_secret')) {
      latestInvoice.confirmation_secret =
        invoice.status === 'open' && intent
          ? { client_secret: intent.client_secret, type: 'payment_intent' }
          : null;
    }
    return { status: 200, body: { ...subscription, latest_invoice: latestInvoice } };
  }

  function createSubscription(body: Record<string, unknown>): Answer {
    const customerId = text(body.customer);
    if (!customerId) return invalid('Missing required param: customer.', 'customer');
    const customer = customers.get(customerId);
    if (!customer) return noSuch('customer', customerId);
    const item = asRecord(Array.isArray(body.items) ? body.items[0] : undefined);
    const priceId = text(item.price);
    if (!priceId) return invalid('Missing required param: items[0][price].', 'items');
    const price = prices.get(priceId);
    if (!price) return noSuch('price', priceId);
    const paymentMethod =
      text(body.default_payment_method) ??
      text(asRecord(customer.invoice_settings).default_payment_method);
    if (!paymentMethod) {
      return invalid(
        'This customer has no attached payment source or default payment method.',
        'default_payment_method',
      );
    }
    const behavior = text(body.payment_behavior) ?? 'allow_incomplete';
    if (behavior !== 'allow_incomplete' && behavior !== 'error_if_incomplete') {
      return invalid(`fake Stripe does not model payment_behavior=${behavior}.`);
    }
    const declined =
      paymentMethod === TEST_PAYMENT_METHODS.declined || paymentMethod === DECLINED_AFTER_ATTACHING;
    const needsAction = paymentMethod === AUTHENTICATION_REQUIRED;
    // error_if_incomplete: a first invoice that cannot be paid now leaves no subscription behind.
    if (behavior === 'error_if_incomplete' && declined) {
      return stripeError(402, {
        ...CARD_DECLINED,
        doc_url: 'https://docs.stripe.com/error-codes/card-declined',
      });
    }
    if (behavior === 'error_if_incomplete' && needsAction) {
      return stripeError(402, {
        type: 'card_error',
        code: 'invoice_payment_intent_requires_action',
        message:
          'Payment for this subscription requires additional user action before it can be completed successfully.',
      });
    }

    const now = created();
    const periodEnd = oneMonthAfter(now);
    const quantity = integer(item.quantity) ?? 1;
    const amount = Number(price.unit_amount) * quantity;
    const currency = String(price.currency);
    const id = stripeId('sub');
    const invoiceId = stripeId('in');
    const intentId = stripeId('pi');
    const paid = !declined && !needsAction;
    const metadata = asRecord(body.metadata);

    intents.set(intentId, {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: paid ? amount : 0,
      currency,
      customer: customerId,
      client_secret: `${intentId}_secret_${stripeId('x').slice(2)}`,
      description: 'Subscription creation',
      metadata: {},
      payment_method: paymentMethod,
      status: declined ? 'requires_payment_method' : needsAction ? 'requires_action' : 'succeeded',
      last_payment_error: declined ? { ...CARD_DECLINED } : null,
      next_action: needsAction ? { type: 'use_stripe_sdk' } : null,
      latest_charge: declined || paid ? stripeId('ch') : null,
      created: now,
      livemode: false,
    });
    if (paid) intentAmounts.set(intentId, amount);
    const invoicePaymentId = stripeId('inpay');
    invoicePayments.set(invoicePaymentId, {
      id: invoicePaymentId,
      object: 'invoice_payment',
      amount_paid: paid ? amount : null,
      amount_requested: amount,
      created: now,
      currency,
      invoice: invoiceId,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: intentId },
      status: paid ? 'paid' : 'open',
      status_transitions: { canceled_at: null, paid_at: paid ? now : null },
    });
    invoices.set(invoiceId, {
      id: invoiceId,
      object: 'invoice',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      attempted: true,
      billing_reason: 'subscription_create',
      collection_method: 'charge_automatically',
      currency,
      customer: customerId,
      description: null,
      metadata: {},
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata, subscription: id },
      },
      period_start: now,
      period_end: now,
      status: paid ? 'paid' : 'open',
      status_transitions: { finalized_at: now, paid_at: paid ? now : null },
      total: amount,
      created: now,
      livemode: false,
      // Not part of Stripe's answer: which PaymentIntent the fake made for this invoice.
      payment_intent_of_fake: intentId,
    });
    const subscription = {
      id,
      object: 'subscription',
      application: null,
      billing_cycle_anchor: now,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      currency,
      customer: customerId,
      default_payment_method: text(body.default_payment_method),
      description: text(body.description),
      ended_at: null,
      items: list(`/v1/subscription_items?subscription=${id}`, [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          created: now,
          current_period_start: now,
          current_period_end: periodEnd,
          metadata: {},
          price,
          quantity,
          subscription: id,
        },
      ]),
      latest_invoice: invoiceId,
      metadata,
      pause_collection: null,
      start_date: now,
      status: paid ? 'active' : 'incomplete',
      trial_end: null,
      trial_start: null,
      created: now,
      livemode: false,
    };
    subscriptions.set(id, subscription);
    return subscriptionAnswer(subscription, strings(body.expand));
  }

  function updateSubscription(id: string, body: Record<string, unknown>): Answer {
    const subscription = subscriptions.get(id);
    if (!subscription) return noSuch('subscription', id);
    if (subscription.status === 'canceled') {
      return invalid(
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    }
    const changes: Record<string, unknown> = {};
    const cancelAtPeriodEnd = text(body.cancel_at_period_end);
    if (cancelAtPeriodEnd !== null) {
      const items = asRecord(subscription.items).data;
      const periodEnd = asRecord(Array.isArray(items) ? items[0] : undefined).current_period_end;
      const cancel = cancelAtPeriodEnd === 'true';
      changes.cancel_at_period_end = cancel;
      changes.cancel_at = cancel ? periodEnd : null;
      changes.canceled_at = cancel ? created() : null;
    }
    if ('pause_collection' in body) {
      const pause = asRecord(body.pause_collection);
      // An empty value (`pause_collection=`) resumes collection.
      changes.pause_collection =
        typeof body.pause_collection === 'string'
          ? null
          : { behavior: text(pause.behavior), resumes_at: integer(pause.resumes_at) };
    }
    if ('metadata' in body) {
      changes.metadata = { ...asRecord(subscription.metadata), ...asRecord(body.metadata) };
    }
    if ('description' in body) changes.description = text(body.description);
    const updated = { ...subscription, ...changes };
    subscriptions.set(id, updated);
    return subscriptionAnswer(updated, strings(body.expand));
  }

  function cancelSubscription(id: string, query: Record<string, unknown>): Answer {
    const subscription = subscriptions.get(id);
    if (!subscription) return noSuch('subscription', id);
    const now = created();
    const canceled =
      subscription.status === 'canceled'
        ? subscription
        : {
            ...subscription,
            status: 'canceled',
            canceled_at: now,
            ended_at: now,
            cancellation_details: {
              comment: null,
              feedback: null,
              reason: 'cancellation_requested',
            },
          };
    subscriptions.set(id, canceled);
    return subscriptionAnswer(canceled, strings(query.expand));
  }

  function createPortalSession(body: Record<string, unknown>): Answer {
    const customerId = text(body.customer);
    if (!customerId) return invalid('Missing required param: customer.', 'customer');
    if (!customers.has(customerId)) return noSuch('customer', customerId);
    const id = stripeId('bps');
    return {
      status: 200,
      body: {
        id,
        object: 'billing_portal.session',
        configuration: stripeId('bpc'),
        customer: customerId,
        flow: null,
        locale: null,
        on_behalf_of: null,
        return_url: text(body.return_url),
        url: `${url}/portal/${id}`,
        created: created(),
        livemode: false,
      },
    };
  }

  function retrievePaymentIntent(id: string): Answer {
    const intent = intents.get(id);
    return intent ? { status: 200, body: intent } : noSuch('payment_intent', id);
  }

  function createRefund(body: Record<string, unknown>): Answer {
    const intentId = text(body.payment_intent);
    return {
      status: 200,
      body: {
        id: stripeId('re'),
        object: 'refund',
        status: 'succeeded',
        payment_intent: intentId,
        // Lenient where Stripe is not: a PaymentIntent this fake never made is refunded too.
        amount: integer(body.amount) ?? (intentId ? intentAmounts.get(intentId) : undefined) ?? 0,
        currency: 'cad',
        metadata: asRecord(body.metadata),
        created: created(),
      },
    };
  }

  function route(method: string, path: string, body: Record<string, unknown>): Answer {
    const tooDeep = strings(body.expand).find(
      (property) => property.split('.').length > MAX_EXPAND_DEPTH,
    );
    if (tooDeep) {
      return invalid(
        `You cannot expand more than ${MAX_EXPAND_DEPTH} levels of a property. Property: ${tooDeep}`,
        'expand',
      );
    }
    const subscriptionId = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)?.[1];
    const sessionId = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)?.[1];
    const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)?.[1];
    const intentId = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)?.[1];
    if (method === 'POST' && path === '/v1/checkout/sessions') return createCheckoutSession(body);
    if (method === 'GET' && sessionId) return retrieveCheckoutSession(sessionId);
    if (method === 'POST' && expiring) return expireCheckoutSession(expiring);
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(body);
    if (method === 'GET' && intentId) return retrievePaymentIntent(intentId);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    if (method === 'GET' && path === '/v1/prices') return listPrices(body);
    if (method === 'POST' && path === '/v1/products') return createProduct(body);
    if (method === 'POST' && path === '/v1/prices') return createPrice(body);
    if (method === 'POST' && path === '/v1/customers') return createCustomer(body);
    if (method === 'POST' && path === '/v1/subscriptions') return createSubscription(body);
    if (method === 'POST' && subscriptionId) return updateSubscription(subscriptionId, body);
    if (method === 'DELETE' && subscriptionId) return cancelSubscription(subscriptionId, body);
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return createPortalSession(body);
    }
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const address = new URL(request.url ?? '/', 'http://fake-stripe');
    const path = address.pathname;
    // The SDK sends a GET's and a DELETE's parameters in the query string, and no body.
    const raw =
      method === 'GET' || method === 'DELETE' ? address.search.slice(1) : await readBody(request);
    const idempotencyKey = request.headers['idempotency-key'];
    const key = Array.isArray(idempotencyKey) ? idempotencyKey[0] : idempotencyKey;
    const authorization = request.headers.authorization;
    requests.push({ method, path, idempotencyKey: key, authorization, body: parseStripeForm(raw) });

    const send = (answer: Answer, headers: Record<string, string> = {}) => {
      response.writeHead(answer.status, {
        'Content-Type': 'application/json',
        'Request-Id': stripeId('req'),
        ...(key ? { 'Idempotency-Key': key } : {}),
        ...headers,
      });
      response.end(JSON.stringify(answer.body));
    };

    const failure = failures.shift();
    if (failure !== undefined) {
      send(
        stripeError(failure, {
          type: 'api_error',
          message: 'An unknown error occurred (fake Stripe was told to fail).',
        }),
      );
      return;
    }
    if (!authorization?.startsWith('Bearer ')) {
      send(
        stripeError(401, {
          type: 'invalid_request_error',
          message: 'You did not provide an API key.',
        }),
      );
      return;
    }

    const fingerprint = `${method} ${path} ${raw}`;
    // Like Stripe, only a POST is keyed: GET and DELETE are idempotent already and ignore a key.
    const earlier = key && method === 'POST' ? replays.get(key) : undefined;
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        send(
          stripeError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key ?? ''}' if you meant to execute a different request.`,
          }),
        );
        return;
      }
      send(earlier.answer, { 'Idempotent-Replayed': 'true' });
      return;
    }
    const answer = route(method, path, parseStripeForm(raw));
    // Like Stripe, a key keeps the answer its request got once the request ran (a 402 included).
    if (key && method === 'POST' && answer.status !== 404) {
      replays.set(key, { fingerprint, answer });
    }
    send(answer);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    failNext(status: number) {
      failures.push(status);
    },
    completeSubscriptionCheckout(sessionId: string) {
      const stored = sessions.get(sessionId);
      const session = stored?.asked;
      if (!stored || !session || text(session.mode) !== 'subscription') {
        throw new Error(`no subscription-mode Checkout Session ${sessionId}`);
      }
      const customer = createCustomer({
        email: session.customer_email,
        invoice_settings: { default_payment_method: 'pm_card_visa' },
      }).body;
      const line = asRecord(Array.isArray(session.line_items) ? session.line_items[0] : undefined);
      const data = asRecord(session.subscription_data);
      const answer = createSubscription({
        customer: customer.id,
        items: [{ price: line.price }],
        metadata: data.metadata,
        description: data.description,
      });
      if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
      stored.session = {
        ...stored.session,
        status: 'complete',
        payment_status: 'paid',
        subscription: answer.body.id,
        customer: customer.id,
        url: null,
      };
      return { subscriptionId: String(answer.body.id), customerId: String(customer.id) };
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
