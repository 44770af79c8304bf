import { useEffect } from 'react';
import { company } from '../content/site-content';

/** The home page keeps the full title of index.html; every other screen leads with its own name. */
export function documentTitle(screenTitle?: string): string {
  return screenTitle === undefined ? company.defaultTitle : `${screenTitle} — ${company.name}`;
}

export function useDocumentTitle(screenTitle?: string): void {
  useEffect(() => {
    document.title = documentTitle(screenTitle);
  }, [screenTitle]);
}
