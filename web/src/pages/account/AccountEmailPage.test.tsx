import { cleanup, screen } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../test-support/api-stub';
import { routes } from '../../app/routes';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The API answers the page's one call with `status` and `body`. */
function answer(status: number, body: unknown) {
  return stubApi({ '*': () => jsonResponse(status, body) }).fetch;
}

/** Through the site's own routes: the path in the email must lead to this page. */
function openLink(path: string) {
  renderWithQueryClient(
    <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />,
  );
}

function request(fetchSpy: MockInstance<typeof fetch>) {
  expect(fetchSpy).toHaveBeenCalledTimes(1);
  const [url, init] = fetchSpy.mock.calls[0] ?? [];
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  return { url, method: init?.method, body };
}

describe('the pages behind the account emails’ links', () => {
  it('confirms a new email with the token of the link, and says so', async () => {
    const fetchSpy = answer(200, {
      message:
        'Your email address has been changed, and every device has been signed out. Please log in with your new address.',
    });
    openLink('/account/confirm-email?token=abc_DEF-123');

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your new email' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your email address has been changed, and every device has been signed out. Please log in with your new address.',
    );
    expect(request(fetchSpy)).toEqual({
      url: '/api/auth/confirm-email-change',
      method: 'POST',
      body: { token: 'abc_DEF-123' },
    });
  });

  it('shows the refusal of the server when the address was taken meanwhile', async () => {
    answer(409, { error: 'Another account now uses this email address.' });
    openLink('/account/confirm-email?token=abc');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Another account now uses this email address.',
    );
  });

  it("confirms the account's address from the welcome email's signed link", async () => {
    const fetchSpy = answer(200, { message: 'Thank you: your email address is confirmed.' });
    openLink('/account/verify-email?user=0123456789abcdef01234567&token=signed');

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your email' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Thank you: your email address is confirmed.',
    );
    expect(request(fetchSpy)).toEqual({
      url: '/api/auth/verify-email',
      method: 'POST',
      body: { user: '0123456789abcdef01234567', token: 'signed' },
    });
  });
});
