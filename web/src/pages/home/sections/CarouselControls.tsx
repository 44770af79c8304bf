import type { ReactNode } from 'react';
import type { CarouselLabels } from '../../../content/home-content';
import './CarouselControls.css';

interface CarouselControlsProps {
  readonly labels: Pick<CarouselLabels, 'previous' | 'next'> & Partial<CarouselLabels>;
  readonly onPrevious: () => void;
  readonly onNext: () => void;
  /** Leave out for a carousel that never moves by itself (or under reduced motion). */
  readonly pause?: { readonly paused: boolean; readonly onToggle: () => void };
  /** Between the buttons: a counter or dots. */
  readonly children?: ReactNode;
}

function Icon({ path }: { readonly path: string }) {
  return (
    <svg
      className="carousel-controls__icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}

const ICONS = {
  previous: 'M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z',
  next: 'M8.6 5.4 10 4l8 8-8 8-1.4-1.4 6.6-6.6z',
  pause: 'M7 5h4v14H7zm6 0h4v14h-4z',
  play: 'M8 5v14l11-7z',
} as const;

/** Previous, next and (for a moving carousel) pause/play, with the same look and names everywhere. */
export function CarouselControls({
  labels,
  onPrevious,
  onNext,
  pause,
  children,
}: CarouselControlsProps) {
  return (
    <div className="carousel-controls">
      <button
        type="button"
        className="carousel-controls__button"
        aria-label={labels.previous}
        onClick={onPrevious}
      >
        <Icon path={ICONS.previous} />
      </button>
      {children}
      <button
        type="button"
        className="carousel-controls__button"
        aria-label={labels.next}
        onClick={onNext}
      >
        <Icon path={ICONS.next} />
      </button>
      {pause !== undefined && labels.pause !== undefined && labels.play !== undefined && (
        <button
          type="button"
          className="carousel-controls__button"
          aria-label={pause.paused ? labels.play : labels.pause}
          onClick={pause.onToggle}
        >
          <Icon path={pause.paused ? ICONS.play : ICONS.pause} />
        </button>
      )}
    </div>
  );
}
