import { type AuthMode, authContent as copy } from '../../content/auth-content';

interface AuthModeLinksProps {
  readonly mode: AuthMode;
  readonly busy: boolean;
  readonly onSwitch: (mode: AuthMode) => void;
}

/** The ways to the other modes: Forgot Password, back to Login, and Sign Up or Login. */
export function AuthModeLinks({ mode, busy, onSwitch }: AuthModeLinksProps) {
  return (
    <div className="auth__links">
      {mode === 'login' && (
        <button
          className="auth__link"
          type="button"
          disabled={busy}
          onClick={() => {
            onSwitch('forgot');
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
            onSwitch('login');
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
              onSwitch(mode === 'login' ? 'signup' : 'login');
            }}
          >
            {mode === 'login' ? copy.toSignUp.action : copy.toLogin.action}
          </button>
        </p>
      )}
    </div>
  );
}
