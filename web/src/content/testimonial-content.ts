import type { SiteImage } from './images';

/** A customer's words as the home page's carousel and the services page show them. */
export interface Testimonial {
  readonly name: string;
  readonly role: string;
  /** Stars out of TESTIMONIAL_MAX_RATING. */
  readonly rating: number;
  readonly text: string;
  /** Alt text stays empty: the name printed beside the portrait already says who it is. */
  readonly image: SiteImage;
}

export const TESTIMONIAL_MAX_RATING = 5;

/** What a screen reader says in place of the stars. */
export const testimonialRatingLabel = (stars: number) =>
  `${stars} out of ${TESTIMONIAL_MAX_RATING}`;
