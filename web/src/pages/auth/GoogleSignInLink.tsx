import { AuthMessages } from '@hs/api/domain/auth/auth-messages';
import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { GOOGLE_SIGN_IN_PATH, goToGoogleSignIn, googleSignInAvailable } from '../../api/auth-api';
import { queryKeys } from '../../api/query-keys';
import { authContent as copy } from '../../content/auth-content';
import type { AuthNotice } from './auth-notice';

interface GoogleSignInLinkProps {
  /** The form is at work or the visitor is being sent home: Google waits. */
  readonly busy: boolean;
  readonly onMessage: (message: AuthNotice | null) => void;
}

/**
 * Sign in with Google. A real link, so that it opens in a new tab when asked; a plain click first
 * asks the API whether Google sign-in is set up, to say so here instead of on an error page.
 */
export function GoogleSignInLink({ busy, onMessage }: GoogleSignInLinkProps) {
  // Asked afresh at each click (the answer is not kept: the API may be set up meanwhile).
  const availability = useQuery({
    queryKey: queryKeys.googleSignIn(),
    queryFn: googleSignInAvailable,
    enabled: false,
    gcTime: 0,
  });
  const checking = availability.isFetching;

  const start = async (event: MouseEvent<HTMLAnchorElement>) => {
    // Opening the link in a new tab or window is left to the browser.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    if (checking || busy) return;
    onMessage(null);
    const { data: available = true } = await availability.refetch();
    if (available) goToGoogleSignIn();
    else onMessage({ tone: 'error', text: AuthMessages.googleNotConfigured });
  };

  return (
    <a
      className="button button--secondary auth__google"
      href={GOOGLE_SIGN_IN_PATH}
      aria-disabled={busy || checking}
      onClick={(event) => {
        void start(event);
      }}
    >
      {checking ? copy.googleChecking : copy.google}
    </a>
  );
}
