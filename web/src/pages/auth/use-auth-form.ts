import { AuthMessages } from '@hs/api/domain/auth/auth-messages';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState, type SubmitEvent } from 'react';
import { ApiError } from '../../api/api-client';
import {
  logIn,
  requestPasswordReset,
  signUp,
  type SignedInSession,
  type SignUpForm,
} from '../../api/auth-api';
import { saveSignIn } from '../../auth/auth-storage';
import { type AuthMode, authContent as copy } from '../../content/auth-content';
import type { AuthNotice } from './auth-notice';
import { googleRefusalNotice, type GoogleReturn } from './google-return';
import { useGoogleCodeExchange } from './use-google-code-exchange';
import { useSignedInRedirect } from './use-signed-in-redirect';

export type AuthFieldName = keyof SignUpForm;

const EMPTY_FORM: SignUpForm = {
  firstName: '',
  lastName: '',
  address: '',
  email: '',
  password: '',
  confirmPassword: '',
};

function failureText(error: unknown, mode: AuthMode): string {
  // Status 0 is apiRequest's mark for a server that could not be reached at all.
  if (!(error instanceof ApiError) || error.status === 0) {
    return mode === 'forgot' ? copy.messages.resetLinkFailed : copy.messages.networkError;
  }
  return error.fromServer ? error.message : AuthMessages.somethingWentWrong;
}

/** What a submitted form came to: a session, or the reset link's message. */
type AuthAnswer =
  | { readonly kind: 'session'; readonly session: SignedInSession; readonly fallback: string }
  | { readonly kind: 'reset'; readonly sent: string | null };

/** The mode's one call: send a reset link, log in, or sign up. */
async function authenticateAs({
  mode,
  form,
}: {
  mode: AuthMode;
  form: SignUpForm;
}): Promise<AuthAnswer> {
  if (mode === 'forgot') return { kind: 'reset', sent: await requestPasswordReset(form.email) };
  if (mode === 'login') {
    const session = await logIn({ email: form.email, password: form.password });
    return { kind: 'session', session, fallback: AuthMessages.loginSuccess };
  }
  return { kind: 'session', session: await signUp(form), fallback: AuthMessages.signupSuccess };
}

/**
 * The auth screen's state: which of its three modes is shown, the values typed, the errors, and
 * what happens on submit (log in, sign up or send a reset link) and after Google's callback.
 */
export function useAuthForm(googleReturn: GoogleReturn, passwordChanged = false) {
  const [mode, setMode] = useState<AuthMode>('login');
  const [form, setForm] = useState<SignUpForm>(EMPTY_FORM);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<AuthFieldName, string>>>({});
  const [message, setMessage] = useState<AuthNotice | null>(
    () =>
      googleRefusalNotice(googleReturn) ??
      // Sent here by the reset page: the new password is the one to log in with now.
      (passwordChanged ? { tone: 'success', text: AuthMessages.resetDone } : null),
  );
  const modeHeading = useRef<HTMLHeadingElement>(null);
  const redirect = useSignedInRedirect();
  const startRedirect = redirect.start;

  const completeSignIn = useCallback(
    (session: SignedInSession, fallback: string) => {
      saveSignIn(session.token, session.name);
      setMessage({ tone: 'success', text: session.message ?? fallback });
      startRedirect();
    },
    [startRedirect],
  );
  const googleFailed = useCallback((text: string) => {
    setMessage({ tone: 'error', text });
  }, []);
  const exchanging = useGoogleCodeExchange({
    googleReturn,
    onSignedIn: completeSignIn,
    onFailed: googleFailed,
  });
  const authenticate = useMutation({ mutationFn: authenticateAs });
  const pending = exchanging || authenticate.isPending;

  const busy = pending || redirect.redirecting;

  const switchMode = (next: AuthMode) => {
    setMode(next);
    setMessage(null);
    setFieldErrors({});
    // The heading stays in the page as the mode changes, so keyboard and screen-reader users
    // land on the new mode's name instead of on a control that just vanished.
    modeHeading.current?.focus();
  };

  const update = (field: AuthFieldName) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    setFieldErrors({});
    authenticate.mutate(
      { mode, form },
      {
        onSuccess: (answer) => {
          if (answer.kind === 'session') {
            completeSignIn(answer.session, answer.fallback);
            return;
          }
          setForm((current) => ({ ...current, email: '' }));
          setMode('login');
          setMessage({ tone: 'success', text: answer.sent ?? copy.messages.resetLinkSent });
          modeHeading.current?.focus();
        },
        onError: (error) => {
          setMessage({ tone: 'error', text: failureText(error, mode) });
          if (error instanceof ApiError) setFieldErrors(error.fields);
        },
      },
    );
  };

  return {
    mode,
    form,
    fieldErrors,
    pending,
    busy,
    message,
    setMessage,
    modeHeading,
    switchMode,
    update,
    submit,
  };
}
