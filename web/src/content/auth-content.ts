/**
 * The words of the auth screen and the reset page. Messages the API also sends come from
 * AuthMessages (@hs/api/domain/auth/auth-messages); these are the ones only the site says.
 */

export type AuthMode = 'login' | 'signup' | 'forgot';

export const authContent = {
  /** The heading of each mode, under the screen's one h1. */
  modeHeading: {
    login: 'Log in to your account',
    signup: 'Sign Up',
    forgot: 'Forgot Password',
  } satisfies Record<AuthMode, string>,
  forgotIntro: 'Enter the email of your account and we will send you a link to reset its password.',
  google: 'Continue with Google',
  googleChecking: 'Opening Google sign-in…',
  divider: 'or',
  labels: {
    firstName: 'First name',
    lastName: 'Last name',
    address: 'Address',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm password',
  },
  submit: {
    login: 'Login',
    signup: 'Sign Up',
    forgot: 'Send Reset Link',
  } satisfies Record<AuthMode, string>,
  submitting: {
    login: 'Logging in…',
    signup: 'Signing up…',
    forgot: 'Sending…',
  } satisfies Record<AuthMode, string>,
  forgotLink: 'Forgot Password?',
  toSignUp: { prompt: 'Don’t have an account?', action: 'Sign Up' },
  toLogin: { prompt: 'Already have an account?', action: 'Login' },
  backToLogin: 'Back to Login',
  messages: {
    /** docs/product.md section 8: a login or sign-up that never reached the server. */
    networkError: 'Error occurred. Please try again.',
    /** docs/product.md section 8: a forgot-password request the server answered without a message. */
    resetLinkSent: 'Password reset link sent!',
    /** docs/product.md section 8: a forgot-password request that never reached the server. */
    resetLinkFailed: 'Failed to send reset link!',
  },
} as const;

export const resetPasswordContent = {
  intro: 'Choose a new password for your account.',
  labels: {
    password: 'New password',
    confirmPassword: 'Confirm new password',
  },
  hint: (minLength: number) => `At least ${minLength} characters.`,
  submit: 'Reset Password',
  submitting: 'Resetting…',
  backToLogin: 'Back to Login',
} as const;
