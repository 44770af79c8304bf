import './AuthPage.css';
import { type HTMLInputAutoCompleteAttribute, useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { Notice } from '../../components/Notice';
import { authContent as copy } from '../../content/auth-content';
import { screens } from '../../content/site-content';
import { AuthField } from './AuthField';
import { AuthModeLinks } from './AuthModeLinks';
import { GoogleSignInLink } from './GoogleSignInLink';
import { googleReturnOf } from './google-return';
import { arrivedAfterPasswordChange } from './password-changed';
import { useAuthForm, type AuthFieldName } from './use-auth-form';

/** docs/product.md section 2, Auth screen: Login (default), Sign Up and Forgot Password on one screen. */
export function AuthPage() {
  useDocumentTitle(screens.auth.title);
  const location = useLocation();
  const navigate = useNavigate();
  const [googleReturn] = useState(() => googleReturnOf(location.search));
  const [passwordChanged] = useState(() => arrivedAfterPasswordChange(location.state as unknown));
  const {
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
  } = useAuthForm(googleReturn, passwordChanged);
  const modeHeadingId = useId();

  // Said once: the history entry forgets it, so a reload or a step back here says nothing.
  const { pathname, search } = location;
  const carriesNotice = arrivedAfterPasswordChange(location.state as unknown);
  useEffect(() => {
    if (carriesNotice) void navigate({ pathname, search }, { replace: true, state: null });
  }, [navigate, pathname, search, carriesNotice]);

  const field = (
    name: AuthFieldName,
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

        <GoogleSignInLink busy={busy} onMessage={setMessage} />
        <p className="auth__divider">
          <span>{copy.divider}</span>
        </p>

        <form
          className="auth__form"
          aria-labelledby={modeHeadingId}
          onSubmit={(event) => {
            submit(event);
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

        <AuthModeLinks mode={mode} busy={busy} onSwitch={switchMode} />
      </div>
    </section>
  );
}
