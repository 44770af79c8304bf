import { routeErrorContent } from '../content/site-content';
import { useDocumentTitle } from './use-document-title';

/**
 * Shown inside the layout when a screen throws or its code cannot be loaded (typically a chunk
 * that a newer deploy has replaced), so the visitor keeps the header and a way out.
 * React already reports the error to the console.
 */
export function RouteError() {
  useDocumentTitle(routeErrorContent.title);
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{routeErrorContent.title}</h1>
      <p className="screen__lead">{routeErrorContent.description}</p>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {routeErrorContent.reload}
        </button>
      </p>
    </section>
  );
}
