import { z } from 'zod';
import { subscribeSchema } from '../../domain/newsletter/newsletter-schema';
import { signedLink } from '../../newsletter/subscription-routes';
import type { ApiArea } from './api-operation';
import { errorResponse, jsonResponse, messageBodySchema } from './shared-responses';
import { jsonBody, jsonSchemaOf, queryParameters } from './zod-to-openapi';

const LINK_FIELDS = {
  subscriber: 'The subscriber id from the emailed link.',
  token: 'The token from the emailed link.',
};

/** The link's fields come in the query (as emailed) or, when the query has none, in the body. */
const linkParameters = queryParameters(signedLink, LINK_FIELDS);
const invalidLink = errorResponse('The link is not valid.');

export const newsletterArea: ApiArea = {
  tag: 'newsletter',
  description: 'Subscribing with double opt-in, confirming, and unsubscribing.',
  operations: [
    {
      method: 'post',
      path: '/api/subscribe',
      operationId: 'subscribe',
      summary: 'Subscribe an address (a confirmation email follows)',
      access: 'public',
      requestBody: jsonBody(subscribeSchema),
      responses: {
        '200': jsonResponse('Check the inbox.', z.object({ msg: z.string() })),
      },
      errors: ['BadRequest', 'TooManyRequests'],
    },
    {
      method: 'post',
      path: '/api/newsletter/confirm',
      operationId: 'confirmSubscription',
      summary: 'Confirm a subscription from the emailed link',
      access: 'signedLink',
      parameters: linkParameters,
      requestBody: {
        required: false,
        description: 'The link’s fields, when the query does not carry them.',
        content: { 'application/json': { schema: jsonSchemaOf(signedLink) } },
      },
      responses: { '200': jsonResponse('Confirmed.', messageBodySchema), '403': invalidLink },
      errors: ['BadRequest', 'TooManyRequests'],
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
      parameters: linkParameters,
      requestBody: {
        required: false,
        description: 'The link’s fields, when the query does not carry them.',
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
      responses: { '200': jsonResponse('Unsubscribed.', messageBodySchema), '403': invalidLink },
      errors: ['BadRequest'],
    },
  ],
};
