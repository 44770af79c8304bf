import type { ModerationStatus, ReviewStatus } from '@hs/api/domain/review/review-messages';
import type { AdminReviewList, AdminReviewView } from '@hs/api/domain/review/review-schema';
import type { ListPlace } from './admin-api';
import { apiRequest } from './api-client';

/** The operators' review calls, behind an admin's Bearer token. */

export interface ReviewFilter extends ListPlace {
  /** A review status, or '' for every status. */
  status: ReviewStatus | '';
}

export function fetchAdminReviews(
  token: string,
  filter: ReviewFilter,
  signal?: AbortSignal,
): Promise<AdminReviewList> {
  const query = new URLSearchParams();
  // The filter, then the place in its list; those left empty are not sent.
  for (const name of ['status', 'after', 'before'] as const) {
    if (filter[name] !== '') query.set(name, filter[name]);
  }
  const text = query.toString();
  return apiRequest<AdminReviewList>(`/api/admin/reviews${text === '' ? '' : `?${text}`}`, {
    token,
    signal,
  });
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
