import express, { type Router } from 'express';
import { z } from 'zod';
import type { AuthTokens } from '../accounts/auth-tokens';
import { signedInUser } from '../accounts/require-auth';
import { ReviewMessages } from '../domain/review/review-messages';
import { moderationSchema, reviewStatusField } from '../domain/review/review-schema';
import { endpointGroup, mountEndpoints } from '../http/endpoint';
import { jsonResponse } from '../http/openapi/shared-responses';
import { jsonBody, queryParameters } from '../http/openapi/zod-to-openapi';
import { parseBody } from '../http/parse-body';
import { adminReviewListSchema, adminReviewViewSchema } from '../reviews/review-answers';
import type { ReviewService } from '../reviews/review-service';
import { PAGE } from './admin-answers';
import { adminOnly } from './admin-guard';
import { pageParam } from '../domain/admin/admin-query';

export interface AdminReviewRouteDependencies {
  tokens: AuthTokens;
  reviews: ReviewService;
}

const listQuery = z.object({ status: reviewStatusField.optional(), page: pageParam });

/** GET /admin/reviews?status= (newest first, with the counts) and PATCH /admin/reviews/:id. */
export const adminReviewEndpoints = endpointGroup<AdminReviewRouteDependencies>('admin', [
  {
    method: 'get',
    path: '/api/admin/reviews',
    operationId: 'adminListReviews',
    summary: 'Customer reviews, newest first',
    access: 'admin',
    request: {
      query: queryParameters(listQuery, { status: 'Only reviews in this status.', ...PAGE }),
    },
    responses: { '200': jsonResponse('A page of reviews.', adminReviewListSchema) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handlers: (deps) => [
      ...adminOnly(deps.tokens),
      async (req, res) => {
        const query = parseBody(listQuery, { ...req.query });
        res.json(await deps.reviews.list(query));
      },
    ],
  },
  {
    method: 'patch',
    path: '/api/admin/reviews/{id}',
    operationId: 'adminModerateReview',
    summary: 'Approve a review (the site shows it) or hide it',
    access: 'admin',
    request: {
      params: { id: 'The review id (its visit’s booking id).' },
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
    handlers: (deps) => [
      ...adminOnly(deps.tokens),
      async (req, res) => {
        const { status } = parseBody(moderationSchema, req.body);
        const adminId = signedInUser(req.user).id as string;
        const review = await deps.reviews.moderate(String(req.params.id), status, adminId);
        res.json({ review, message: ReviewMessages.moderated(status) });
      },
    ],
  },
]);

export function adminReviewRoutes(deps: AdminReviewRouteDependencies): Router {
  return mountEndpoints(express.Router(), adminReviewEndpoints, deps);
}
