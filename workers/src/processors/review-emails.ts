import { jobs } from '@hs/api/jobs/job-definitions';
import type { OnceSender } from '@hs/api/mail/send-once';
import type { ReviewService } from '@hs/api/reviews/review-service';
import { defineProcessor, type Processor } from '../processor';

export interface ReviewEmailDependencies {
  sender: OnceSender;
  reviews: Pick<ReviewService, 'reviewRequest'>;
}

/**
 * The morning after a visit was done: the thank-you with its review link. The review service
 * decides, from the booking as it is now, whether it still applies; it is sent at most once.
 */
export function reviewEmailProcessors(deps: ReviewEmailDependencies): Processor[] {
  const job = jobs.reviewRequestEmail;
  return [
    defineProcessor(job, async ({ bookingId }, { jobId, log }) => {
      const request = await deps.reviews.reviewRequest(bookingId);
      if (request.kind === 'skip') {
        log.info({ bookingId, why: request.why }, 'review request no longer applies; not sent');
        return;
      }
      const result = await deps.sender.send(`${job.name}:${jobId}`, request.message);
      log.info({ bookingId, result }, 'review request handled');
    }),
  ];
}
