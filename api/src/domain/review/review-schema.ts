import '../zod-config';
import { z } from 'zod';
import type { KeyedPage } from '../admin/admin-views';
import { plainText } from '../form-fields';
import {
  MODERATION_STATUSES,
  REVIEW_LIMITS,
  REVIEW_STATUSES,
  ReviewMessages,
  type ReviewStatus,
} from './review-messages';

/**
 * The review form and the review answers, shared by the API and the site's review page.
 * Browser-safe: zod and domain/ only.
 */

/** The emailed link's token; its shape is checked by the signer, not here. */
export const reviewTokenField = z
  .string({ error: ReviewMessages.linkInvalid })
  .min(1, ReviewMessages.linkInvalid)
  .max(200, ReviewMessages.linkInvalid);

/** Whole stars only: 2.5, '5' or 6 are refused rather than rounded. */
export const reviewRatingField = z
  .number({ error: ReviewMessages.ratingRequired })
  .int(ReviewMessages.ratingRequired)
  .min(REVIEW_LIMITS.minRating, ReviewMessages.ratingRequired)
  .max(REVIEW_LIMITS.maxRating, ReviewMessages.ratingRequired);

/**
 * Plain text, kept as typed (trimmed): markup stays characters and is only ever shown as text.
 * Paragraphs, so line breaks and tabs are allowed and no hidden control or direction character.
 */
export const reviewTextField = plainText(
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? ReviewMessages.textRequired : 'Your review must be text.',
    })
    .trim()
    .min(1, ReviewMessages.textRequired)
    .min(REVIEW_LIMITS.minText, ReviewMessages.textTooShort)
    .max(REVIEW_LIMITS.maxText, ReviewMessages.textTooLong),
  'Your review',
  'paragraphs',
);

export const reviewFormSchema = z.object({
  token: reviewTokenField,
  rating: reviewRatingField,
  text: reviewTextField,
});

export type ReviewForm = z.infer<typeof reviewFormSchema>;

export const reviewStatusField = z.enum(REVIEW_STATUSES, {
  error: `status must be one of: ${REVIEW_STATUSES.join(', ')}.`,
});

export const moderationSchema = z.object({
  status: z.enum(MODERATION_STATUSES, {
    error: `status must be one of: ${MODERATION_STATUSES.join(', ')}.`,
  }),
});

/** What the review page shows before the form: the visit the link proves. */
export interface ReviewVisitView {
  serviceId: string;
  service: string;
  /** YYYY-MM-DD, the visit's day in Toronto. */
  date: string;
  firstName: string;
  /** A review was left through this link already: the page thanks instead of asking again. */
  alreadyReviewed: boolean;
}

/** An approved review as the site shows it: the reviewer's first name and last initial only. */
export interface PublishedReview {
  id: string;
  name: string;
  rating: number;
  text: string;
  serviceId: string;
  service: string;
  /** YYYY-MM-DD in Toronto, when the review was written. */
  date: string;
}

/** GET /api/reviews: the approved reviews' count and average, and the latest of them. */
export interface PublishedReviews {
  count: number;
  /** Out of 5, to one decimal; 0 without reviews. */
  average: number;
  reviews: PublishedReview[];
}

export interface AdminReviewView extends PublishedReview {
  status: ReviewStatus;
  /** The booking's reference, to find the visit in the bookings list. */
  reference: string;
  createdAt: string;
  moderatedAt: string | null;
  moderatedBy: string | null;
}

/** `GET /api/admin/reviews?status=<status>&after=<place>` (or `before`), newest first. */
export interface AdminReviewList extends KeyedPage {
  reviews: AdminReviewView[];
  counts: Record<ReviewStatus, number>;
}
