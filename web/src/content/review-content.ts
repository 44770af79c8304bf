import { REVIEW_LIMITS } from '@hs/api/domain/review/review-messages';

/**
 * The words of the review page and of the approved reviews the home and services pages show. The
 * API's messages (link refused, thanks, field errors) come from @hs/api/domain/review.
 */

export const reviewPageContent = {
  title: 'Review your visit',
  loading: 'Loading your visit…',
  greeting: (firstName: string) => (firstName === '' ? 'Hello,' : `Hello ${firstName},`),
  visit: (service: string, day: string) => `Your ${service} visit on ${day}`,
  intro: 'Tell us how it went. Your first name and the initial of your last name appear with it.',
  ratingLegend: 'How would you rate the visit?',
  starLabel: (stars: number) => `${String(stars)} star${stars === 1 ? '' : 's'}`,
  textLabel: 'Your review',
  textHint: `Plain text, ${String(REVIEW_LIMITS.minText)} to ${String(REVIEW_LIMITS.maxText)} characters.`,
  counter: (used: number) => `${String(used)} of ${String(REVIEW_LIMITS.maxText)} characters`,
  submit: 'Send my review',
  sending: 'Sending…',
  /** Said under the fields, beside the button. */
  fixErrors: 'Please correct the fields marked above.',
  failed: 'Your visit could not be loaded.',
  sendFailed: 'Your review could not be sent. Please try again.',
  retry: 'Try again',
  thanksTitle: 'Thank you!',
  alreadyTitle: 'Already reviewed',
  home: 'Go to the home page',
  services: 'See our services',
} as const;

/**
 * The approved reviews' block. The testimonials beside it keep the specification's overall claim
 * ("Rated 4.9/5 from 2,500+ reviews"); these words say that this count and average are of
 * reviews of visits booked here, so the two numbers do not read as one contradicting the other.
 */
export const customerReviewsContent = {
  heading: 'What customers who booked here say',
  summary: (average: number, count: number) =>
    `${average.toFixed(1)} out of 5 from ${
      count === 1 ? '1 review of a visit' : `${String(count)} reviews of visits`
    } booked on this site`,
  source: 'Each was left by the customer after the visit, through the link we email them.',
  listLabel: 'Recent reviews',
  service: (service: string) => `${service} visit`,
} as const;
