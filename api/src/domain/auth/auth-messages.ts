/**
 * Every message the account screens show, in docs/product.md's words where it gives them. The API sends
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
  passwordTooCommon: 'This password is too common. Please choose another.',
  loginDelayed: 'Too many failed logins for this account. Please wait a few seconds and try again.',
  loggedOut: 'You have been logged out.',
  googleEmailUnverified:
    'An account with this email already exists. Sign in with your password, or confirm your email from our welcome email, then try Google again.',
  emailChangeConfirmed:
    'Your email address has been changed, and every device has been signed out. Please log in with your new address.',
  emailChangeLinkInvalid:
    'This confirmation link is invalid, has expired or has already been used.',
  emailChangeTaken:
    'Another account now uses this email address, so it cannot be moved to yours. Please choose another address in your profile.',
  emailVerified: 'Thank you: your email address is confirmed.',
  emailVerifyLinkInvalid:
    'This confirmation link is invalid, or your account now uses another email address.',
  somethingWentWrong: 'Something went wrong!',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The sign-in page's `?google_error=` when Google found a password account with its email that
 * nobody has confirmed: the page explains, instead of a bare 'Google Sign-In Failed'.
 */
export const GOOGLE_EMAIL_UNVERIFIED = 'email-unverified';
