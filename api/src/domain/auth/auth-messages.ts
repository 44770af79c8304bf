/**
 * Every message the account screens show, in SPEC.md's words where it gives them. The API sends
 * them and the site shows them; neither writes its own copy.
 */
export const AuthMessages = {
  signupSuccess: 'Signup Successful!',
  loginSuccess: 'Login Successful!',
  googleLoginSuccess: 'Google Login Successful!',
  googleLoginFailed: 'Google Sign-In Failed',
  googleNotConfigured: 'Google sign-in is not configured',
  passwordsDoNotMatch: 'Passwords do not match!',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  invalidEmail: 'Please enter a valid email address.',
  invalidCredentials: 'Incorrect email or password.',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  resetLinkSent:
    'If an account exists for that email, we have sent a link to reset its password. It is valid for 1 hour.',
  resetDone: 'Your password has been reset. You can log in with your new password.',
  resetLinkInvalid: 'This reset link is invalid, has expired or has already been used.',
  signInRequired: 'Please log in to continue.',
  sessionExpired: 'Your session has ended. Please log in again.',
  adminOnly: 'This area is for the Home Services team only.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  profileUpdated: 'Profile updated successfully!',
  somethingWentWrong: 'Something went wrong!',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
