import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { ownershipProof } from '../bookings/booking-owner-guard';
import {
  checkoutSchema,
  inPagePaymentSchema,
  type PaymentSetup,
} from '../domain/payment/payment-schema';
import { PaymentMessages } from '../domain/payment/payment-messages';
import { DomainError } from '../domain/domain-error';
import { endpoint, endpointGroup, endpointOf, mountEndpoints, type Guards } from '../http/endpoint';
import { errorResponse, jsonResponse } from '../http/openapi/shared-responses';
import { describedBody, jsonBody } from '../http/request-schemas';
import type { Logger } from '../platform/logger';
import { inPagePaymentResultSchema, paymentSetupSchema } from './payment-answers';
import type { PaymentEventInbox } from './payment-event-inbox';
import { WebhookSignatureError } from './payment-provider';
import type { PaymentService } from './payment-service';
import { noStore } from '../http/no-store';

export interface PaymentRouteDependencies {
  payments: PaymentService;
  setup: PaymentSetup;
  inbox: PaymentEventInbox;
  logger: Logger;
  formLimit: RequestHandler;
  guards: Guards;
}

const notPayable = errorResponse(
  'The booking is not awaiting payment (already paid, cancelled, or a Custom Estimate).',
);

/** Paying for a booking: the card form's setup, Stripe Checkout, and the in-page card form. */
export const paymentEndpoints = endpointGroup<PaymentRouteDependencies>('payments', [
  endpoint({
    method: 'get',
    path: '/api/payments/config',
    operationId: 'getPaymentConfig',
    summary: 'How the payment form takes a card',
    access: 'public',
    responses: { '200': jsonResponse('The provider and its public key.', paymentSetupSchema) },
    fuzz: 'reads',
    handle: ({ res }, deps) => {
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.json(deps.setup);
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/payments/checkout',
    operationId: 'createCheckout',
    summary: "Open the provider's hosted checkout for a booking",
    description:
      'The amount must be the booking’s server-side price. Also served at ' +
      '`POST /api-docs/api/payments`, the path the original site posted to. Each new page ' +
      'extends the booking’s hold, never past its limit; 409 when too little time is left.',
    access: 'bookingOwner',
    request: { body: jsonBody(checkoutSchema) },
    responses: {
      '200': jsonResponse(
        'Where to send the browser.',
        z.object({ url: z.string().describe('The checkout page.') }),
      ),
      '409': notPayable,
    },
    errors: ['BadRequest', 'NotFound', 'TooManyRequests', 'ServiceUnavailable'],
    // It needs the booking's token (or its owner's login), which the fuzzer never sends.
    fuzz: 'credential',
    before: (deps) => [noStore, deps.formLimit],
    handle: async ({ body, req, res }, deps) => {
      res.json(await deps.payments.checkout(body, ownershipProof(req, body.token)));
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/payments',
    operationId: 'payInPage',
    summary: 'Pay for a booking with a card token from the in-page form',
    description: 'Card numbers never reach this API: the form turns the card into a token first.',
    access: 'bookingOwner',
    request: { body: jsonBody(inPagePaymentSchema) },
    responses: {
      '200': jsonResponse('Where the payment stands.', inPagePaymentResultSchema),
      '402': errorResponse('The card was declined; `reason` says why.'),
      '409': notPayable,
    },
    errors: ['BadRequest', 'NotFound', 'TooManyRequests', 'ServiceUnavailable'],
    // It needs the booking's token (or its owner's login), which the fuzzer never sends.
    fuzz: 'credential',
    before: (deps) => [noStore, deps.formLimit],
    handle: async ({ body, req, res }, deps) => {
      res.json(await deps.payments.payInPage(body, ownershipProof(req, body.token)));
    },
  }),
]);

/** JSON payment calls; mounted under /api after its JSON body parser. */
export function paymentRoutes(deps: PaymentRouteDependencies): Router {
  return mountEndpoints(express.Router(), paymentEndpoints, deps, { guards: deps.guards });
}

/** POST /payments/checkout as a whole, also served at the path the original front end used. */
export function checkoutHandlers(
  deps: PaymentRouteDependencies,
): (RequestHandler | ErrorRequestHandler)[] {
  return endpointOf(paymentEndpoints, 'createCheckout').handlers(deps, deps.guards);
}

/** Stripe's events are at most a few kilobytes; anything far larger is not from Stripe. */
const WEBHOOK_BODY_LIMIT = '512kb';

/**
 * POST /api/payments/webhook: the raw body (the signature is over the exact bytes), verified,
 * stored once and queued; answered at once so the provider never waits for our work.
 */
export const paymentWebhookEndpoints = endpointGroup<{ inbox: PaymentEventInbox }>('payments', [
  endpoint({
    method: 'post',
    path: '/api/payments/webhook',
    operationId: 'receivePaymentEvent',
    summary: "The payment provider's events (Stripe webhook)",
    description:
      'Verified against the `Stripe-Signature` header over the exact bytes received, stored ' +
      'once and handled in the background.',
    access: 'public',
    request: {
      headers: [
        {
          name: 'Stripe-Signature',
          in: 'header',
          required: true,
          description: "The provider's signature of the body.",
          schema: { type: 'string' },
        },
      ],
      body: describedBody({
        required: true,
        description: 'A Stripe event, byte for byte as the provider sent it.',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { id: { type: 'string' }, type: { type: 'string' } },
              required: ['id', 'type'],
            },
          },
        },
      }),
    },
    responses: {
      '200': jsonResponse('Received.', z.object({ received: z.literal(true) })),
      '400': errorResponse('The signature does not match the body.'),
    },
    // Far over what Stripe sends: refused while it streams in.
    errors: ['PayloadTooLarge'],
    fuzz: { refusal: 'credential', body: 'webhook' },
    // The signature is over the exact bytes: read raw, verified by the inbox.
    receive: () => [express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT })],
    handle: async ({ req, res }, deps) => {
      const body: unknown = req.body;
      const rawBody = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      try {
        const { eventId, duplicate } = await deps.inbox.receive(
          rawBody,
          req.get('Stripe-Signature'),
        );
        req.log.info({ eventId, duplicate }, 'payment event received');
        res.json({ received: true });
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          throw new DomainError('invalid', PaymentMessages.invalidSignature);
        }
        throw error;
      }
    },
  }),
]);

/** Mounted on the app itself, before any JSON parser: the signature is over the raw bytes. */
export function paymentWebhookRoute(deps: { inbox: PaymentEventInbox; guards: Guards }): Router {
  return mountEndpoints(express.Router(), paymentWebhookEndpoints, deps, {
    guards: deps.guards,
    mountedAt: '',
  });
}
