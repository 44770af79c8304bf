import type * as AuthApi from '../../api/auth-api';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub, jsonResponse } from '../../test-support/api-stub';
import { goToGoogleSignIn } from '../../api/auth-api';
import { AuthPage } from './AuthPage';
import { afterSignIn, SIGNED_IN_REDIRECT_MS } from './use-signed-in-redirect';

// The one step jsdom cannot take: leaving the page for Google.
vi.mock('../../api/auth-api', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthApi>()),
  goToGoogleSignIn: vi.fn(),
}));

const api = createApiStub();

beforeEach(() => {
  api.install();
  window.history.replaceState(null, '', '/signup/register');
});

afterEach(() => {
  cleanup();
  api.reset();
  vi.mocked(goToGoogleSignIn).mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
});

function renderAuth(path = '/signup/register') {
  const router = createMemoryRouter(
    [
      { path: '/signup/register', element: <AuthPage /> },
      { path: '/login', element: <AuthPage /> },
      { path: '/', element: <h1>Home</h1> },
    ],
    { initialEntries: [path] },
  );
  renderWithQueryClient(<RouterProvider router={router} />);
  return router;
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

async function submitForm() {
  const form = field('Email').closest('form');
  if (form === null) throw new Error('the email field is not in a form');
  await act(async () => {
    fireEvent.submit(form);
    await Promise.resolve();
  });
}

/**
 * Lets the stubbed answer travel through fetch, JSON parsing and React until `done` holds.
 * Testing Library's find* queries wait on setTimeout, which the redirect tests fake, so those
 * tests step through the pending promises themselves; the limit turns a hang into a failure.
 */
async function settleUntil(done: () => boolean) {
  for (let round = 0; !done(); round += 1) {
    if (round === 100) throw new Error('the page never reached the state the test waits for');
    await act(async () => {
      await Promise.resolve();
    });
  }
}

const shown = (role: 'status' | 'alert') => () => screen.queryByRole(role) !== null;

function request(index = 0): { url: unknown; method: unknown; body: unknown } {
  const [url, init] = api.fetch.mock.calls[index] ?? [];
  const body = init?.body;
  return {
    url,
    method: init?.method,
    body: typeof body === 'string' ? JSON.parse(body) : body,
  };
}

async function logIn(email = 'jo@example.com', password = 'secret-pass') {
  type('Email', email);
  type('Password', password);
  await submitForm();
}

describe('AuthPage modes (docs/product.md sections 2 and 4)', () => {
  it('opens in login mode with Google, a divider, the form and the two links', () => {
    renderAuth();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Login');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Continue with Google' }).getAttribute('href')).toBe(
      '/api/auth/google',
    );
    screen.getByText('or');
    expect(field('Email').type).toBe('email');
    expect(field('Email').required).toBe(true);
    expect(field('Password').type).toBe('password');
    expect(field('Password').required).toBe(true);
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect(button('Login').type).toBe('submit');
    button('Forgot Password?');
    button('Sign Up');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the same screen at /login', () => {
    renderAuth('/login');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Login');
    expect(button('Login').type).toBe('submit');
  });

  it('toggles between login and sign-up', () => {
    renderAuth();
    fireEvent.click(button('Sign Up'));

    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading.textContent).toBe('Sign Up');
    expect(document.activeElement).toBe(heading);
    for (const label of ['First name', 'Last name', 'Address', 'Email', 'Password']) {
      expect(field(label).required).toBe(true);
    }
    expect(field('Confirm password').required).toBe(true);
    expect(field('Email').type).toBe('email');
    expect(button('Sign Up').type).toBe('submit');
    expect(screen.queryByRole('button', { name: 'Forgot Password?' })).toBeNull();

    fireEvent.click(button('Login'));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Log in to your account');
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect(button('Login').type).toBe('submit');
  });

  it('goes to forgot mode by its link and back by Back to Login', () => {
    renderAuth();
    type('Email', 'jo@example.com');
    fireEvent.click(button('Forgot Password?'));

    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Forgot Password');
    expect(field('Email').value).toBe('jo@example.com');
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Forgot Password?' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    expect(button('Send Reset Link').type).toBe('submit');

    fireEvent.click(button('Back to Login'));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Log in to your account');
    button('Forgot Password?');
  });

  it('clears a message when the visitor switches mode', async () => {
    api.fetch.mockResolvedValue(jsonResponse(401, { error: 'Incorrect email or password.' }));
    renderAuth();
    await logIn();
    await screen.findByRole('alert');
    fireEvent.click(button('Sign Up'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('AuthPage login and sign-up (docs/product.md sections 4, 7 and 8)', () => {
  it('logs in, keeps the token and name, says so and goes home after a moment', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    api.fetch.mockResolvedValue(
      jsonResponse(200, {
        token: 'jwt-1',
        user: { name: 'Jo Smith', firstName: 'Jo' },
        message: 'Login Successful!',
      }),
    );
    const router = renderAuth();
    await logIn();
    await settleUntil(shown('status'));

    expect(screen.getByRole('status').textContent).toBe('Login Successful!');
    expect(request()).toEqual({
      url: '/api/auth/login',
      method: 'POST',
      body: { email: 'jo@example.com', password: 'secret-pass' },
    });
    expect(window.localStorage.getItem('authToken')).toBe('jwt-1');
    expect(window.localStorage.getItem('username')).toBe('Jo Smith');
    expect(button('Login').disabled).toBe(true);

    act(() => {
      vi.advanceTimersByTime(SIGNED_IN_REDIRECT_MS - 1);
    });
    expect(router.state.location.pathname).toBe('/signup/register');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes on to the page that sent the visitor to log in, on this site only', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    api.fetch.mockResolvedValue(
      jsonResponse(200, {
        token: 'jwt-1',
        user: { name: 'Jo Smith' },
        message: 'Login Successful!',
      }),
    );
    const router = renderAuth(
      `/login?${new URLSearchParams({ next: '/admin?tab=queues' }).toString()}`,
    );
    await logIn();
    await settleUntil(shown('status'));
    act(() => {
      vi.advanceTimersByTime(SIGNED_IN_REDIRECT_MS);
    });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/admin?tab=queues',
    );
  });

  it.each([
    [null, '/'],
    ['/dashboard', '/dashboard'],
    ['https://evil.example/', '/'],
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
  ])('takes next=%j as %j', (next, destination) => {
    expect(afterSignIn(next)).toBe(destination);
  });

  it('falls back to its own success text and to user.firstName', async () => {
    api.fetch.mockResolvedValue(jsonResponse(200, { token: 'jwt-2', user: { firstName: 'Jo' } }));
    renderAuth();
    await logIn();
    expect((await screen.findByRole('status')).textContent).toBe('Login Successful!');
    expect(window.localStorage.getItem('username')).toBe('Jo');
  });

  it('signs up with all six fields and says Signup Successful!', async () => {
    api.fetch.mockResolvedValue(
      jsonResponse(201, {
        token: 'jwt-3',
        user: { name: 'Ann Lee' },
        message: 'Signup Successful!',
      }),
    );
    renderAuth();
    fireEvent.click(button('Sign Up'));
    type('First name', 'Ann');
    type('Last name', 'Lee');
    type('Address', '1 Main St');
    type('Email', 'ann@example.com');
    type('Password', 'secret-pass');
    type('Confirm password', 'secret-pass');
    await submitForm();

    expect((await screen.findByRole('status')).textContent).toBe('Signup Successful!');
    expect(request()).toEqual({
      url: '/api/auth/register',
      method: 'POST',
      body: {
        firstName: 'Ann',
        lastName: 'Lee',
        address: '1 Main St',
        email: 'ann@example.com',
        password: 'secret-pass',
        confirmPassword: 'secret-pass',
      },
    });
    expect(window.localStorage.getItem('authToken')).toBe('jwt-3');
    expect(window.localStorage.getItem('username')).toBe('Ann Lee');
  });

  it('falls back to Signup Successful! when the server sends no message', async () => {
    api.fetch.mockResolvedValue(jsonResponse(201, { token: 'jwt-4', user: { firstName: 'Ann' } }));
    renderAuth();
    fireEvent.click(button('Sign Up'));
    await submitForm();
    expect((await screen.findByRole('status')).textContent).toBe('Signup Successful!');
  });

  it('shows the server’s refusal and keeps the visitor on the page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    api.fetch.mockResolvedValue(jsonResponse(401, { error: 'Incorrect email or password.' }));
    const router = renderAuth();
    await logIn();
    await settleUntil(shown('alert'));

    expect(screen.getByRole('alert').textContent).toBe('Incorrect email or password.');
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(button('Login').disabled).toBe(false);
    act(() => {
      vi.advanceTimersByTime(SIGNED_IN_REDIRECT_MS * 2);
    });
    expect(router.state.location.pathname).toBe('/signup/register');
  });

  it('marks the fields the server names', async () => {
    api.fetch.mockResolvedValue(
      jsonResponse(400, {
        error: 'An account with this email already exists. Please log in instead.',
        fields: { email: 'An account with this email already exists. Please log in instead.' },
      }),
    );
    renderAuth();
    fireEvent.click(button('Sign Up'));
    await submitForm();

    await screen.findByRole('alert');
    const email = field('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'An account with this email already exists. Please log in instead.',
    );
    expect(field('Password').getAttribute('aria-invalid')).toBe('false');

    type('Email', 'other@example.com');
    expect(field('Email').getAttribute('aria-invalid')).toBe('false');
  });

  it('says Something went wrong! when a refusal carries no text', async () => {
    api.fetch.mockResolvedValue(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    renderAuth();
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong!');
  });

  it('says Something went wrong! when a 2xx answer carries no token', async () => {
    api.fetch.mockResolvedValue(jsonResponse(200, { message: 'Login Successful!' }));
    renderAuth();
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong!');
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it.each(['Login', 'Sign Up'])('says so when %s cannot reach the server', async (mode) => {
    api.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    renderAuth();
    if (mode === 'Sign Up') fireEvent.click(button('Sign Up'));
    await submitForm();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error occurred. Please try again.',
    );
    expect(button(mode).disabled).toBe(false);
  });
});

describe('AuthPage forgot password (docs/product.md sections 4 and 8)', () => {
  async function sendResetLink(email = 'jo@example.com') {
    fireEvent.click(button('Forgot Password?'));
    type('Email', email);
    await submitForm();
  }

  it('sends the link, shows the server’s message, clears the email and returns to login', async () => {
    api.fetch.mockResolvedValue(jsonResponse(200, { message: 'Check your inbox.' }));
    renderAuth();
    await sendResetLink();

    expect((await screen.findByRole('status')).textContent).toBe('Check your inbox.');
    expect(request()).toEqual({
      url: '/api/auth/forgot-password',
      method: 'POST',
      body: { email: 'jo@example.com' },
    });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Log in to your account');
    expect(field('Email').value).toBe('');
    expect(button('Login').type).toBe('submit');
  });

  it('says Password reset link sent! when the server sends no message', async () => {
    api.fetch.mockResolvedValue(jsonResponse(200, {}));
    renderAuth();
    await sendResetLink();
    expect((await screen.findByRole('status')).textContent).toBe('Password reset link sent!');
  });

  it('shows the server’s refusal and stays in forgot mode', async () => {
    api.fetch.mockResolvedValue(
      jsonResponse(429, { error: 'Too many attempts. Please wait a few minutes and try again.' }),
    );
    renderAuth();
    await sendResetLink();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(field('Email').value).toBe('jo@example.com');
    button('Send Reset Link');
  });

  it('says Something went wrong! when a refusal carries no text', async () => {
    api.fetch.mockResolvedValue(jsonResponse(500, {}));
    renderAuth();
    await sendResetLink();
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong!');
  });

  it('says Failed to send reset link! when the server cannot be reached', async () => {
    api.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    renderAuth();
    await sendResetLink();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send reset link!');
    expect(field('Email').value).toBe('jo@example.com');
  });
});

describe('AuthPage Google sign-in (docs/product.md sections 4 and 8)', () => {
  function returnFromGoogle(search: string) {
    window.history.replaceState(null, '', `/signup/register${search}`);
    return renderAuth(`/signup/register${search}`);
  }

  it('trades the one-time code for a session, hides it from the address and goes home', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    api.fetch.mockResolvedValue(
      jsonResponse(200, {
        token: 'jwt-g',
        user: { name: 'Gail Goo' },
        message: 'Google Login Successful!',
      }),
    );
    const router = returnFromGoogle('?google=one-time-code&ref=mail');
    await settleUntil(shown('status'));

    expect(window.location.search).toBe('?ref=mail');
    expect(screen.getByRole('status').textContent).toBe('Google Login Successful!');
    expect(api.fetch).toHaveBeenCalledTimes(1);
    expect(request()).toEqual({
      url: '/api/auth/google/exchange',
      method: 'POST',
      body: { code: 'one-time-code' },
    });
    expect(window.localStorage.getItem('authToken')).toBe('jwt-g');
    expect(window.localStorage.getItem('username')).toBe('Gail Goo');

    act(() => {
      vi.advanceTimersByTime(SIGNED_IN_REDIRECT_MS);
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('falls back to Google Login Successful! when the server sends no message', async () => {
    api.fetch.mockResolvedValue(jsonResponse(200, { token: 'jwt-g', user: { firstName: 'Gail' } }));
    returnFromGoogle('?google=one-time-code');
    expect((await screen.findByRole('status')).textContent).toBe('Google Login Successful!');
    expect(window.localStorage.getItem('username')).toBe('Gail');
  });

  it('says Google Sign-In Failed when the code is refused', async () => {
    api.fetch.mockResolvedValue(jsonResponse(400, { error: 'Google Sign-In Failed' }));
    returnFromGoogle('?google=stale-code');
    expect((await screen.findByRole('alert')).textContent).toBe('Google Sign-In Failed');
    expect(window.location.search).toBe('');
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(button('Login').disabled).toBe(false);
  });

  it('says Google Sign-In Failed when the exchange cannot reach the server', async () => {
    api.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    returnFromGoogle('?google=one-time-code');
    expect((await screen.findByRole('alert')).textContent).toBe('Google Sign-In Failed');
  });

  it('says Google Sign-In Failed on ?google_error=1 without calling the API', () => {
    returnFromGoogle('?google_error=1');
    expect(screen.getByRole('alert').textContent).toBe('Google Sign-In Failed');
    expect(window.location.search).toBe('');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('explains why Google did not sign in to an account whose email was never confirmed', () => {
    returnFromGoogle('?google_error=email-unverified');
    expect(screen.getByRole('alert').textContent).toBe(
      'An account with this email already exists. Sign in with your password, or confirm your email from our welcome email, then try Google again.',
    );
    expect(window.location.search).toBe('');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('leaves for Google when the API can start a sign-in', async () => {
    api.fetch.mockResolvedValue(new Response(null, { status: 302 }));
    renderAuth();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Continue with Google' }));
      await Promise.resolve();
    });

    expect(goToGoogleSignIn).toHaveBeenCalledTimes(1);
    const [url, init] = api.fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/google');
    expect(init?.method).toBe('HEAD');
    expect(init?.redirect).toBe('manual');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays and says so when Google sign-in is not configured', async () => {
    api.fetch.mockResolvedValue(new Response(null, { status: 503 }));
    renderAuth();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Continue with Google' }));
      await Promise.resolve();
    });

    expect((await screen.findByRole('alert')).textContent).toBe('Google sign-in is not configured');
    expect(goToGoogleSignIn).not.toHaveBeenCalled();
  });

  it('leaves a modified click (a new tab) to the browser', () => {
    renderAuth();
    fireEvent.click(screen.getByRole('link', { name: 'Continue with Google' }), { ctrlKey: true });
    expect(api.fetch).not.toHaveBeenCalled();
    expect(goToGoogleSignIn).not.toHaveBeenCalled();
  });
});
