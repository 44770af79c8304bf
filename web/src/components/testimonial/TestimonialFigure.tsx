import {
  TESTIMONIAL_MAX_RATING,
  testimonialRatingLabel,
  type Testimonial,
} from '../../content/testimonial-content';
import { ResponsiveImage } from '../ResponsiveImage';
import './TestimonialFigure.css';

interface TestimonialFigureProps {
  readonly testimonial: Testimonial;
  /** 'slide' sits in a card of the home page's carousel; 'feature' stands alone, larger. */
  readonly variant: 'slide' | 'feature';
}

/** One testimonial: its stars, the customer's words, and their portrait, name and role. */
export function TestimonialFigure({ testimonial, variant }: TestimonialFigureProps) {
  const { rating } = testimonial;
  return (
    <figure className={`testimonial testimonial--${variant}`}>
      <p className="testimonial__rating">
        <span aria-hidden="true">
          {'★'.repeat(rating)}
          {'☆'.repeat(Math.max(0, TESTIMONIAL_MAX_RATING - rating))}
        </span>
        <span className="visually-hidden">{testimonialRatingLabel(rating)}</span>
      </p>
      <blockquote className="testimonial__quote">
        <p>{testimonial.text}</p>
      </blockquote>
      <figcaption className="testimonial__author">
        <ResponsiveImage image={testimonial.image} sizes="4rem" className="testimonial__avatar" />
        <span>
          <span className="testimonial__name">{testimonial.name}</span>
          <span className="testimonial__role">{testimonial.role}</span>
        </span>
      </figcaption>
    </figure>
  );
}
