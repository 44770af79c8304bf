import { useId } from 'react';
import { CustomerReviews } from '../../../components/reviews/CustomerReviews';
import { TestimonialFigure } from '../../../components/testimonial/TestimonialFigure';
import { homeTimings } from '../../../content/home-content';
import { testimonialsContent as content } from '../../../content/home-later-content';
import type { Testimonial } from '../../../content/testimonial-content';
import { CarouselControls } from './CarouselControls';
import { useRotation } from './use-rotation';
import './Testimonials.css';

function TestimonialCard({
  testimonial,
  label,
}: {
  readonly testimonial: Testimonial;
  /** Only the card shown is a slide; the unseen copies that size the stage are not. */
  readonly label?: string;
}) {
  // The slide is a group around the figure: ARIA does not allow a figure to be a group itself.
  return (
    <div
      className="testimonials__card"
      {...(label === undefined
        ? {}
        : { role: 'group', 'aria-roledescription': 'slide', 'aria-label': label })}
    >
      <TestimonialFigure testimonial={testimonial} variant="slide" />
    </div>
  );
}

/** docs/product.md sections 2 and 4: three testimonials, a new one every 5 s, wrapping both ways. */
export function Testimonials() {
  const headingId = useId();
  const { testimonials } = content;
  const carousel = useRotation(testimonials.length, homeTimings.testimonialMs);
  const shown = testimonials[carousel.index];

  return (
    <section className="testimonials" aria-labelledby={headingId}>
      <h2 id={headingId} className="testimonials__heading">
        {content.heading}
      </h2>
      <p className="testimonials__lead">{content.lead}</p>
      <div
        className="testimonials__carousel"
        role="group"
        aria-roledescription="carousel"
        aria-label={content.carouselLabel}
        {...carousel.holdHandlers}
      >
        <div className="testimonials__stage">
          {/* Every testimonial, unseen, in the same cell: the stage takes the height of the
              longest, so the buttons below do not move as the text changes. */}
          {testimonials.map((testimonial) => (
            <div key={testimonial.name} className="testimonials__sizer" aria-hidden="true">
              <TestimonialCard testimonial={testimonial} />
            </div>
          ))}
          <div className="testimonials__live" aria-live={carousel.running ? 'off' : 'polite'}>
            {shown !== undefined && (
              <TestimonialCard
                key={shown.name}
                testimonial={shown}
                label={content.positionLabel(carousel.index + 1, testimonials.length)}
              />
            )}
          </div>
        </div>
        <CarouselControls
          labels={content.controls}
          onPrevious={carousel.previous}
          onNext={carousel.next}
          {...(carousel.reducedMotion
            ? {}
            : { pause: { paused: carousel.paused, onToggle: carousel.togglePaused } })}
        >
          <div className="testimonials__dots">
            {testimonials.map((testimonial, position) => (
              <button
                key={testimonial.name}
                type="button"
                className="testimonials__dot"
                aria-label={content.showLabel(position + 1)}
                aria-current={position === carousel.index ? 'true' : undefined}
                onClick={() => {
                  carousel.show(position);
                }}
              />
            ))}
          </div>
        </CarouselControls>
      </div>
      {/* The approved reviews of visits, beside (never instead of) the testimonials above. */}
      <CustomerReviews headingLevel={3} />
    </section>
  );
}
