import type { AccountData } from '../api/account-api';
import { signInContent } from '../content/account-content';
import { Notice } from './Notice';
import { SignInNotice } from './SignInNotice';

interface AccountDataStatusProps {
  readonly state: AccountData<unknown>;
  /** Why a visitor is asked to sign in on this page. */
  readonly visitorReason: string;
  readonly loadingLabel: string;
  readonly retryLabel: string;
  readonly onRetry: () => void;
}

/**
 * Everything a signed-in page shows before its data is ready: the sign-in notice for a visitor
 * or an ended session, the loading line, or the failure with a retry. Nothing once it is ready.
 */
export function AccountDataStatus({
  state,
  visitorReason,
  loadingLabel,
  retryLabel,
  onRetry,
}: AccountDataStatusProps) {
  switch (state.status) {
    case 'visitor':
      return <SignInNotice reason={visitorReason} />;
    case 'session-ended':
      return <SignInNotice reason={signInContent.sessionEnded} />;
    case 'loading':
      return <p className="loading">{loadingLabel}</p>;
    case 'failed':
      return (
        <>
          <Notice tone="error">{state.message}</Notice>
          <button className="button button--secondary" type="button" onClick={onRetry}>
            {retryLabel}
          </button>
        </>
      );
    case 'ready':
      return null;
  }
}
