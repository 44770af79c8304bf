import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { subscribeSchema } from '../domain/newsletter/newsletter-schema';
import { NewsletterMessages } from '../domain/newsletter/newsletter-messages';
import {
  endpoint,
  endpointGroup,
  mountEndpoints,
  type BodySpec,
  type Guards,
} from '../http/endpoint';
import { errorResponse, jsonResponse, messageBodySchema } from '../http/openapi/shared-responses';
import { jsonBody, queryOf } from '../http/request-schemas';
import type { SubscriptionService } from './subscription-service';
import { noStore } from '../http/no-store';

export interface SubscriptionRouteDependencies {
  subscriptions: SubscriptionService;
  subscribeLimit: RequestHandler;
  guards: Guards;
}

const signedLink = z.object({
  subscriber: z.string().max(100).default(''),
  token: z.string().max(200).default(''),
});

type SignedLink = z.output<typeof signedLink>;

/** The link's fields, from the query (emails, one-click) or from a JSON body (the site's pages). */
function linkOf(query: SignedLink, body: SignedLink): SignedLink {
  return query.subscriber ? query : body;
}

/** The link's fields come in the query (as emailed) or, when the query has none, in the body. */
const linkQuery = queryOf(signedLink, {
  subscriber: 'The subscriber id from the emailed link.',
  token: 'The token from the emailed link.',
});
const invalidLink = errorResponse('The link is not valid.');
const LINK_IN_BODY = 'The link’s fields, when the query does not carry them.';
const linkBody = jsonBody(signedLink, { optional: true, description: LINK_IN_BODY });

/** The link's fields as JSON, or RFC 8058's one-click post, which carries none of them. */
const unsubscribeBody: BodySpec<typeof signedLink> = {
  ...linkBody,
  openapi: {
    ...linkBody.openapi,
    content: {
      ...linkBody.openapi.content,
      'application/x-www-form-urlencoded': {
        schema: {
          type: 'object',
          properties: { 'List-Unsubscribe': { type: 'string', const: 'One-Click' } },
        },
      },
    },
  },
};

/**
 * POST /subscribe (docs/product.md section 7: {msg} or {error}), and the two signed links of the double
 * opt-in: confirm, and unsubscribe, which also takes RFC 8058's one-click POST
 * (`List-Unsubscribe=One-Click`, form-encoded, sent by the mail client itself).
 */
export const subscriptionEndpoints = endpointGroup<SubscriptionRouteDependencies>('newsletter', [
  endpoint({
    method: 'post',
    path: '/api/subscribe',
    operationId: 'subscribe',
    summary: 'Subscribe an address (a confirmation email follows)',
    access: 'public',
    request: { body: jsonBody(subscribeSchema, { missingIsEmpty: true }) },
    responses: {
      '200': jsonResponse('Check the inbox.', z.object({ msg: z.string() })),
    },
    errors: ['BadRequest', 'TooManyRequests'],
    fuzz: 'body',
    before: (deps) => [noStore, deps.subscribeLimit],
    handle: async ({ body, res }, deps) => {
      await deps.subscriptions.subscribe(body.email);
      res.json({ msg: NewsletterMessages.checkInbox });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/newsletter/confirm',
    operationId: 'confirmSubscription',
    summary: 'Confirm a subscription from the emailed link',
    access: 'signedLink',
    request: {
      query: linkQuery,
      body: linkBody,
    },
    responses: { '200': jsonResponse('Confirmed.', messageBodySchema), '403': invalidLink },
    errors: ['BadRequest', 'TooManyRequests'],
    fuzz: 'credential',
    before: (deps) => [noStore, deps.subscribeLimit],
    handle: async ({ query, body, res }, deps) => {
      const { subscriber, token } = linkOf(query, body);
      await deps.subscriptions.confirm(subscriber, token);
      res.json({ message: NewsletterMessages.confirmed });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/newsletter/unsubscribe',
    operationId: 'unsubscribe',
    summary: 'Unsubscribe, from the emailed link or by one-click (RFC 8058)',
    description:
      'Mail clients post `List-Unsubscribe=One-Click` form-encoded to the link in the ' +
      '`List-Unsubscribe` header, which carries the link’s fields in its query.',
    access: 'signedLink',
    request: { query: linkQuery, body: unsubscribeBody },
    responses: { '200': jsonResponse('Unsubscribed.', messageBodySchema), '403': invalidLink },
    errors: ['BadRequest', 'PayloadTooLarge'],
    fuzz: 'credential',
    before: () => [noStore],
    // A mail client's one-click post is form-encoded; its fields are in the query.
    receive: () => [express.urlencoded({ extended: false, limit: '1kb' })],
    handle: async ({ query, body, res }, deps) => {
      const { subscriber, token } = linkOf(query, body);
      await deps.subscriptions.unsubscribe(subscriber, token);
      res.json({ message: NewsletterMessages.unsubscribed });
    },
  }),
]);

export function subscriptionRoutes(deps: SubscriptionRouteDependencies): Router {
  return mountEndpoints(express.Router(), subscriptionEndpoints, deps, { guards: deps.guards });
}
