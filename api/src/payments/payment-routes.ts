import express, { type RequestHandler, type Router } from 'express';
import type { AuthTokens } from '../accounts/auth-tokens';
import { identifyUser } from '../accounts/require-auth';
import { ownershipProof } from '../bookings/booking-routes';
import {
  checkoutSchema,
  inPagePaymentSchema,
  type PaymentSetup,
} from '../domain/payment/payment-schema';
import { PaymentMessages } from '../domain/payment/payment-messages';
import { DomainError } from '../domain/domain-error';
import { parseBody } from '../http/parse-body';
import type { Logger } from '../platform/logger';
import type { PaymentEventInbox } from './payment-event-inbox';
import { WebhookSignatureError } from './payment-provider';
import type { PaymentService } from './payment-service';
import { noStore } from '../http/no-store';

export interface PaymentRouteDependencies {
  payments: PaymentService;
  setup: PaymentSetup;
  inbox: PaymentEventInbox;
  tokens: AuthTokens;
  logger: Logger;
  formLimit: RequestHandler;
}

/** POST /payments/checkout, also served at the path the original front end used. */
export function checkoutHandlers(deps: PaymentRouteDependencies): RequestHandler[] {
  return [
    noStore,
    deps.formLimit,
    identifyUser(deps.tokens),
    async (req, res) => {
      const input = parseBody(checkoutSchema, req.body);
      res.json(await deps.payments.checkout(input, ownershipProof(req, input.token)));
    },
  ];
}

/** JSON payment calls; mounted under /api after its JSON body parser. */
export function paymentRoutes(deps: PaymentRouteDependencies): Router {
  const router = express.Router();
  router.get('/payments/config', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(deps.setup);
  });
  router.post('/payments/checkout', ...checkoutHandlers(deps));
  router.post('/payments', noStore, deps.formLimit, identifyUser(deps.tokens), async (req, res) => {
    const input = parseBody(inPagePaymentSchema, req.body);
    res.json(await deps.payments.payInPage(input, ownershipProof(req, input.token)));
  });
  return router;
}

/** Stripe's events are at most a few kilobytes; anything far larger is not from Stripe. */
const WEBHOOK_BODY_LIMIT = '512kb';

/**
 * POST /api/payments/webhook: the raw body (the signature is over the exact bytes), verified,
 * stored once and queued; answered at once so the provider never waits for our work.
 */
export function paymentWebhookRoute(deps: { inbox: PaymentEventInbox }): Router {
  const router = express.Router();
  router.post(
    '/api/payments/webhook',
    express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
    async (req, res) => {
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
  );
  return router;
}
