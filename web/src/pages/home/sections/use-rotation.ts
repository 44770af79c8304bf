import { useCallback, useEffect, useState, type FocusEvent } from 'react';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';

export interface Rotation {
  /** The item shown, 0-based. */
  readonly index: number;
  readonly previous: () => void;
  readonly next: () => void;
  readonly show: (index: number) => void;
  /** Paused by the visitor with the pause button. */
  readonly paused: boolean;
  readonly togglePaused: () => void;
  /** Advancing right now: not under reduced motion, nor paused, hovered or focused. */
  readonly running: boolean;
  /** Nothing ever advances by itself, so there is nothing to pause. */
  readonly reducedMotion: boolean;
  /** For the carousel's element: the pointer over it or focus inside it holds the rotation. */
  readonly holdHandlers: {
    readonly onMouseEnter: () => void;
    readonly onMouseLeave: () => void;
    readonly onFocus: () => void;
    readonly onBlur: (event: FocusEvent<HTMLElement>) => void;
  };
}

/**
 * Steps through `count` items every `delayMs`, wrapping both ways, the way WCAG 2.2.2 asks of
 * moving content: a pause button, a hold while the visitor points at or works inside it, and no
 * movement at all when they asked their system for less.
 */
export function useRotation(count: number, delayMs: number): Rotation {
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const running = !reducedMotion && !paused && !hovered && !focused && count > 1;

  // A timeout per item rather than an interval: after the visitor moves by hand, the item they
  // chose stays up for a full turn instead of whatever was left of the previous one.
  useEffect(() => {
    if (!running) return;
    const id = setTimeout(() => {
      setIndex((current) => (current + 1) % count);
    }, delayMs);
    return () => {
      clearTimeout(id);
    };
  }, [running, index, count, delayMs]);

  const show = useCallback(
    (wanted: number) => {
      setIndex(((wanted % count) + count) % count);
    },
    [count],
  );
  const previous = useCallback(() => {
    setIndex((current) => (current - 1 + count) % count);
  }, [count]);
  const next = useCallback(() => {
    setIndex((current) => (current + 1) % count);
  }, [count]);
  const togglePaused = useCallback(() => {
    setPaused((current) => !current);
  }, []);

  return {
    index,
    previous,
    next,
    show,
    paused,
    togglePaused,
    running,
    reducedMotion,
    holdHandlers: {
      onMouseEnter: () => {
        setHovered(true);
      },
      onMouseLeave: () => {
        setHovered(false);
      },
      onFocus: () => {
        setFocused(true);
      },
      onBlur: (event) => {
        // Focus moving between the carousel's own buttons keeps the hold.
        if (
          event.relatedTarget instanceof Node &&
          event.currentTarget.contains(event.relatedTarget)
        )
          return;
        setFocused(false);
      },
    },
  };
}
