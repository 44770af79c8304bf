import { useSyncExternalStore } from 'react';

/** Browsers without matchMedia (and test DOMs) match nothing: the default layout, full motion. */
const supported = () => typeof window.matchMedia === 'function';

/** Whether `query` matches now, following changes (a rotated phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (!supported()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => {
        list.removeEventListener('change', onChange);
      };
    },
    () => supported() && window.matchMedia(query).matches,
    () => false,
  );
}
