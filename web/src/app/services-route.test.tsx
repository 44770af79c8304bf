import { CATALOGUE, SERVICES } from '@hs/api/domain/booking/catalogue';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithQueryClient } from '../test-support/render';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test-support/api-stub';
import { routes } from './routes';

// A file of its own: the route starts its downloads the first time it renders, once per page
// load, and routes.test.tsx renders it before.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the services route', () => {
  it('asks for the catalogue and the first card’s picture as its code loads, each once', async () => {
    const { fetch } = stubApi({ 'GET /api/catalogue': { json: CATALOGUE } });
    renderWithQueryClient(
      <RouterProvider
        router={createMemoryRouter(routes, { initialEntries: ['/service/service1'] })}
      />,
    );

    // Before the page's code has rendered anything of its own.
    expect(screen.queryByRole('heading', { level: 1, name: 'Services' })).toBeNull();
    expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/api/catalogue']);
    const preloads = document.head.querySelectorAll('link[rel="preload"][as="image"]');
    expect(preloads).toHaveLength(1);

    const list = await screen.findByRole('list', { name: 'Services' });
    expect(fetch.mock.calls.filter(([path]) => path === '/api/catalogue')).toHaveLength(1);
    // The card's <img> asks for exactly what was preloaded, so the browser reuses the download.
    const [first, second] = within(list).getAllByRole('article');
    const picture = first?.querySelector('img');
    const preload = preloads[0];
    expect(picture?.getAttribute('srcset')).toContain(`${SERVICES[0]?.image ?? '?'}-480.webp`);
    expect(preload?.getAttribute('imagesrcset')).toBe(picture?.getAttribute('srcset'));
    expect(preload?.getAttribute('imagesizes')).toBe(picture?.getAttribute('sizes'));
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
    expect(picture?.getAttribute('fetchpriority')).toBe('high');
    expect(picture?.getAttribute('loading')).toBe('eager');
    // Below the fold on a phone: lazy, as every other card.
    expect(second?.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    expect(second?.querySelector('img')?.hasAttribute('fetchpriority')).toBe(false);
  });
});
