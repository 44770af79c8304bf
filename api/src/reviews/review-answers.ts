import { z } from 'zod';
import { REVIEW_STATUSES } from '../domain/review/review-messages';
import type {
  AdminReviewList,
  AdminReviewView,
  PublishedReview,
  PublishedReviews,
  ReviewVisitView,
} from '../domain/review/review-schema';
import { keyedPageFields } from '../domain/admin/keyed-page-fields';

/** The shapes of the review routes' answers, for the API reference (they check nothing). */

export const reviewVisitSchema = z.object({
  serviceId: z.string(),
  service: z.string().describe('The service’s title: Painting.'),
  date: z.string().describe('The visit’s day, YYYY-MM-DD (Toronto).'),
  firstName: z.string(),
  alreadyReviewed: z.boolean().describe('A review was already left through this link.'),
}) satisfies z.ZodType<ReviewVisitView>;

const publishedReviewSchema = z.object({
  id: z.string(),
  name: z.string().describe('First name and last initial: Maya S.'),
  rating: z.number().int().describe('Stars, 1 to 5.'),
  text: z.string().describe('Plain text as the customer typed it: show it as text, never as HTML.'),
  serviceId: z.string(),
  service: z.string(),
  date: z.string().describe('When it was written, YYYY-MM-DD (Toronto).'),
}) satisfies z.ZodType<PublishedReview>;

export const publishedReviewsSchema = z.object({
  count: z.number().int().describe('Approved reviews.'),
  average: z.number().describe('Their average rating, to one decimal; 0 without reviews.'),
  reviews: z.array(publishedReviewSchema).describe('The latest approved reviews, newest first.'),
}) satisfies z.ZodType<PublishedReviews>;

export const adminReviewViewSchema = publishedReviewSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  reference: z.string().describe('The booking’s reference.'),
  createdAt: z.string(),
  moderatedAt: z.string().nullable(),
  moderatedBy: z.string().nullable(),
}) satisfies z.ZodType<AdminReviewView>;

export const adminReviewListSchema = z.object({
  reviews: z.array(adminReviewViewSchema),
  counts: z.record(z.string(), z.number().int()).describe('Reviews in each status.'),
  ...keyedPageFields,
}) satisfies z.ZodType<AdminReviewList>;
