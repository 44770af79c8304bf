import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyWithServerState } from '../../app/lazy-with-server-state';

// The customers' reviews among them read the server: the query cache comes with them.
const LaterSections = lazyWithServerState(() => import('./LaterSections').then((m) => m.default));

/** How far ahead of the reader the later sections start loading. */
const LOAD_AHEAD = '1200px 0px';

/**
 * The sections below the about teaser load when the reader scrolls towards them, not with the
 * page: a first visit to / then fits the 100 KB JavaScript budget. The placeholder keeps the
 * footer where it will be, so nothing above the reader moves when they arrive.
 */
export function DeferredSections() {
  const sentinel = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, test DOMs) everything renders at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = sentinel.current;
    if (near || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [near]);

  const placeholder = <div ref={sentinel} className="home-page__later" aria-hidden="true" />;
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LaterSections />
    </Suspense>
  );
}
