import { AuthMessages, GOOGLE_EMAIL_UNVERIFIED } from '@hs/api/domain/auth/auth-messages';
import { ApiError } from '../../api/api-client';
import type { AuthNotice } from './auth-notice';

type GoogleRefusal = 'failed' | typeof GOOGLE_EMAIL_UNVERIFIED;
/** What Google's callback left in the address: a one-time code, a refusal, or nothing. */
export type GoogleReturn = { readonly code: string } | GoogleRefusal | null;

/** Google's callback comes back here with ?google=<one-time code> or ?google_error=<why>. */
export function googleReturnOf(search: string): GoogleReturn {
  const params = new URLSearchParams(search);
  const refusal = params.get('google_error');
  if (refusal === GOOGLE_EMAIL_UNVERIFIED) return refusal;
  if (refusal !== null) return 'failed';
  const code = params.get('google');
  if (code === null) return null;
  return code === '' ? 'failed' : { code };
}

/** The one-time code must not linger in the address bar, the history or a shared link. */
export function removeGoogleParams(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('google') && !url.searchParams.has('google_error')) return;
  url.searchParams.delete('google');
  url.searchParams.delete('google_error');
  // The router keeps its own bookkeeping in history.state; it is carried over untouched.
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The message a refusal from Google's side opens the page with. */
export function googleRefusalNotice(googleReturn: GoogleReturn): AuthNotice | null {
  if (googleReturn === 'failed') return { tone: 'error', text: AuthMessages.googleLoginFailed };
  if (googleReturn === GOOGLE_EMAIL_UNVERIFIED) {
    return { tone: 'error', text: AuthMessages.googleEmailUnverified };
  }
  return null;
}

export function googleFailureText(error: unknown): string {
  // A refusal the server explained (a rate limit, say) is worth more than the generic text.
  return error instanceof ApiError && error.status !== 0 && error.fromServer
    ? error.message
    : AuthMessages.googleLoginFailed;
}
