import type {
  PublishedReviews,
  ReviewForm,
  ReviewVisitView,
} from '@hs/api/domain/review/review-schema';
import { apiRequest } from './api-client';

/** The review page's calls: the visit its emailed link proves, and the review sent through it. */

export function fetchReviewVisit(token: string, signal?: AbortSignal): Promise<ReviewVisitView> {
  const query = new URLSearchParams({ token });
  return apiRequest<ReviewVisitView>(`/api/reviews/visit?${query.toString()}`, { signal });
}

export function sendReview(form: ReviewForm): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/reviews', { method: 'POST', body: form });
}

function isPublishedReviews(body: unknown): body is PublishedReviews {
  if (typeof body !== 'object' || body === null) return false;
  const { count, average, reviews } = body as Record<string, unknown>;
  return typeof count === 'number' && typeof average === 'number' && Array.isArray(reviews);
}

/** The approved reviews; an answer of another shape counts as none, so the page adds nothing. */
export async function fetchPublishedReviews(signal?: AbortSignal): Promise<PublishedReviews> {
  const body = await apiRequest<unknown>('/api/reviews', { signal });
  return isPublishedReviews(body) ? body : { count: 0, average: 0, reviews: [] };
}
