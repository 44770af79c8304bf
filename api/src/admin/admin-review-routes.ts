import express, { type Router } from 'express';
import { z } from 'zod';
import { signedInUser } from '../accounts/require-auth';
import { ReviewMessages } from '../domain/review/review-messages';
import { moderationSchema, reviewStatusField } from '../domain/review/review-schema';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { jsonResponse } from '../http/openapi/shared-responses';
import { jsonBody, pathParams, queryOf } from '../http/request-schemas';
import { adminReviewListSchema, adminReviewViewSchema } from '../reviews/review-answers';
import type { ReviewService } from '../reviews/review-service';
import type { AdminReviewList } from '../domain/review/review-schema';
import { BOOKING_ID_PATTERN } from '../domain/booking/booking-id';
import { CURSORS } from './admin-answers';
import { newestFirstCursors, oneWayOnly, withCursors } from './list-cursor';

export interface AdminReviewRouteDependencies {
  reviews: ReviewService;
  guards: Guards;
}

const listQuery = z.object({
  status: reviewStatusField.optional(),
  // A review's id is its visit's booking id.
  ...newestFirstCursors(BOOKING_ID_PATTERN),
});

/** GET /admin/reviews?status= (newest first, with the counts) and PATCH /admin/reviews/:id. */
export const adminReviewEndpoints = endpointGroup<AdminReviewRouteDependencies>('admin', [
  endpoint({
    method: 'get',
    path: '/api/admin/reviews',
    operationId: 'adminListReviews',
    summary: 'Customer reviews, newest first',
    description:
      'Pages are read by key: `next` (older, further down the list) and `previous` (newer) ' +
      'are places to send back as `after` and `before`, null at the ends. `total` counts what ' +
      'the status filter finds; `counts` the reviews in each status.',
    access: 'admin',
    request: {
      query: queryOf(listQuery, { status: 'Only reviews in this status.', ...CURSORS }),
    },
    responses: { '200': jsonResponse('A page of reviews.', adminReviewListSchema) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handle: async ({ query, res }, deps) => {
      oneWayOnly(query);
      const list: AdminReviewList = withCursors(await deps.reviews.list(query));
      res.json(list);
    },
  }),
  endpoint({
    method: 'patch',
    path: '/api/admin/reviews/{id}',
    operationId: 'adminModerateReview',
    summary: 'Approve a review (the site shows it) or hide it',
    access: 'admin',
    request: {
      params: pathParams({ id: 'The review id (its visit’s booking id).' }),
      body: jsonBody(moderationSchema),
    },
    responses: {
      '200': jsonResponse(
        'Moderated.',
        z.object({ review: adminReviewViewSchema, message: z.string() }),
      ),
    },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'body',
    handle: async ({ params, body, req, res }, deps) => {
      const adminId = signedInUser(req.user).id as string;
      const review = await deps.reviews.moderate(params.id, body.status, adminId);
      res.json({ review, message: ReviewMessages.moderated(body.status) });
    },
  }),
]);

export function adminReviewRoutes(deps: AdminReviewRouteDependencies): Router {
  return mountEndpoints(express.Router(), adminReviewEndpoints, deps, { guards: deps.guards });
}
