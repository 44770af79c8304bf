import { createHash } from 'node:crypto';

/** A CSP source allowing exactly this inline text: `'sha256-...'`. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

export interface InlineStyles {
  /** The text of each inline `<style>` element the page carries. */
  elements: string[];
  /** The value of each `style="..."` attribute the page carries. */
  attributes?: string[];
}

/**
 * The site's strict policy for a server-rendered page of a third-party tool (bull-board, Swagger
 * UI): only its own files, plus its inline styles allowed one by one by their hashes. Scripts get
 * no hash at all, so an inline script a tool update might add is refused (the browser tests see
 * it) rather than silently allowed.
 */
export function toolPagePolicy(styles: InlineStyles): string {
  const elements = [...new Set(styles.elements.map(sha256Source))];
  const attributes = [...new Set((styles.attributes ?? []).map(sha256Source))];
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...elements].join(' '),
    ...(attributes.length ? [["style-src-attr 'unsafe-hashes'", ...attributes].join(' ')] : []),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}
