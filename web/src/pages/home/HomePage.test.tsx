import { CATALOGUE } from '@hs/api/domain/booking/catalogue';
import { act, cleanup, screen } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test-support/api-stub';
import { HomePage } from './HomePage';
import { removeMatchMedia, stubMatchMedia } from './test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  removeMatchMedia();
});

/** The later sections are a lazily loaded chunk, which a busy machine takes seconds to load. */
const CHUNK_LOADS_WITHIN = { timeout: 15_000 };

function renderHome() {
  stubMatchMedia({ width: 1280 });
  stubApi({ 'GET /api/catalogue': { json: CATALOGUE } });
  renderWithQueryClient(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
}

describe('HomePage', () => {
  it('has exactly one h1, named Home', () => {
    renderHome();
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]?.textContent).toBe('Home');
  });

  it("puts the sections in docs/product.md's order, with no heading level skipped", async () => {
    renderHome();
    await screen.findAllByRole('link', { name: /Garden Maintenance/ });
    // The later sections are a chunk of their own (loaded at once where IntersectionObserver is
    // missing, as in this DOM).
    await screen.findByRole(
      'heading',
      { level: 2, name: 'Frequently Asked Questions' },
      CHUNK_LOADS_WITHIN,
    );
    const order = [
      'Services Provider for Residential Properties',
      'Find Your Perfect Services With Confidence',
      'We Offer Different Services to Clean Your Area',
      'Your Trusted Landscaping & Home Solutions Partner Since 2019',
      'Why Choose Us',
      'Our Partners',
      'Our work in numbers',
      'What Our Customers Say',
      'Frequently Asked Questions',
    ].map((name) => screen.getByRole('heading', { level: 2, name }));
    expect(screen.getAllByRole('heading', { level: 2 })).toEqual(order);
    const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) =>
      Number(heading.tagName.slice(1)),
    );
    levels.forEach((level, position) => {
      const before = levels[position - 1] ?? 0;
      expect(level).toBeLessThanOrEqual(before + 1);
    });
  });

  it('gives the scroll targets of the hero buttons their ids', () => {
    renderHome();
    expect(document.getElementById('home-services')?.tagName).toBe('SECTION');
    expect(document.getElementById('home-about')?.tagName).toBe('SECTION');
  });

  it('keeps the full title of index.html', () => {
    renderHome();
    expect(document.title).toBe('Home Services — cleaning, gardening and more in Toronto');
  });
});

describe('the later sections', () => {
  it('wait for the reader to come near before they load, the services grid too', async () => {
    const watched: { element: Element; report: (near: boolean) => void }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
        observe(element: Element) {
          watched.push({
            element,
            report: (near) => {
              this.callback([{ isIntersecting: near }]);
            },
          });
        }
        disconnect() {}
      },
    );
    renderHome();
    const grid = watched.find(({ element }) => element.closest('#home-services') !== null);
    const later = watched.find(({ element }) => element.closest('#home-services') === null);
    if (grid === undefined || later === undefined) throw new Error('two parts should wait');
    expect(watched).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe('Loading our services…');
    expect(screen.queryByRole('link', { name: /Garden Maintenance/ })).toBeNull();

    act(() => {
      grid.report(true);
    });
    await screen.findAllByRole('link', { name: /Garden Maintenance/ }, CHUNK_LOADS_WITHIN);
    expect(screen.queryByRole('heading', { name: 'Why Choose Us' })).toBeNull();
    act(() => {
      later.report(false);
    });
    expect(screen.queryByRole('heading', { name: 'Why Choose Us' })).toBeNull();
    act(() => {
      later.report(true);
    });
    await screen.findByRole('heading', { name: 'Frequently Asked Questions' }, CHUNK_LOADS_WITHIN);
  });
});
