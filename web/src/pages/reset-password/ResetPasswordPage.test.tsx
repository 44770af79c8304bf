import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub, jsonResponse } from '../../test-support/api-stub';
import { AuthPage } from '../auth/AuthPage';
import { RESET_REDIRECT_MS, ResetPasswordPage } from './ResetPasswordPage';

const api = createApiStub();

beforeEach(() => {
  api.install();
});

afterEach(() => {
  cleanup();
  api.reset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderReset(token = 'reset-token') {
  const router = createMemoryRouter(
    [
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      { path: '/signup/register', element: <AuthPage /> },
    ],
    { initialEntries: [`/reset-password/${encodeURIComponent(token)}`] },
  );
  renderWithQueryClient(<RouterProvider router={router} />);
  return router;
}

const newPassword = () => screen.getByLabelText<HTMLInputElement>('New password');
const confirmPassword = () => screen.getByLabelText<HTMLInputElement>('Confirm new password');
const submitButton = () =>
  screen.getByRole<HTMLButtonElement>('button', { name: 'Reset Password' });

/**
 * Submits and lets the stubbed answer travel through fetch, JSON parsing and React until the
 * button no longer says it is at work. Testing Library's find* queries wait on setTimeout, which
 * the redirect test fakes; the limit turns a hang into a failure.
 */
async function submit(password: string, confirm = password) {
  fireEvent.change(newPassword(), { target: { value: password } });
  fireEvent.change(confirmPassword(), { target: { value: confirm } });
  const form = newPassword().closest('form');
  if (form === null) throw new Error('the password field is not in a form');
  fireEvent.submit(form);
  for (let round = 0; screen.queryByRole('button', { name: 'Resetting…' }) !== null; round += 1) {
    if (round === 100) throw new Error('the reset never finished');
    await act(async () => {
      await Promise.resolve();
    });
  }
}

describe('ResetPasswordPage (docs/product.md sections 2, 4, 5 and 8)', () => {
  it('asks for a new password twice, both required', () => {
    renderReset();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Reset Your Password');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const input of [newPassword(), confirmPassword()]) {
      expect(input.type).toBe('password');
      expect(input.required).toBe(true);
    }
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('refuses passwords that do not match, without calling the API', async () => {
    renderReset();
    await submit('secret-one', 'secret-two');
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match!');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('checks the match before the length', async () => {
    renderReset();
    await submit('abc', 'abd');
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match!');
  });

  it('refuses a password under 6 characters, without calling the API', async () => {
    renderReset();
    await submit('abcde');
    expect(screen.getByRole('alert').textContent).toBe(
      'Password must be at least 6 characters long',
    );
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('resets, shows the server’s message in green and goes to login after 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    api.fetch.mockResolvedValue(jsonResponse(200, { message: 'Your password has been reset.' }));
    const router = renderReset('to/ken');
    await submit('abcde', 'abcde');
    screen.getByRole('alert');

    await submit('abcdef');
    expect(screen.getByRole('status').textContent).toBe('Your password has been reset.');
    expect(screen.getByRole('status').className).toContain('notice--success');
    expect(screen.queryByRole('alert')).toBeNull();
    const [url, init] = api.fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/reset-password/to%2Fken');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ password: 'abcdef' }));
    expect(submitButton().disabled).toBe(true);

    act(() => {
      vi.advanceTimersByTime(RESET_REDIRECT_MS - 1);
    });
    expect(router.state.location.pathname).toBe('/reset-password/to%2Fken');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(router.state.location.pathname).toBe('/signup/register');
  });

  it('leads to a login page that says the password was changed, to log in with the new one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    api.fetch.mockResolvedValue(jsonResponse(200, { message: 'Your password has been reset.' }));
    const router = renderReset();
    await submit('a new secret 7');
    act(() => {
      vi.advanceTimersByTime(RESET_REDIRECT_MS);
    });
    expect(router.state.location.pathname).toBe('/signup/register');
    screen.getByRole('heading', { level: 2, name: 'Log in to your account' });
    expect(screen.getByRole('status').textContent).toBe(
      'Your password has been reset. You can log in with your new password.',
    );
    // Said once: the address no longer carries it, so a reload or a return says nothing.
    expect(router.state.location.state).toBeNull();
    screen.getByRole('status');
  });

  it('shows its own success text when the server sends none', async () => {
    api.fetch.mockResolvedValue(jsonResponse(200, {}));
    renderReset();
    await submit('abcdef');
    expect(screen.getByRole('status').textContent).toBe(
      'Your password has been reset. You can log in with your new password.',
    );
  });

  it('shows the server’s refusal in red and stays', async () => {
    api.fetch.mockResolvedValue(
      jsonResponse(400, {
        error: 'This reset link is invalid, has expired or has already been used.',
      }),
    );
    const router = renderReset();
    await submit('abcdef');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      'This reset link is invalid, has expired or has already been used.',
    );
    expect(alert.className).toContain('notice--error');
    expect(screen.queryByRole('status')).toBeNull();
    expect(submitButton().disabled).toBe(false);
    expect(router.state.location.pathname).toBe('/reset-password/reset-token');
  });

  it('replaces a client-side error with the server’s', async () => {
    api.fetch.mockResolvedValue(jsonResponse(429, { error: 'Too many attempts.' }));
    renderReset();
    await submit('abc');
    await submit('abcdef');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toBe('Too many attempts.');
  });

  it('says Something went wrong! when a refusal carries no text', async () => {
    api.fetch.mockResolvedValue(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    renderReset();
    await submit('abcdef');
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong!');
  });

  it('says Something went wrong! when the server cannot be reached', async () => {
    api.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    renderReset();
    await submit('abcdef');
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong!');
    expect(submitButton().disabled).toBe(false);
  });
});
