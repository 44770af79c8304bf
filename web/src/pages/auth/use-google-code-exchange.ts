import { AuthMessages } from '@hs/api/domain/auth/auth-messages';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { exchangeGoogleCode, type SignedInSession } from '../../api/auth-api';
import { googleFailureText, removeGoogleParams, type GoogleReturn } from './google-return';

interface GoogleCodeExchangeOptions {
  readonly googleReturn: GoogleReturn;
  readonly onSignedIn: (session: SignedInSession, fallback: string) => void;
  readonly onFailed: (text: string) => void;
}

/**
 * Trades the one-time code Google's callback brought back for a session, and tidies the URL.
 * Answers whether the exchange is still under way: from the first render, so that the form never
 * shows itself ready in between, and on after a success, while the page sends the visitor on.
 */
export function useGoogleCodeExchange({
  googleReturn,
  onSignedIn,
  onFailed,
}: GoogleCodeExchangeOptions): boolean {
  const handled = useRef(false);
  const { mutate, isError } = useMutation({ mutationFn: exchangeGoogleCode });
  useEffect(() => {
    // Once only: the code is single-use, and StrictMode runs effects twice in development.
    if (googleReturn === null || handled.current) return;
    handled.current = true;
    removeGoogleParams();
    if (typeof googleReturn !== 'object') return;
    mutate(googleReturn.code, {
      onSuccess: (session) => {
        onSignedIn(session, AuthMessages.googleLoginSuccess);
      },
      onError: (error) => {
        onFailed(googleFailureText(error));
      },
    });
  }, [googleReturn, mutate, onSignedIn, onFailed]);
  return googleReturn !== null && typeof googleReturn === 'object' && !isError;
}
