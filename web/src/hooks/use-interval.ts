import { useEffect, useRef } from 'react';

/**
 * Calls `tick` every `delayMs` while `delayMs` is a number; null pauses it. The latest `tick` is
 * used without restarting the timer, so a re-render does not reset the rhythm.
 */
export function useInterval(tick: () => void, delayMs: number | null): void {
  const latest = useRef(tick);
  useEffect(() => {
    latest.current = tick;
  }, [tick]);
  useEffect(() => {
    if (delayMs === null) return;
    const id = setInterval(() => {
      latest.current();
    }, delayMs);
    return () => {
      clearInterval(id);
    };
  }, [delayMs]);
}
