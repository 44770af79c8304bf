import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { subscribeSchema } from '../domain/newsletter/newsletter-schema';
import { NewsletterMessages } from '../domain/newsletter/newsletter-messages';
import { parseBody } from '../http/parse-body';
import type { SubscriptionService } from './subscription-service';
import { noStore } from '../http/no-store';

export interface SubscriptionRouteDependencies {
  subscriptions: SubscriptionService;
  subscribeLimit: RequestHandler;
}

export const signedLink = z.object({
  subscriber: z.string().max(100).default(''),
  token: z.string().max(200).default(''),
});

/** The link's fields, from the query (emails, one-click) or from a JSON body (the site's pages). */
function linkOf(query: unknown, body: unknown) {
  const fromQuery = parseBody(signedLink, { ...(query as object) });
  if (fromQuery.subscriber) return fromQuery;
  return parseBody(signedLink, typeof body === 'object' && body !== null ? body : {});
}

/**
 * POST /subscribe (SPEC.md section 7: {msg} or {error}), and the two signed links of the double
 * opt-in: confirm, and unsubscribe, which also takes RFC 8058's one-click POST
 * (`List-Unsubscribe=One-Click`, form-encoded, sent by the mail client itself).
 */
export function subscriptionRoutes(deps: SubscriptionRouteDependencies): Router {
  const router = express.Router();

  router.post('/subscribe', noStore, deps.subscribeLimit, async (req, res) => {
    const { email } = parseBody(subscribeSchema, req.body ?? {});
    await deps.subscriptions.subscribe(email);
    res.json({ msg: NewsletterMessages.checkInbox });
  });

  router.post('/newsletter/confirm', noStore, deps.subscribeLimit, async (req, res) => {
    const { subscriber, token } = linkOf(req.query, req.body);
    await deps.subscriptions.confirm(subscriber, token);
    res.json({ message: NewsletterMessages.confirmed });
  });

  router.post(
    '/newsletter/unsubscribe',
    noStore,
    express.urlencoded({ extended: false, limit: '1kb' }),
    async (req, res) => {
      const { subscriber, token } = linkOf(req.query, req.body);
      await deps.subscriptions.unsubscribe(subscriber, token);
      res.json({ message: NewsletterMessages.unsubscribed });
    },
  );

  return router;
}
