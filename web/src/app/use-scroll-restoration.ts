import { useEffect, useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'hs:scroll-positions';
const positions = new Map<string, number>(readSaved());

function readSaved(): [string, number][] {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(saved) ? (saved as [string, number][]) : [];
  } catch {
    return [];
  }
}

function save(): void {
  try {
    // The latest 50 entries are plenty for Back and Forward.
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
  } catch {
    // Storage may be off: positions then last as long as the page.
  }
}

/**
 * A new page opens at its top (or at its #anchor); Back and Forward return to where the reader
 * was. The browser's own restoration is switched off because the screens load after the URL
 * changes, when it has already given up.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      positions.set(location.key, window.scrollY);
      save();
    };
    window.addEventListener('pagehide', remember);
    return () => {
      window.removeEventListener('pagehide', remember);
      remember();
    };
  }, [location.key]);

  useLayoutEffect(() => {
    if (navigationType === NavigationType.Pop) {
      window.scrollTo(0, positions.get(location.key) ?? 0);
      return;
    }
    const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);
}
