import { useEffect, useState } from 'react';

/**
 * Turns true once `ready` is, what it let the page show has been painted, and the browser is
 * idle: for loading what the first paint does not need without competing with it. Without
 * requestIdleCallback (Safari, test DOMs), a task after the paint.
 */
export function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    let live = true;
    const done = () => {
      if (live) setIdle(true);
    };
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') {
        requestIdleCallback(done, { timeout: 2_000 });
      } else {
        setTimeout(done, 0);
      }
    };
    // A frame, then a task: the frame's paint comes in between.
    if (typeof requestAnimationFrame === 'function') {
      requestAnimationFrame(() => {
        setTimeout(whenIdle, 0);
      });
    } else {
      setTimeout(whenIdle, 0);
    }
    return () => {
      live = false;
    };
  }, [ready, idle]);
  return idle;
}
