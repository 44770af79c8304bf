import type { PublishedReviews } from '@hs/api/domain/review/review-schema';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { fetchPublishedReviews } from '../../api/reviews-api';
import { customerReviewsContent as copy } from '../../content/review-content';
import { TESTIMONIAL_MAX_RATING, testimonialRatingLabel } from '../../content/testimonial-content';
import './CustomerReviews.css';

/** How far ahead of the reader the reviews are asked for: they are there on arrival. */
const LOAD_AHEAD = '800px 0px';

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** 'November 25, 2026' for '2026-11-25' (a calendar date: no time zone moves it). */
const dayLabel = (isoDate: string): string => dayFormat.format(new Date(`${isoDate}T12:00:00Z`));

/** True once the element is near the viewport; at once where IntersectionObserver is missing. */
function useNearViewport(element: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (near || target === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(target);
    return () => {
      observer.disconnect();
    };
  }, [element, near]);
  return near;
}

interface CustomerReviewsProps {
  /** The level of the block's heading, under the section around it (or 2 standing alone). */
  readonly headingLevel: 2 | 3;
  /** How many of the latest approved reviews to show. */
  readonly shown?: number;
}

/**
 * The approved reviews of visits: their count and average, and the latest few, beside the static
 * testimonials (which stay whatever this shows). Asked for only as the reader nears it, after the
 * page has painted, and it takes no room until there is something to show: placed after what a
 * visitor sees first, it moves nothing in view. Without approved reviews it shows nothing.
 */
export function CustomerReviews({ headingLevel, shown = 3 }: CustomerReviewsProps) {
  const headingId = useId();
  const sentinel = useRef<HTMLDivElement>(null);
  const near = useNearViewport(sentinel);
  const [published, setPublished] = useState<PublishedReviews | null>(null);

  useEffect(() => {
    if (!near) return;
    const controller = new AbortController();
    fetchPublishedReviews(controller.signal).then(setPublished, () => {
      // Reviews are extra: without them the page keeps its testimonials and says nothing.
    });
    return () => {
      controller.abort();
    };
  }, [near]);

  if (published === null || published.count === 0 || published.reviews.length === 0) {
    return <div ref={sentinel} />;
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
