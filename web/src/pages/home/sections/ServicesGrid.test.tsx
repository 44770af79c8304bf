import { CATALOGUE } from '@hs/api/domain/booking/catalogue';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../test-support/api-stub';
import { renderWithQueryClient } from '../../../test-support/render';
import { serviceForQuery } from '../../../app/service-query';
import { PLACEHOLDER_IMAGE } from '../../../components/ResponsiveImage';
import { ServicesGrid } from './ServicesGrid';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function catalogueResponse(): Response {
  return jsonResponse(200, CATALOGUE);
}

/** Answers GET /api/catalogue with each of `answers` in turn. */
function stubFetch(...answers: (() => Promise<Response>)[]) {
  const queue = [...answers];
  return stubApi({
    'GET /api/catalogue': () => queue.shift()?.() ?? jsonResponse(501, { error: 'No answer left' }),
  }).fetch;
}

// The cards read through the query cache: each test has its own (no retries, nothing cached).
function renderGrid() {
  return renderWithQueryClient(
    <MemoryRouter>
      <ServicesGrid />
    </MemoryRouter>,
  );
}

async function findCards(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list');
  return within(list).getAllByRole('listitem');
}

describe('ServicesGrid', () => {
  it('loads the catalogue and shows one card per service, each opening its own service', async () => {
    const fetch = stubFetch(() => Promise.resolve(catalogueResponse()));
    renderGrid();
    screen.getByRole('heading', {
      level: 2,
      name: 'We Offer Different Services to Clean Your Area',
    });
    expect(screen.getByRole('status').textContent).toBe('Loading our services…');

    const cards = await findCards();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/catalogue');
    expect(screen.queryByRole('status')).toBeNull();
    expect(cards).toHaveLength(12);

    cards.forEach((card, position) => {
      const service = CATALOGUE.services[position];
      if (service === undefined) throw new Error('more cards than services');
      const link = within(card).getByRole('link');
      const query = new URL(link.getAttribute('href') ?? '', 'http://site.test');
      expect(query.pathname).toBe('/service/service1');
      // The services page opens on the card the link names: this card, not another one.
      expect(serviceForQuery(CATALOGUE.services, query.searchParams.get('service'))).toBe(service);
      expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe(service.title);
      within(card).getByText(service.description[0] ?? '');
    });
  });

  it('links Seasonal Cleaning to itself, not to House/Office Cleaning that shares its keyword', async () => {
    stubFetch(() => Promise.resolve(catalogueResponse()));
    renderGrid();
    await findCards();
    const link = (title: string) =>
      screen.getByRole('heading', { level: 3, name: title }).closest('a')?.getAttribute('href');
    expect(link('Seasonal Cleaning')).toBe('/service/service1?service=seasonal-cleaning');
    // A keyword no other service has stays the link, as docs/product.md gives it.
    expect(link('House/Office Cleaning')).toBe('/service/service1?service=house');
    expect(link('Painting')).toBe('/service/service1?service=furniture');
  });

  it('tags each card with words a customer reads, not the internal keyword', async () => {
    stubFetch(() => Promise.resolve(catalogueResponse()));
    renderGrid();
    const cards = await findCards();
    const tags = cards.map((card) => card.querySelector('.service-card__badge')?.textContent);
    expect(tags).toEqual([
      'Garden care',
      'Cleaning',
      'Deep clean',
      'Carpentry',
      'Walls & trim',
      'Free estimate',
      'Outdoor surfaces',
      'Landscaping',
      'Lawn care',
      'Weed removal',
      'Winter',
      'Gutters',
    ]);
    for (const hidden of ['furniture', 'pruning', 'top', 'glass', 'office']) {
      expect(tags).not.toContain(hidden);
    }
  });

  it('shows each picture in the card sizes, with the placeholder if one fails', async () => {
    stubFetch(() => Promise.resolve(catalogueResponse()));
    renderGrid();
    const [first] = await findCards();
    if (first === undefined) throw new Error('no card');
    const image = first.querySelector('img');
    if (image === null) throw new Error('no picture');
    expect(image.getAttribute('src')).toBe('/images/services/garden-maintenance-960.webp');
    expect(image.getAttribute('srcset')).toBe(
      '/images/services/garden-maintenance-480.webp 480w, /images/services/garden-maintenance-960.webp 960w',
    );
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
  });

  it('says when the catalogue cannot be loaded and tries again on request', async () => {
    let answer: () => void = () => undefined;
    const fetch = stubFetch(
      () => Promise.reject(new TypeError('network down')),
      () =>
        new Promise<Response>((resolve) => {
          answer = () => {
            resolve(catalogueResponse());
          };
        }),
    );
    renderGrid();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load our services.');
    expect(alert.textContent).toContain('We could not reach the server.');

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('status')).textContent).toBe('Loading our services…');
    answer();
    expect(await findCards()).toHaveLength(12);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('passes on what the server says when it refuses', async () => {
    stubFetch(() =>
      Promise.resolve(jsonResponse(503, { error: 'Service temporarily unavailable.' })),
    );
    renderGrid();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not load our services. Service temporarily unavailable.',
    );
  });
});
