import helmet from 'helmet';
import type { RequestHandler } from 'express';

export interface SecurityHeaderOptions {
  production: boolean;
  /** Extra origins the site may load images from (map tiles). */
  imageOrigins?: string[];
  /** The payment modal takes cards through Stripe Elements: Stripe.js, its frames and its API. */
  stripeElements?: boolean;
}

/** Stripe's published CSP needs for Stripe.js and Elements (docs.stripe.com/security/guide). */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The CSP allows only what the built site uses: its own scripts and styles, images from itself
 * (and data:/blob: for previews), and calls to its own origin.
 */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  const stripe = options.stripeElements === true;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? STRIPE.script : [])],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(stripe ? STRIPE.connect : [])],
        frameSrc: ["'self'", ...(stripe ? STRIPE.frame : [])],
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
