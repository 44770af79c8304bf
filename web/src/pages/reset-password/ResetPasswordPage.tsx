import { useMutation } from '@tanstack/react-query';
import './ResetPasswordPage.css';
import { AuthMessages, PASSWORD_MIN_LENGTH } from '@hs/api/domain/auth/auth-messages';
import { type SubmitEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../api/api-client';
import { resetPassword } from '../../api/auth-api';
import { useDocumentTitle } from '../../app/use-document-title';
import { Notice } from '../../components/Notice';
import { resetPasswordContent as copy } from '../../content/auth-content';
import { accountNav, screens } from '../../content/site-content';
import { AuthField } from '../auth/AuthField';
import { PASSWORD_CHANGED } from '../auth/password-changed';

/** docs/product.md section 9: the reset page sends the visitor on to the login screen after 2000 ms. */
export const RESET_REDIRECT_MS = 2000;

/** docs/product.md section 5's two rules, in its order: a mismatch is reported before a short password. */
function passwordProblem(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return AuthMessages.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return AuthMessages.passwordTooShort;
  return null;
}

/** docs/product.md section 2, Reset page: opened from the link of the reset email. */
export function ResetPasswordPage() {
  useDocumentTitle(screens.resetPassword.title);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: (newPassword: string) => resetPassword(token, newPassword),
  });
  const pending = reset.isPending;

  useEffect(() => {
    if (success === null) return;
    const timer = window.setTimeout(() => {
      void navigate(accountNav.signIn.to, { state: PASSWORD_CHANGED });
    }, RESET_REDIRECT_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [success, navigate]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || success !== null) return;
    const problem = passwordProblem(password, confirmPassword);
    if (problem !== null) {
      setError(problem);
      return;
    }
    setError(null);
    reset.mutate(password, {
      onSuccess: (message) => {
        setError(null);
        setSuccess(message ?? AuthMessages.resetDone);
      },
      onError: (failure) => {
        setSuccess(null);
        // A network failure has no server text either: docs/product.md section 8's fallback covers both.
        setError(
          failure instanceof ApiError && failure.status !== 0 && failure.fromServer
            ? failure.message
            : AuthMessages.somethingWentWrong,
        );
      },
    });
  };

  return (
    <section className="reset-password" aria-labelledby="screen-title">
      <h1 id="screen-title">{screens.resetPassword.title}</h1>
      <form className="reset-password__form" aria-labelledby="screen-title" onSubmit={submit}>
        <p className="reset-password__intro">{copy.intro}</p>
        {success !== null && <Notice tone="success">{success}</Notice>}
        {error !== null && <Notice tone="error">{error}</Notice>}
        <AuthField
          label={copy.labels.password}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={copy.hint(PASSWORD_MIN_LENGTH)}
          value={password}
          onChange={setPassword}
        />
        <AuthField
          label={copy.labels.confirmPassword}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={setConfirmPassword}
        />
        <button
          className="button reset-password__submit"
          type="submit"
          disabled={pending || success !== null}
        >
          {pending ? copy.submitting : copy.submit}
        </button>
        <Link className="reset-password__back" to={accountNav.signIn.to}>
          {copy.backToLogin}
        </Link>
      </form>
    </section>
  );
}
