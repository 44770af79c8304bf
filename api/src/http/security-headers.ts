import helmet from 'helmet';
import type { RequestHandler } from 'express';

export interface SecurityHeaderOptions {
  production: boolean;
  /** Extra origins the site may load images from (map tiles). */
  imageOrigins?: string[];
}

/**
 * The CSP allows only what the built site uses: its own scripts and styles, images from itself
 * (and data:/blob: for previews), and calls to its own origin.
 */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.production
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
