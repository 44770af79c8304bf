import { useMediaQuery } from './use-media-query';

/** True when the visitor asked their system for less motion: typing, slideshows and count-ups stop. */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
