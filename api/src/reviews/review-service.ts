import type { BookingDocument } from '../bookings/booking-model';
import { BookingModel } from '../bookings/booking-model';
import { serviceTitle } from '../bookings/booking-view';
import { isBookingId } from '../domain/booking/booking-id';
import { torontoDate } from '../domain/calendar/toronto-date';
import { DomainError } from '../domain/domain-error';
import {
  firstNameOf,
  REVIEW_LIMITS,
  REVIEW_STATUSES,
  ReviewMessages,
  reviewerName,
  type ModerationStatus,
  type ReviewStatus,
} from '../domain/review/review-messages';
import type {
  AdminReviewList,
  AdminReviewView,
  PublishedReview,
  PublishedReviews,
  ReviewForm,
  ReviewVisitView,
} from '../domain/review/review-schema';
import type { Clock } from '../platform/clock';
import type { MailMessage } from '../platform/mailer';
import { countsByStatus, isDuplicateKeyError, totalOf } from '../platform/mongo';
import { ADMIN_PAGE_SIZE } from '../domain/admin/admin-views';
import { newestFirstPage, type NewestFirstPlace, type WithPlaces } from '../platform/newest-first';
import { reviewRequestEmail } from './review-emails';
import { readerOf } from '../accounts/typed-text';
import type { ReviewLinks } from './review-links';
import { ReviewModel, type ReviewDocument } from './review-model';

/** Only a visit marked done is reviewed: one called off, refunded or missed did no work to judge. */
const REVIEWABLE = 'done';

function publishedView(review: ReviewDocument): PublishedReview {
  return {
    id: review._id,
    name: review.name,
    rating: review.rating,
    text: review.text,
    serviceId: review.serviceId,
    service: serviceTitle(review.serviceId),
    date: torontoDate(review.createdAt),
  };
}

function adminView(review: ReviewDocument): AdminReviewView {
  return {
    ...publishedView(review),
    status: review.status,
    reference: review.reference,
    createdAt: review.createdAt.toISOString(),
    moderatedAt: review.moderatedAt?.toISOString() ?? null,
    moderatedBy: review.moderatedBy ?? null,
  };
}

/** Tenths of a star: 4.75 shows as 4.8. */
const oneDecimal = (value: number): number => Math.round(value * 10) / 10;

export type ReviewRequest = { kind: 'send'; message: MailMessage } | { kind: 'skip'; why: string };

/**
 * Reviews of visits: the emailed link's visit, a review sent through it (once), the operators'
 * approval, and what the site shows of the approved ones.
 */
export class ReviewService {
  constructor(private readonly deps: { links: ReviewLinks; clock: Clock }) {}

  /** The booking a review link proves; a wrong link and an unknown booking read alike. */
  private async bookingOf(token: unknown): Promise<BookingDocument> {
    const link = this.deps.links.check(token, this.deps.clock.now());
    if (link.kind === 'invalid')
      throw new DomainError('review.link_invalid', ReviewMessages.linkInvalid);
    if (link.kind === 'expired')
      throw new DomainError('review.link_expired', ReviewMessages.linkExpired);
    const booking = await BookingModel.findById(link.bookingId);
    if (!booking) throw new DomainError('review.link_invalid', ReviewMessages.linkInvalid);
    return booking;
  }

  /** What the review page shows: the visit, or that it was reviewed already. */
  async visit(token: unknown): Promise<ReviewVisitView> {
    const booking = await this.bookingOf(token);
    const alreadyReviewed = (await ReviewModel.exists({ _id: booking._id })) !== null;
    if (!alreadyReviewed && booking.status !== REVIEWABLE) {
      throw new DomainError('conflict', ReviewMessages.notReviewable);
    }
    return {
      serviceId: booking.serviceId,
      service: serviceTitle(booking.serviceId),
      date: booking.date,
      firstName: firstNameOf(booking.name),
      alreadyReviewed,
    };
  }

  /** Stores the review, pending an operator's approval; a second one for the visit is refused. */
  async submit(form: ReviewForm): Promise<void> {
    const booking = await this.bookingOf(form.token);
    if (await ReviewModel.exists({ _id: booking._id })) {
      throw new DomainError('review.already_reviewed', ReviewMessages.alreadyReviewed);
    }
    if (booking.status !== REVIEWABLE) {
      throw new DomainError('conflict', ReviewMessages.notReviewable);
    }
    try {
      await ReviewModel.create({
        _id: booking._id,
        reference: booking.reference,
        serviceId: booking.serviceId,
        visitDate: booking.date,
        rating: form.rating,
        text: form.text,
        name: reviewerName(booking.name),
      });
    } catch (error) {
      // The same link sent twice at once: one review is stored, the other is told so.
      if (isDuplicateKeyError(error)) {
        throw new DomainError('review.already_reviewed', ReviewMessages.alreadyReviewed);
      }
      throw error;
    }
  }

  /**
   * The thank-you email with the review link, for the morning after a visit was done: only while
   * the visit is still done and nobody has reviewed it yet (a visit refunded overnight, or reviewed
   * through an earlier email's link, is not asked about).
   */
  async reviewRequest(bookingId: string): Promise<ReviewRequest> {
    const booking = await BookingModel.findById(bookingId);
    if (!booking) return { kind: 'skip', why: 'booking gone' };
    if (booking.status !== REVIEWABLE) return { kind: 'skip', why: `booking is ${booking.status}` };
    if (await ReviewModel.exists({ _id: booking._id })) {
      return { kind: 'skip', why: 'visit already reviewed' };
    }
    return {
      kind: 'send',
      message: reviewRequestEmail(
        booking,
        await readerOf(booking),
        this.deps.links.url(booking._id),
      ),
    };
  }

  /** The approved reviews (of one service, if given): their count, average and the latest few. */
  async published(serviceId?: string): Promise<PublishedReviews> {
    const match = { status: 'approved' as const, ...(serviceId ? { serviceId } : {}) };
    const [stats, latest] = await Promise.all([
      ReviewModel.aggregate<{ count: number; average: number }>([
        { $match: match },
        { $group: { _id: null, count: { $sum: 1 }, average: { $avg: '$rating' } } },
      ]),
      ReviewModel.find(match).sort({ createdAt: -1, _id: -1 }).limit(REVIEW_LIMITS.published),
    ]);
    const summary = stats[0];
    return {
      count: summary?.count ?? 0,
      average: summary ? oneDecimal(summary.average) : 0,
      reviews: latest.map(publishedView),
    };
  }

  /**
   * A page of the operators' list, newest first, read by key (after a place, or before one),
   * with how many reviews stand in each status.
   */
  async list(query: {
    status?: ReviewStatus | undefined;
    after?: NewestFirstPlace | undefined;
    before?: NewestFirstPlace | undefined;
  }): Promise<WithPlaces<AdminReviewList>> {
    const filter = query.status ? { status: query.status } : {};
    const [page, total, counts] = await Promise.all([
      newestFirstPage<ReviewDocument>(ReviewModel, filter, {
        after: query.after,
        before: query.before,
        limit: ADMIN_PAGE_SIZE,
      }),
      totalOf(ReviewModel, filter),
      countsByStatus(ReviewModel, REVIEW_STATUSES),
    ]);
    return {
      reviews: page.rows.map(adminView),
      counts,
      total,
      pageSize: ADMIN_PAGE_SIZE,
      next: page.next,
      previous: page.previous,
    };
  }

  /** An operator approves a review (the site shows it) or hides it (the site stops showing it). */
  async moderate(
    reviewId: string,
    status: ModerationStatus,
    adminId: string,
  ): Promise<AdminReviewView> {
    if (!isBookingId(reviewId)) throw new DomainError('notFound', ReviewMessages.reviewNotFound);
    const review = await ReviewModel.findOneAndUpdate(
      { _id: reviewId },
      { $set: { status, moderatedAt: this.deps.clock.now(), moderatedBy: `admin:${adminId}` } },
      { new: true },
    );
    if (!review) throw new DomainError('notFound', ReviewMessages.reviewNotFound);
    return adminView(review);
  }
}
