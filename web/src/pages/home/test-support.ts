/**
 * jsdom has no matchMedia; the home page asks it for the window width and for reduced motion.
 * This answers those two kinds of query as a window of the given width would.
 */
interface MediaStub {
  readonly width?: number;
  readonly reducedMotion?: boolean;
}

function matches(query: string, { width = 1280, reducedMotion = false }: MediaStub): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  if (min?.[1] !== undefined) return width >= Number(min[1]);
  const max = /max-width:\s*(\d+)px/.exec(query);
  if (max?.[1] !== undefined) return width <= Number(max[1]);
  if (query.includes('prefers-reduced-motion: reduce')) return reducedMotion;
  return false;
}

export function stubMatchMedia(stub: MediaStub = {}): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    // Only what the hooks use: they listen with addEventListener, never the old addListener.
    value: (
      query: string,
    ): Pick<MediaQueryList, 'matches' | 'media' | 'addEventListener' | 'removeEventListener'> => ({
      matches: matches(query, stub),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}

export function removeMatchMedia(): void {
  Reflect.deleteProperty(window, 'matchMedia');
}
