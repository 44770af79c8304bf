import type { ReactNode } from 'react';
import { useDocumentTitle } from '../app/use-document-title';
import type { ScreenContent } from '../content/site-content';

interface ScreenPlaceholderProps {
  readonly screen: ScreenContent;
  /** Leave the document title as index.html has it (the home page). */
  readonly keepDefaultTitle?: boolean;
  readonly children?: ReactNode;
}

/** Stands in for a screen until its real content is built. */
export function ScreenPlaceholder({
  screen,
  keepDefaultTitle = false,
  children,
}: ScreenPlaceholderProps) {
  useDocumentTitle(keepDefaultTitle ? undefined : screen.title);
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{screen.title}</h1>
      <p className="screen__lead">{screen.description}</p>
      {children}
    </section>
  );
}
