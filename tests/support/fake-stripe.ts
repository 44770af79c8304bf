import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripeId } from '../../api/src/payments/payment-events';
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
  /** The form body, nested back from Stripe's bracket keys; every leaf value is a string. */
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
  close(): Promise<void>;
}

/** A payment method that needs 3-D Secure, as in Stripe's test mode. */
export const AUTHENTICATION_REQUIRED = 'pm_card_authenticationRequired';

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
  let url = '';
  const created = () => Math.floor(Date.now() / 1000);

  function createCheckoutSession(body: Record<string, unknown>): Answer {
    const lineItems = Array.isArray(body.line_items) ? body.line_items : [];
    let amountTotal = 0;
    let currency: string | null = null;
    for (const item of lineItems) {
      const line = asRecord(item);
      const price = asRecord(line.price_data);
      amountTotal += (integer(price.unit_amount) ?? 0) * (integer(line.quantity) ?? 1);
      currency ??= text(price.currency);
    }
    const id = stripeId('cs_test');
    return {
      status: 200,
      body: {
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
        payment_status: 'unpaid',
        status: 'open',
        success_url: text(body.success_url),
        cancel_url: text(body.cancel_url),
        expires_at: integer(body.expires_at) ?? created() + 24 * 3600,
        created: created(),
        livemode: false,
      },
    };
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
      const lastPaymentError = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
      return stripeError(402, {
        ...lastPaymentError,
        charge: stripeId('ch'),
        doc_url: 'https://docs.stripe.com/error-codes/card-declined',
        payment_intent: {
          ...intent,
          status: 'requires_payment_method',
          last_payment_error: lastPaymentError,
        },
      });
    }
    if (paymentMethod === AUTHENTICATION_REQUIRED) {
      return {
        status: 200,
        body: { ...intent, status: 'requires_action', next_action: { type: 'use_stripe_sdk' } },
      };
    }
    intentAmounts.set(id, amount);
    return {
      status: 200,
      body: {
        ...intent,
        status: 'succeeded',
        amount_received: amount,
        latest_charge: stripeId('ch'),
      },
    };
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
    if (method === 'POST' && path === '/v1/checkout/sessions') return createCheckoutSession(body);
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(body);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://fake-stripe').pathname;
    const raw = await readBody(request);
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
    const earlier = key ? replays.get(key) : undefined;
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
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
