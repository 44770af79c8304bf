import { cleanup, screen } from '@testing-library/react';
import { renderWithQueryClient } from '../test-support/render';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test-support/api-stub';
import { routes } from '../app/routes';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The API confirms whatever it is asked, and the test counts how often it was asked. */
function answerEveryPost(message: string) {
  return stubApi({ 'POST *': { json: { message } } }).fetch;
}

/**
 * Through the site's routes, under StrictMode as main.tsx renders the site: in development React
 * runs every effect twice, which must not follow a link twice.
 */
function openLink(path: string) {
  renderWithQueryClient(
    <StrictMode>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </StrictMode>,
  );
}

/** The page's code loads on demand (a lazy route), which a busy machine takes a while to do. */
const LOADS_WITHIN = { timeout: 5_000 };

const postsTo = (spy: ReturnType<typeof answerEveryPost>, url: string) =>
  spy.mock.calls.filter(([called, init]) => called === url && init?.method === 'POST');

describe('a page that follows an emailed link as it opens', () => {
  it.each([
    [
      'the newsletter confirmation',
      '/newsletter/confirm?subscriber=sub-1&token=signed-1',
      '/api/newsletter/confirm',
    ],
    [
      'the newsletter unsubscribe link',
      '/newsletter/unsubscribe?subscriber=sub-2&token=signed-2',
      '/api/newsletter/unsubscribe',
    ],
    [
      'the welcome email’s verification',
      '/account/verify-email?user=0123456789abcdef01234567&token=signed-3',
      '/api/auth/verify-email',
    ],
    [
      'a new address’s confirmation',
      '/account/confirm-email?token=signed-4',
      '/api/auth/confirm-email-change',
    ],
  ])('posts %s once, even when React runs its effects twice', async (_, path, url) => {
    const fetchSpy = answerEveryPost('Done.');
    openLink(path);
    expect((await screen.findByText('Done.', {}, LOADS_WITHIN)).getAttribute('role')).toBe(
      'status',
    );
    expect(postsTo(fetchSpy, url)).toHaveLength(1);
  });

  it('says what the server answered to each of two different links opened one after the other', async () => {
    const fetchSpy = answerEveryPost('Done.');
    openLink('/newsletter/confirm?subscriber=sub-5&token=a');
    await screen.findByText('Done.', {}, LOADS_WITHIN);
    cleanup();
    openLink('/newsletter/confirm?subscriber=sub-6&token=b');
    await screen.findByText('Done.', {}, LOADS_WITHIN);
    expect(postsTo(fetchSpy, '/api/newsletter/confirm')).toHaveLength(2);
  });
});
