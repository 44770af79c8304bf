import { AuthMessages } from '@hs/api/domain/auth/auth-messages';
import { ApiError, apiRequest } from './api-client';

/** Where the Google button sends the browser: the API redirects on to Google from there. */
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';

export interface LoginForm {
  email: string;
  password: string;
}

export interface SignUpForm extends LoginForm {
  firstName: string;
  lastName: string;
  address: string;
  confirmPassword: string;
}

/** What a login, sign-up or Google exchange gives the site (docs/product.md section 3). */
export interface SignedInSession {
  readonly token: string;
  /** The name the header welcomes: user.name, else user.firstName. */
  readonly name: string;
  /** The server's success text, or null when it sent none. */
  readonly message: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function sessionOf(body: unknown): SignedInSession {
  const token = isRecord(body) ? textOf(body.token) : null;
  // A 2xx without a token cannot sign anybody in; it reads like any other unexplained failure.
  if (!isRecord(body) || token === null) {
    throw new ApiError(AuthMessages.somethingWentWrong, 500, {}, false);
  }
  const user = isRecord(body.user) ? body.user : {};
  return {
    token,
    name: textOf(user.name) ?? textOf(user.firstName) ?? '',
    message: textOf(body.message),
  };
}

async function messageOf(request: Promise<unknown>): Promise<string | null> {
  const body = await request;
  return isRecord(body) ? textOf(body.message) : null;
}

export async function logIn(form: LoginForm): Promise<SignedInSession> {
  return sessionOf(await apiRequest<unknown>('/api/auth/login', { method: 'POST', body: form }));
}

export async function signUp(form: SignUpForm): Promise<SignedInSession> {
  return sessionOf(await apiRequest<unknown>('/api/auth/register', { method: 'POST', body: form }));
}

/**
 * Trades the one-time code Google's callback put in the address for a session. fetch sends the
 * same-origin cookie that binds the code to this browser without being asked.
 */
export async function exchangeGoogleCode(code: string): Promise<SignedInSession> {
  return sessionOf(
    await apiRequest<unknown>('/api/auth/google/exchange', { method: 'POST', body: { code } }),
  );
}

/** Answers the server's message, or null when it sent none. */
export function requestPasswordReset(email: string): Promise<string | null> {
  return messageOf(
    apiRequest<unknown>('/api/auth/forgot-password', { method: 'POST', body: { email } }),
  );
}

/** Answers the server's message, or null when it sent none. */
export function resetPassword(token: string, password: string): Promise<string | null> {
  return messageOf(
    apiRequest<unknown>(`/api/auth/reset-password/${encodeURIComponent(token)}`, {
      method: 'POST',
      body: { password },
    }),
  );
}

/** The token of an email-change link: moves the account to its new address. */
export async function confirmEmailChange(token: string): Promise<{ message: string }> {
  const message = await messageOf(
    apiRequest<unknown>('/api/auth/confirm-email-change', { method: 'POST', body: { token } }),
  );
  return { message: message ?? AuthMessages.emailChangeConfirmed };
}

/** The welcome email's signed link: proves the account's address. */
export async function verifyEmail(user: string, token: string): Promise<{ message: string }> {
  const message = await messageOf(
    apiRequest<unknown>('/api/auth/verify-email', { method: 'POST', body: { user, token } }),
  );
  return { message: message ?? AuthMessages.emailVerified };
}

/**
 * Whether the API can start a Google sign-in. Navigating to it blind would leave an unconfigured
 * site showing a bare JSON error page; a HEAD request learns the same without leaving. A
 * configured API answers with a redirect to Google, which `manual` keeps us from following.
 */
export async function googleSignInAvailable(): Promise<boolean> {
  try {
    const response = await fetch(GOOGLE_SIGN_IN_PATH, {
      method: 'HEAD',
      redirect: 'manual',
      cache: 'no-store',
    });
    return response.status !== 503;
  } catch {
    // The navigation itself will tell an offline visitor more than we could.
    return true;
  }
}

/** A full page navigation: the OAuth dance runs through the API's redirects, not this app. */
export function goToGoogleSignIn(): void {
  window.location.assign(GOOGLE_SIGN_IN_PATH);
}
