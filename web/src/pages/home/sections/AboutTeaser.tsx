import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ResponsiveImage } from '../../../components/ResponsiveImage';
import {
  aboutTeaserContent as content,
  homeSectionIds,
  homeTimings,
} from '../../../content/home-content';
import { CarouselControls } from './CarouselControls';
import { useRotation } from './use-rotation';
import './AboutTeaser.css';

const SHOWN = 3;

/** docs/product.md section 2, About teaser: three of four pictures at a time, moving on every 3 s. */
export function AboutTeaser() {
  const headingId = useId();
  const gallery = useRotation(content.images.length, homeTimings.aboutSlideMs);
  const trio = Array.from(
    { length: SHOWN },
    (_, offset) => content.images[(gallery.index + offset) % content.images.length],
  ).filter((image) => image !== undefined);

  return (
    <section
      id={homeSectionIds.about}
      className="about-teaser home-section-target"
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <div
        className="about-teaser__gallery"
        role="group"
        aria-roledescription="carousel"
        aria-label={content.galleryLabel}
        {...gallery.holdHandlers}
      >
        <div className="about-teaser__pictures" aria-live={gallery.running ? 'off' : 'polite'}>
          {trio.map((image, slot) => (
            <ResponsiveImage
              key={image.base}
              image={image}
              sizes={
                slot === 0
                  ? '(min-width: 1200px) 360px, (min-width: 768px) 30vw, 66vw'
                  : '(min-width: 1200px) 180px, (min-width: 768px) 15vw, 33vw'
              }
              className={`about-teaser__picture about-teaser__picture--${String(slot + 1)}`}
            />
          ))}
          <p className="about-teaser__badge">
            <strong className="about-teaser__badge-value">{content.badge.value}</strong>{' '}
            {content.badge.label}
          </p>
        </div>
        <CarouselControls
          labels={content.controls}
          onPrevious={gallery.previous}
          onNext={gallery.next}
          {...(gallery.reducedMotion
            ? {}
            : { pause: { paused: gallery.paused, onToggle: gallery.togglePaused } })}
        />
      </div>

      <div className="about-teaser__copy">
        <h2 id={headingId} className="about-teaser__heading">
          {content.heading}
        </h2>
        <p>{content.text}</p>
        <ul className="about-teaser__list">
          {content.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
        <Link className="button" to={content.more.to}>
          {content.more.label}
        </Link>
      </div>
    </section>
  );
}
