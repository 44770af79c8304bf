import { z } from 'zod';
import {
  checkoutSchema,
  inPagePaymentSchema,
  type InPagePaymentResult,
  type PaymentSetup,
} from '../../domain/payment/payment-schema';
import type { ApiArea } from './api-operation';
import { errorResponse, jsonResponse, redirectResponse } from './shared-responses';
import { jsonBody } from './zod-to-openapi';

const paymentSetupSchema = z.object({
  provider: z
    .enum(['stripe', 'test', 'none'])
    .describe("'stripe': Stripe's card form; 'test': the test cards; 'none': no payment is taken."),
  publishableKey: z.string().nullable(),
  currency: z.literal('cad'),
}) satisfies z.ZodType<PaymentSetup>;

const inPagePaymentResultSchema = z.object({
  status: z.enum(['succeeded', 'processing', 'requires_action']),
  message: z.string(),
  clientSecret: z
    .string()
    .optional()
    .describe("For 'requires_action': hand it to Stripe.js to finish (3-D Secure)."),
}) satisfies z.ZodType<InPagePaymentResult>;

const notPayable = errorResponse(
  'The booking is not awaiting payment (already paid, cancelled, or a Custom Estimate).',
);

export const paymentArea: ApiArea = {
  tag: 'payments',
  description:
    'Paying for a booking: Stripe Checkout or the in-page card form; the provider reports the ' +
    'outcome to the webhook, and the booking becomes paid then.',
  operations: [
    {
      method: 'get',
      path: '/api/payments/config',
      operationId: 'getPaymentConfig',
      summary: 'How the payment form takes a card',
      access: 'public',
      responses: { '200': jsonResponse('The provider and its public key.', paymentSetupSchema) },
    },
    {
      method: 'post',
      path: '/api/payments/checkout',
      operationId: 'createCheckout',
      summary: "Open the provider's hosted checkout for a booking",
      description:
        'The amount must be the booking’s server-side price. Also served at ' +
        '`POST /api-docs/api/payments`, the path the original site posted to. Each new page ' +
        'extends the booking’s hold, never past its limit; 409 when too little time is left.',
      access: 'bookingOwner',
      requestBody: jsonBody(checkoutSchema),
      responses: {
        '200': jsonResponse(
          'Where to send the browser.',
          z.object({ url: z.string().describe('The checkout page.') }),
        ),
        '409': notPayable,
      },
      errors: ['BadRequest', 'NotFound', 'TooManyRequests', 'ServiceUnavailable'],
    },
    {
      method: 'post',
      path: '/api/payments',
      operationId: 'payInPage',
      summary: 'Pay for a booking with a card token from the in-page form',
      description: 'Card numbers never reach this API: the form turns the card into a token first.',
      access: 'bookingOwner',
      requestBody: jsonBody(inPagePaymentSchema),
      responses: {
        '200': jsonResponse('Where the payment stands.', inPagePaymentResultSchema),
        '402': errorResponse('The card was declined; `reason` says why.'),
        '409': notPayable,
      },
      errors: ['BadRequest', 'NotFound', 'TooManyRequests', 'ServiceUnavailable'],
    },
    {
      method: 'post',
      path: '/api/payments/webhook',
      operationId: 'receivePaymentEvent',
      summary: "The payment provider's events (Stripe webhook)",
      description:
        'Verified against the `Stripe-Signature` header over the exact bytes received, stored ' +
        'once and handled in the background.',
      access: 'public',
      parameters: [
        {
          name: 'Stripe-Signature',
          in: 'header',
          required: true,
          description: "The provider's signature of the body.",
          schema: { type: 'string' },
        },
      ],
      requestBody: {
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
      },
      responses: {
        '200': jsonResponse('Received.', z.object({ received: z.literal(true) })),
        '400': errorResponse('The signature does not match the body.'),
      },
    },
    {
      method: 'get',
      path: '/api/payments/test-checkout/{id}',
      operationId: 'showTestCheckout',
      summary: 'The test provider’s checkout page (HTML)',
      description:
        'Only when payments run on the local test provider (no Stripe keys): the stand-in for ' +
        "Stripe's hosted checkout page.",
      access: 'public',
      pathParameters: { id: 'The checkout session id.' },
      responses: {
        '200': {
          description: 'The page.',
          content: { 'text/html': { schema: { type: 'string' } } },
        },
        '404': errorResponse('No such checkout.'),
        '410': errorResponse('The checkout has expired or is finished.'),
      },
    },
    {
      method: 'post',
      path: '/api/payments/test-checkout/{id}',
      operationId: 'completeTestCheckout',
      summary: 'Pay or decline on the test checkout page',
      access: 'public',
      pathParameters: { id: 'The checkout session id.' },
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: {
                choice: {
                  type: 'string',
                  enum: ['pay', 'decline'],
                  description: 'Which test card: the one that pays or the declined one.',
                },
              },
              required: ['choice'],
            },
          },
        },
      },
      responses: {
        '303': redirectResponse("To the site's success page, or back to the checkout page."),
        '400': errorResponse('No test card chosen.'),
        '404': errorResponse('No such checkout.'),
        '410': errorResponse('The checkout has expired or is finished.'),
      },
    },
  ],
};
