import type { ModerationStatus, ReviewStatus } from '@hs/api/domain/review/review-messages';
import type { AdminReviewList, AdminReviewView } from '@hs/api/domain/review/review-schema';
import { apiRequest } from './api-client';

/** The operators' review calls, behind an admin's Bearer token. */

export interface ReviewFilter {
  /** A review status, or '' for every status. */
  status: ReviewStatus | '';
  page: number;
}

export function fetchAdminReviews(
  token: string,
  filter: ReviewFilter,
  signal?: AbortSignal,
): Promise<AdminReviewList> {
  const query = new URLSearchParams({ page: String(filter.page) });
  if (filter.status !== '') query.set('status', filter.status);
  return apiRequest<AdminReviewList>(`/api/admin/reviews?${query.toString()}`, { token, signal });
}

export interface Moderation {
  review: AdminReviewView;
  message: string;
}

export function moderateReview(
  token: string,
  reviewId: string,
  status: ModerationStatus,
): Promise<Moderation> {
  return apiRequest<Moderation>(`/api/admin/reviews/${encodeURIComponent(reviewId)}`, {
    method: 'PATCH',
    token,
    body: { status },
  });
}
