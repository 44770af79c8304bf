import { AuthMessages } from '@hs/api/domain/auth/auth-messages';
import { useEffect, useRef } from 'react';
import { exchangeGoogleCode, type SignedInSession } from '../../api/auth-api';
import { googleFailureText, removeGoogleParams, type GoogleReturn } from './google-return';

interface GoogleCodeExchangeOptions {
  readonly googleReturn: GoogleReturn;
  readonly onSignedIn: (session: SignedInSession, fallback: string) => void;
  readonly onFailed: (text: string) => void;
}

/** Trades the one-time code Google's callback brought back for a session, and tidies the URL. */
export function useGoogleCodeExchange({
  googleReturn,
  onSignedIn,
  onFailed,
}: GoogleCodeExchangeOptions): void {
  const handled = useRef(false);
  useEffect(() => {
    // Once only: the code is single-use, and StrictMode runs effects twice in development.
    if (googleReturn === null || handled.current) return;
    handled.current = true;
    removeGoogleParams();
    if (typeof googleReturn !== 'object') return;
    exchangeGoogleCode(googleReturn.code).then(
      (session) => {
        onSignedIn(session, AuthMessages.googleLoginSuccess);
      },
      (error: unknown) => {
        onFailed(googleFailureText(error));
      },
    );
  }, [googleReturn, onSignedIn, onFailed]);
}
