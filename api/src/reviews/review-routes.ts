import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { SERVICES } from '../domain/booking/catalogue';
import { ReviewMessages } from '../domain/review/review-messages';
import { reviewFormSchema, reviewTokenField } from '../domain/review/review-schema';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { noStore } from '../http/no-store';
import { errorResponse, jsonResponse, messageBodySchema } from '../http/openapi/shared-responses';
import { jsonBody, queryOf } from '../http/request-schemas';
import { publishedReviewsSchema, reviewVisitSchema } from './review-answers';
import type { ReviewService } from './review-service';

export interface ReviewRouteDependencies {
  reviews: ReviewService;
  reviewLimit: RequestHandler;
  guards: Guards;
}

const SERVICE_IDS = SERVICES.map((service) => service.id);

const visitQuery = z.object({ token: reviewTokenField });

const listQuery = z.object({
  service: z
    .string({ error: 'service must be a service id.' })
    .refine((id) => SERVICE_IDS.includes(id), 'service must be a service id.')
    .optional(),
});

/** The answers to a link that proves nothing, or no longer proves a visit to review. */
const linkRefusals = {
  '404': errorResponse(ReviewMessages.linkInvalid),
  '409': errorResponse(
    'A review was already left through this link, or the visit can no longer be reviewed.',
  ),
  '410': errorResponse(ReviewMessages.linkExpired),
};

/**
 * The review page's two calls (the visit the emailed link proves, and the review sent through
 * it) and the approved reviews the home and services pages show.
 */
export const reviewEndpoints = endpointGroup<ReviewRouteDependencies>('reviews', [
  endpoint({
    method: 'get',
    path: '/api/reviews/visit',
    operationId: 'getReviewVisit',
    summary: 'The visit a review link is for',
    description:
      'What the review page shows before its form: the service, the visit’s day and the ' +
      'customer’s first name, and whether a review was already left through the link.',
    access: 'signedLink',
    request: {
      query: queryOf(visitQuery, { token: 'The token of the emailed review link.' }),
    },
    responses: {
      '200': jsonResponse('The visit.', reviewVisitSchema),
      '404': linkRefusals['404'],
      '409': errorResponse('The visit can no longer be reviewed.'),
      '410': linkRefusals['410'],
    },
    errors: ['BadRequest'],
    fuzz: 'reads',
    before: () => [noStore],
    handle: async ({ query, res }, deps) => {
      res.json(await deps.reviews.visit(query.token));
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/reviews',
    operationId: 'sendReview',
    summary: 'Review a visit through its emailed link',
    description:
      'One review per visit: 1 to 5 whole stars and plain text, kept as typed and shown as text. ' +
      'It appears on the site once an operator approves it.',
    access: 'signedLink',
    request: { body: jsonBody(reviewFormSchema) },
    responses: { '201': jsonResponse('Received.', messageBodySchema), ...linkRefusals },
    errors: ['BadRequest', 'TooManyRequests'],
    fuzz: 'credential',
    before: (deps) => [noStore, deps.reviewLimit],
    // The whole form is checked before the link: a bad rating with a good link changes nothing.
    handle: async ({ body, res }, deps) => {
      await deps.reviews.submit(body);
      res.status(201).json({ message: ReviewMessages.thanks });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/reviews',
    operationId: 'listReviews',
    summary: 'Approved reviews: their count, average and the latest few',
    access: 'public',
    request: {
      query: queryOf(listQuery, { service: 'Only reviews of this service (its id).' }),
    },
    responses: { '200': jsonResponse('The approved reviews.', publishedReviewsSchema) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handle: async ({ query, res }, deps) => {
      const published = await deps.reviews.published(query.service);
      // The same for every visitor, and a review takes an operator's approval to appear anyway.
      res.setHeader('Cache-Control', 'public, max-age=60');
      res.json(published);
    },
  }),
]);

export function reviewRoutes(deps: ReviewRouteDependencies): Router {
  return mountEndpoints(express.Router(), reviewEndpoints, deps, { guards: deps.guards });
}
