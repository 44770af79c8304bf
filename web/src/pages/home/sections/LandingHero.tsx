import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ResponsiveImage } from '../../../components/ResponsiveImage';
import { homeTimings, landingHeroContent as content } from '../../../content/home-content';
import { CarouselControls } from './CarouselControls';
import { useRotation } from './use-rotation';
import { useTypingLoop } from './use-typing-loop';
import './LandingHero.css';

const WORDS = content.heading.split(' ');

/**
 * docs/product.md section 2, Landing hero: the typed heading beside a slideshow of five pictures. The
 * pause button stops both moving parts, as WCAG 2.2.2 asks of anything that moves for more than
 * five seconds.
 */
export function LandingHero() {
  const headingId = useId();
  const slideshow = useRotation(content.slides.length, homeTimings.heroSlideMs);
  const typingRuns = !slideshow.reducedMotion && !slideshow.paused;
  const typing = useTypingLoop(WORDS.length, typingRuns);
  const typed = WORDS.slice(0, typing.shown).join(' ');

  return (
    <section className="landing-hero" aria-labelledby={headingId}>
      <div className="landing-hero__copy">
        <h2 id={headingId} className="landing-hero__heading">
          {/* The whole sentence, read once by screen readers; it also holds the heading's
              final size so the page does not jump while words come and go. */}
          <span className="landing-hero__sentence">{content.heading}</span>
          <span className="landing-hero__typed" aria-hidden="true">
            {typed}
            {typingRuns && <span className="landing-hero__cursor" />}
          </span>
        </h2>
        <p className="landing-hero__lead">{content.lead}</p>
        <Link className="button landing-hero__cta" to={content.cta.to}>
          {content.cta.label}
        </Link>
      </div>

      <div
        className="landing-hero__show"
        role="group"
        aria-roledescription="carousel"
        aria-label={content.slideshowLabel}
        {...slideshow.holdHandlers}
      >
        <div className="landing-hero__slides">
          {content.slides.map((slide, position) => (
            <div
              key={slide.base}
              className={
                position === slideshow.index
                  ? 'landing-hero__slide landing-hero__slide--current'
                  : 'landing-hero__slide'
              }
              aria-hidden={position !== slideshow.index}
            >
              <ResponsiveImage
                image={slide}
                sizes="(min-width: 1200px) 560px, (min-width: 768px) 50vw, 100vw"
                eager={position === 0}
              />
            </div>
          ))}
        </div>
        <CarouselControls
          labels={content.controls}
          onPrevious={slideshow.previous}
          onNext={slideshow.next}
          {...(slideshow.reducedMotion
            ? {}
            : {
                pause: {
                  paused: slideshow.paused,
                  onToggle: () => {
                    // The heading stops on the whole sentence, not halfway through a word run.
                    if (!slideshow.paused) typing.complete();
                    slideshow.togglePaused();
                  },
                },
              })}
        >
          {/* The counter's text is what changes, so it is the live region: a screen reader
              hears 'Slide 3 of 5' after a button press, and nothing while it turns by itself. */}
          <p className="landing-hero__counter" aria-live={slideshow.running ? 'off' : 'polite'}>
            <span aria-hidden="true">{`${slideshow.index + 1} / ${content.slides.length}`}</span>
            <span className="visually-hidden">
              {content.slideLabel(slideshow.index + 1, content.slides.length)}
            </span>
          </p>
        </CarouselControls>
      </div>
    </section>
  );
}
