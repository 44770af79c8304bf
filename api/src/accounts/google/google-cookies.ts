import type { CookieOptions, Request } from 'express';

/**
 * The two short-lived cookies of a Google sign-in. Both are scoped to the Google routes, so no
 * other request carries them, and both are HttpOnly and SameSite=Lax: sent on the top-level
 * navigation back from Google and on the site's own POST, never on another site's POST.
 */
export const GoogleCookies = {
  /** Signed `state` and PKCE verifier, from the redirect to Google until the callback. */
  state: 'hs_google_state',
  /** Ties a one-time sign-in code to the browser that finished the sign-in. */
  signIn: 'hs_google_sign_in',
} as const;

/** Where the Google routes live once the API router is mounted at /api. */
const COOKIE_PATH = '/api/auth/google';

export function googleCookieOptions(secure: boolean, maxAgeMs?: number): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: COOKIE_PATH,
    ...(maxAgeMs === undefined ? {} : { maxAge: maxAgeMs }),
  };
}

/** One cookie's value from the Cookie header (the API has no cookie parser), if present. */
export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals < 0 || part.slice(0, equals).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(equals + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}
