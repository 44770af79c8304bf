import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/**
 * Shows `placeholder` until the reader scrolls within `ahead` of it, then `children` (code loaded
 * on demand, behind Suspense with the same placeholder). A first visit then downloads only what
 * it shows: the home page's 100 KB JavaScript budget counts everything loaded before the reader
 * moves. Without IntersectionObserver (old browsers, test DOMs) the children render at once.
 */
export function LoadWhenNear({
  ahead,
  placeholder,
  children,
}: {
  /** A root margin: how far ahead of the viewport loading starts, e.g. `'1200px 0px'`. */
  readonly ahead: string;
  readonly placeholder: ReactNode;
  readonly children: ReactNode;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = sentinel.current;
    if (near || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: ahead },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [near, ahead]);

  if (!near) {
    // The placeholder's own box is what comes near: a tall one is seen from further away.
    return <div ref={sentinel}>{placeholder}</div>;
  }
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
