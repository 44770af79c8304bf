import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { queryKeys } from '../../api/query-keys';
import { fetchPublishedReviews } from '../../api/reviews-api';
import { customerReviewsContent as copy } from '../../content/review-content';
import { TESTIMONIAL_MAX_RATING, testimonialRatingLabel } from '../../content/testimonial-content';
import { useIdleAfter } from '../../hooks/use-idle-after';
import './CustomerReviews.css';

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** 'November 25, 2026' for '2026-11-25' (a calendar date: no time zone moves it). */
const dayLabel = (isoDate: string): string => dayFormat.format(new Date(`${isoDate}T12:00:00Z`));

interface CustomerReviewsProps {
  /** The level of the block's heading, under the section around it (or 2 standing alone). */
  readonly headingLevel: 2 | 3;
  /** How many of the latest approved reviews to show. */
  readonly shown?: number;
}

/**
 * The approved reviews of visits booked on this site: their count and average, and the latest
 * few, beside the static testimonials and their overall rating (which stay whatever this shows,
 * so the words say which reviews these are). Asked for once the page has painted and the browser
 * is idle, not when the block nears the viewport: a reader who jumps past it (a link to the
 * page's end, the End key) never has it cross the viewport, and never saw the reviews. It takes no
 * room until there is something to show, and sits after what a visitor sees first, so it moves
 * nothing in view. Without approved reviews it shows nothing.
 */
export function CustomerReviews({ headingLevel, shown = 3 }: CustomerReviewsProps) {
  const headingId = useId();
  const wanted = useIdleAfter(true);
  // Reviews are extra: without them (not asked yet, or failed) the page keeps its testimonials.
  const { data: published } = useQuery({
    queryKey: queryKeys.publishedReviews(),
    queryFn: ({ signal }) => fetchPublishedReviews(signal),
    enabled: wanted,
  });

  if (published === undefined || published.count === 0 || published.reviews.length === 0) {
    return null;
  }
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="customer-reviews" aria-labelledby={headingId}>
      <Heading id={headingId} className="customer-reviews__heading">
        {copy.heading}
      </Heading>
      <p className="customer-reviews__summary">
        <span className="customer-reviews__star" aria-hidden="true">
          ★
        </span>{' '}
        {copy.summary(published.average, published.count)}
      </p>
      <p className="customer-reviews__source">{copy.source}</p>
      <ul className="customer-reviews__list" aria-label={copy.listLabel}>
        {published.reviews.slice(0, shown).map((review) => (
          <li key={review.id} className="customer-reviews__item">
            <figure className="customer-review">
              <p className="customer-review__rating">
                <span aria-hidden="true">
                  {'★'.repeat(review.rating)}
                  {'☆'.repeat(Math.max(0, TESTIMONIAL_MAX_RATING - review.rating))}
                </span>
                <span className="visually-hidden">{testimonialRatingLabel(review.rating)}</span>
              </p>
              {/* Plain text as the customer typed it: React writes it as text, never as markup. */}
              <blockquote className="customer-review__text">
                <p>{review.text}</p>
              </blockquote>
              <figcaption className="customer-review__author">
                <span className="customer-review__name">{review.name}</span>
                <span className="customer-review__meta">
                  {copy.service(review.service)},{' '}
                  <time dateTime={review.date}>{dayLabel(review.date)}</time>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
