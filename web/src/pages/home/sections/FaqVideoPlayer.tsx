import { useId, useState } from 'react';
import { ResponsiveImage } from '../../../components/ResponsiveImage';
import { faqContent as content } from '../../../content/home-later-content';
import { CarouselControls } from './CarouselControls';
import './FaqVideoPlayer.css';

/**
 * docs/product.md section 2: a player cycling four videos with previous and next, wrapping. We ship no
 * video files, so each 'video' is its poster with a title and a short description.
 */
export function FaqVideoPlayer() {
  const headingId = useId();
  const { videos } = content;
  const [index, setIndex] = useState(0);
  const video = videos[index];
  const move = (by: number) => {
    setIndex((current) => (current + by + videos.length) % videos.length);
  };

  return (
    <section className="faq-video" aria-labelledby={headingId} aria-roledescription="carousel">
      {/* The buttons sit above the frame, so they stay put whatever the length of a caption. */}
      <div className="faq-video__header">
        <h3 id={headingId} className="faq-video__heading">
          {content.videosHeading}
        </h3>
        <CarouselControls
          labels={content.controls}
          onPrevious={() => {
            move(-1);
          }}
          onNext={() => {
            move(1);
          }}
        />
      </div>
      {video !== undefined && (
        <figure className="faq-video__frame" aria-live="polite">
          <ResponsiveImage
            key={video.poster.base}
            image={video.poster}
            sizes="(min-width: 1200px) 560px, (min-width: 1024px) 45vw, 100vw"
            className="faq-video__poster"
          />
          <figcaption className="faq-video__caption">
            <span className="faq-video__position">
              {content.videoLabel(index + 1, videos.length)}
            </span>
            <strong className="faq-video__title">{video.title}</strong>
            <span className="faq-video__description">{video.description}</span>
          </figcaption>
        </figure>
      )}
    </section>
  );
}
