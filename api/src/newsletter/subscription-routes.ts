import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { subscribeSchema } from '../domain/newsletter/newsletter-schema';
import { NewsletterMessages } from '../domain/newsletter/newsletter-messages';
import { endpointGroup, mountEndpoints } from '../http/endpoint';
import { errorResponse, jsonResponse, messageBodySchema } from '../http/openapi/shared-responses';
import { jsonBody, jsonSchemaOf, queryParameters } from '../http/openapi/zod-to-openapi';
import { parseBody } from '../http/parse-body';
import type { SubscriptionService } from './subscription-service';
import { noStore } from '../http/no-store';

export interface SubscriptionRouteDependencies {
  subscriptions: SubscriptionService;
  subscribeLimit: RequestHandler;
}

const signedLink = z.object({
  subscriber: z.string().max(100).default(''),
  token: z.string().max(200).default(''),
});

/** The link's fields, from the query (emails, one-click) or from a JSON body (the site's pages). */
function linkOf(query: unknown, body: unknown) {
  const fromQuery = parseBody(signedLink, { ...(query as object) });
  if (fromQuery.subscriber) return fromQuery;
  return parseBody(signedLink, typeof body === 'object' && body !== null ? body : {});
}

/** The link's fields come in the query (as emailed) or, when the query has none, in the body. */
const linkParameters = queryParameters(signedLink, {
  subscriber: 'The subscriber id from the emailed link.',
  token: 'The token from the emailed link.',
});
const invalidLink = errorResponse('The link is not valid.');
const LINK_IN_BODY = 'The link’s fields, when the query does not carry them.';

/**
 * POST /subscribe (docs/product.md section 7: {msg} or {error}), and the two signed links of the double
 * opt-in: confirm, and unsubscribe, which also takes RFC 8058's one-click POST
 * (`List-Unsubscribe=One-Click`, form-encoded, sent by the mail client itself).
 */
export const subscriptionEndpoints = endpointGroup<SubscriptionRouteDependencies>('newsletter', [
  {
    method: 'post',
    path: '/api/subscribe',
    operationId: 'subscribe',
    summary: 'Subscribe an address (a confirmation email follows)',
    access: 'public',
    request: { body: jsonBody(subscribeSchema) },
    responses: {
      '200': jsonResponse('Check the inbox.', z.object({ msg: z.string() })),
    },
    errors: ['BadRequest', 'TooManyRequests'],
    fuzz: 'body',
    handlers: (deps) => [
      noStore,
      deps.subscribeLimit,
      async (req, res) => {
        const { email } = parseBody(subscribeSchema, req.body ?? {});
        await deps.subscriptions.subscribe(email);
        res.json({ msg: NewsletterMessages.checkInbox });
      },
    ],
  },
  {
    method: 'post',
    path: '/api/newsletter/confirm',
    operationId: 'confirmSubscription',
    summary: 'Confirm a subscription from the emailed link',
    access: 'signedLink',
    request: {
      query: linkParameters,
      body: {
        required: false,
        description: LINK_IN_BODY,
        content: { 'application/json': { schema: jsonSchemaOf(signedLink) } },
      },
    },
    responses: { '200': jsonResponse('Confirmed.', messageBodySchema), '403': invalidLink },
    errors: ['BadRequest', 'TooManyRequests'],
    fuzz: 'credential',
    handlers: (deps) => [
      noStore,
      deps.subscribeLimit,
      async (req, res) => {
        const { subscriber, token } = linkOf(req.query, req.body);
        await deps.subscriptions.confirm(subscriber, token);
        res.json({ message: NewsletterMessages.confirmed });
      },
    ],
  },
  {
    method: 'post',
    path: '/api/newsletter/unsubscribe',
    operationId: 'unsubscribe',
    summary: 'Unsubscribe, from the emailed link or by one-click (RFC 8058)',
    description:
      'Mail clients post `List-Unsubscribe=One-Click` form-encoded to the link in the ' +
      '`List-Unsubscribe` header, which carries the link’s fields in its query.',
    access: 'signedLink',
    request: {
      query: linkParameters,
      body: {
        required: false,
        description: LINK_IN_BODY,
        content: {
          'application/json': { schema: jsonSchemaOf(signedLink) },
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: { 'List-Unsubscribe': { type: 'string', const: 'One-Click' } },
            },
          },
        },
      },
    },
    responses: { '200': jsonResponse('Unsubscribed.', messageBodySchema), '403': invalidLink },
    errors: ['BadRequest'],
    fuzz: 'credential',
    handlers: (deps) => [
      noStore,
      express.urlencoded({ extended: false, limit: '1kb' }),
      async (req, res) => {
        const { subscriber, token } = linkOf(req.query, req.body);
        await deps.subscriptions.unsubscribe(subscriber, token);
        res.json({ message: NewsletterMessages.unsubscribed });
      },
    ],
  },
]);

export function subscriptionRoutes(deps: SubscriptionRouteDependencies): Router {
  return mountEndpoints(express.Router(), subscriptionEndpoints, deps);
}
