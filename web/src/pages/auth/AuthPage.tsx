import './AuthPage.css';
import { AuthMessages, GOOGLE_EMAIL_UNVERIFIED } from '@hs/api/domain/auth/auth-messages';
import {
  type HTMLInputAutoCompleteAttribute,
  type MouseEvent,
  type SubmitEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/api-client';
import {
  exchangeGoogleCode,
  GOOGLE_SIGN_IN_PATH,
  goToGoogleSignIn,
  googleSignInAvailable,
  logIn,
  requestPasswordReset,
  type SignedInSession,
  type SignUpForm,
  signUp,
} from '../../api/auth-api';
import { useDocumentTitle } from '../../app/use-document-title';
import { saveSignIn } from '../../auth/auth-storage';
import { Notice } from '../../components/Notice';
import { type AuthMode, authContent as copy } from '../../content/auth-content';
import { screens } from '../../content/site-content';
import { AuthField } from './AuthField';

type Message = { readonly tone: 'success' | 'error'; readonly text: string } | null;
type FieldName = keyof SignUpForm;
type GoogleRefusal = 'failed' | typeof GOOGLE_EMAIL_UNVERIFIED;
type GoogleReturn = { readonly code: string } | GoogleRefusal | null;

/**
 * How long the success message stays before the visitor is sent home. SPEC.md's alert held the
 * page until dismissed; an in-page notice needs a moment to be read and announced.
 */
export const SIGNED_IN_REDIRECT_MS = 1500;

const EMPTY_FORM: SignUpForm = {
  firstName: '',
  lastName: '',
  address: '',
  email: '',
  password: '',
  confirmPassword: '',
};

/** Google's callback comes back here with ?google=<one-time code> or ?google_error=<why>. */
function googleReturnOf(search: string): GoogleReturn {
  const params = new URLSearchParams(search);
  const refusal = params.get('google_error');
  if (refusal === GOOGLE_EMAIL_UNVERIFIED) return refusal;
  if (refusal !== null) return 'failed';
  const code = params.get('google');
  if (code === null) return null;
  return code === '' ? 'failed' : { code };
}

/** The one-time code must not linger in the address bar, the history or a shared link. */
function removeGoogleParams(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('google') && !url.searchParams.has('google_error')) return;
  url.searchParams.delete('google');
  url.searchParams.delete('google_error');
  // The router keeps its own bookkeeping in history.state; it is carried over untouched.
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

function failureText(error: unknown, mode: AuthMode): string {
  // Status 0 is apiRequest's mark for a server that could not be reached at all.
  if (!(error instanceof ApiError) || error.status === 0) {
    return mode === 'forgot' ? copy.messages.resetLinkFailed : copy.messages.networkError;
  }
  return error.fromServer ? error.message : AuthMessages.somethingWentWrong;
}

function googleFailureText(error: unknown): string {
  // A refusal the server explained (a rate limit, say) is worth more than the generic text.
  return error instanceof ApiError && error.status !== 0 && error.fromServer
    ? error.message
    : AuthMessages.googleLoginFailed;
}

/** SPEC.md section 2, Auth screen: Login (default), Sign Up and Forgot Password on one screen. */
export function AuthPage() {
  useDocumentTitle(screens.auth.title);
  const navigate = useNavigate();
  const location = useLocation();
  const [googleReturn] = useState<GoogleReturn>(() => googleReturnOf(location.search));
  const [mode, setMode] = useState<AuthMode>('login');
  const [form, setForm] = useState<SignUpForm>(EMPTY_FORM);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [pending, setPending] = useState(googleReturn !== null && typeof googleReturn === 'object');
  const [checkingGoogle, setCheckingGoogle] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [message, setMessage] = useState<Message>(() => {
    if (googleReturn === 'failed') return { tone: 'error', text: AuthMessages.googleLoginFailed };
    if (googleReturn === GOOGLE_EMAIL_UNVERIFIED) {
      return { tone: 'error', text: AuthMessages.googleEmailUnverified };
    }
    return null;
  });
  const modeHeading = useRef<HTMLHeadingElement>(null);
  const googleHandled = useRef(false);
  const modeHeadingId = useId();

  const completeSignIn = useCallback((session: SignedInSession, fallback: string) => {
    saveSignIn(session.token, session.name);
    setMessage({ tone: 'success', text: session.message ?? fallback });
    setRedirecting(true);
  }, []);

  useEffect(() => {
    // Once only: the code is single-use, and StrictMode runs effects twice in development.
    if (googleReturn === null || googleHandled.current) return;
    googleHandled.current = true;
    removeGoogleParams();
    if (typeof googleReturn !== 'object') return;
    exchangeGoogleCode(googleReturn.code).then(
      (session) => {
        completeSignIn(session, AuthMessages.googleLoginSuccess);
      },
      (error: unknown) => {
        setPending(false);
        setMessage({ tone: 'error', text: googleFailureText(error) });
      },
    );
  }, [googleReturn, completeSignIn]);

  useEffect(() => {
    if (!redirecting) return;
    const timer = window.setTimeout(() => {
      void navigate('/');
    }, SIGNED_IN_REDIRECT_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [redirecting, navigate]);

  const busy = pending || redirecting;

  const switchMode = (next: AuthMode) => {
    setMode(next);
    setMessage(null);
    setFieldErrors({});
    // The heading stays in the page as the mode changes, so keyboard and screen-reader users
    // land on the new mode's name instead of on a control that just vanished.
    modeHeading.current?.focus();
  };

  const update = (field: FieldName) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setPending(true);
    setMessage(null);
    setFieldErrors({});
    try {
      if (mode === 'forgot') {
        const sent = await requestPasswordReset(form.email);
        setForm((current) => ({ ...current, email: '' }));
        setMode('login');
        setMessage({ tone: 'success', text: sent ?? copy.messages.resetLinkSent });
        modeHeading.current?.focus();
      } else if (mode === 'login') {
        const session = await logIn({ email: form.email, password: form.password });
        completeSignIn(session, AuthMessages.loginSuccess);
      } else {
        completeSignIn(await signUp(form), AuthMessages.signupSuccess);
      }
    } catch (error) {
      setMessage({ tone: 'error', text: failureText(error, mode) });
      if (error instanceof ApiError) setFieldErrors(error.fields);
    } finally {
      setPending(false);
    }
  };

  const startGoogle = async (event: MouseEvent<HTMLAnchorElement>) => {
    // Opening the link in a new tab or window is left to the browser.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    if (checkingGoogle || busy) return;
    setCheckingGoogle(true);
    setMessage(null);
    const available = await googleSignInAvailable();
    setCheckingGoogle(false);
    if (available) goToGoogleSignIn();
    else setMessage({ tone: 'error', text: AuthMessages.googleNotConfigured });
  };

  const field = (
    name: FieldName,
    type: 'text' | 'email' | 'password',
    autoComplete: HTMLInputAutoCompleteAttribute,
  ) => (
    <AuthField
      label={copy.labels[name]}
      name={name}
      type={type}
      autoComplete={autoComplete}
      value={form[name]}
      onChange={update(name)}
      error={fieldErrors[name]}
    />
  );

  return (
    <section className="auth" aria-labelledby="screen-title">
      <h1 id="screen-title">{screens.auth.title}</h1>
      <div className="auth__card">
        <h2 id={modeHeadingId} ref={modeHeading} className="auth__mode" tabIndex={-1}>
          {copy.modeHeading[mode]}
        </h2>
        {message && <Notice tone={message.tone}>{message.text}</Notice>}

        <a
          className="button button--secondary auth__google"
          href={GOOGLE_SIGN_IN_PATH}
          aria-disabled={busy || checkingGoogle}
          onClick={(event) => {
            void startGoogle(event);
          }}
        >
          {checkingGoogle ? copy.googleChecking : copy.google}
        </a>
        <p className="auth__divider">
          <span>{copy.divider}</span>
        </p>

        <form
          className="auth__form"
          aria-labelledby={modeHeadingId}
          onSubmit={(event) => {
            void submit(event);
          }}
        >
          {mode === 'forgot' && <p className="auth__intro">{copy.forgotIntro}</p>}
          {mode === 'signup' && (
            <>
              {field('firstName', 'text', 'given-name')}
              {field('lastName', 'text', 'family-name')}
              {field('address', 'text', 'street-address')}
            </>
          )}
          {field('email', 'email', 'email')}
          {mode !== 'forgot' &&
            field('password', 'password', mode === 'login' ? 'current-password' : 'new-password')}
          {mode === 'signup' && field('confirmPassword', 'password', 'new-password')}
          <button className="button auth__submit" type="submit" disabled={busy}>
            {pending ? copy.submitting[mode] : copy.submit[mode]}
          </button>
        </form>

        <div className="auth__links">
          {mode === 'login' && (
            <button
              className="auth__link"
              type="button"
              disabled={busy}
              onClick={() => {
                switchMode('forgot');
              }}
            >
              {copy.forgotLink}
            </button>
          )}
          {mode === 'forgot' ? (
            <button
              className="auth__link"
              type="button"
              disabled={busy}
              onClick={() => {
                switchMode('login');
              }}
            >
              {copy.backToLogin}
            </button>
          ) : (
            <p className="auth__toggle">
              {mode === 'login' ? copy.toSignUp.prompt : copy.toLogin.prompt}{' '}
              <button
                className="auth__link"
                type="button"
                disabled={busy}
                onClick={() => {
                  switchMode(mode === 'login' ? 'signup' : 'login');
                }}
              >
                {mode === 'login' ? copy.toSignUp.action : copy.toLogin.action}
              </button>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
