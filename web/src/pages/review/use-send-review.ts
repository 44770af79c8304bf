import type { ReviewVisitView } from '@hs/api/domain/review/review-schema';
import { type QueryClient, useMutation } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { sendReview } from '../../api/reviews-api';

/**
 * Sends the review the link proves. The published reviews do not change (a new review waits for
 * an operator); the visit does, which the page records once it has thanked the customer.
 */
export function useSendReview() {
  return useMutation({ mutationFn: sendReview });
}

/** The visit is reviewed from now on: opened again, the link says so without asking. */
export function markVisitReviewed(client: QueryClient, token: string): void {
  client.setQueryData<ReviewVisitView>(queryKeys.reviewVisit(token), (visit) =>
    visit === undefined ? visit : { ...visit, alreadyReviewed: true },
  );
}
