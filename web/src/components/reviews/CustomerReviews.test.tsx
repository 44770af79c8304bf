import type { PublishedReview, PublishedReviews } from '@hs/api/domain/review/review-schema';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../test-support/api-stub';
import { CustomerReviews } from './CustomerReviews';

const review = (id: string, overrides: Partial<PublishedReview> = {}): PublishedReview => ({
  id,
  name: 'Maya S.',
  rating: 5,
  text: 'Careful painters, and they cleaned up after.',
  serviceId: 'painting',
  service: 'Painting',
  date: '2030-05-14',
  ...overrides,
});

function stubReviews(answer: () => Promise<Response>): ReturnType<typeof vi.fn> {
  return stubApi({ 'GET /api/reviews': answer }).fetch;
}

const answerWith =
  (body: PublishedReviews | object, status = 200) =>
  () =>
    Promise.resolve(jsonResponse(status, body));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CustomerReviews', () => {
  it('shows the approved reviews’ average and count, and the latest few as text', async () => {
    const fetchMock = stubReviews(
      answerWith({
        count: 12,
        average: 4.8,
        reviews: [
          review('r1', { text: '<img src=x onerror=alert(1)> Great & tidy' }),
          review('r2', { name: 'Sam L.', rating: 4, service: 'Garden Maintenance' }),
          review('r3'),
          review('r4'),
        ],
      }),
    );
    renderWithQueryClient(<CustomerReviews headingLevel={2} />);
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'What customers who booked here say',
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/reviews');
    const section = heading.closest('section');
    if (section === null) throw new Error('no section around the heading');
    expect(
      within(section).getByText('4.8 out of 5 from 12 reviews of visits booked on this site'),
    ).toBeDefined();
    const items = within(screen.getByRole('list', { name: 'Recent reviews' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(3);
    // Markup a customer typed is shown as characters, never made into elements.
    expect(within(items[0] as HTMLElement).getByText('<img src=x onerror=alert(1)> Great & tidy'));
    expect(section.querySelector('img')).toBeNull();
    expect(within(items[1] as HTMLElement).getByText('4 out of 5')).toBeDefined();
    expect(within(items[1] as HTMLElement).getByText('Sam L.')).toBeDefined();
    expect(within(items[1] as HTMLElement).getByText(/Garden Maintenance visit/)).toBeDefined();
    expect(within(items[1] as HTMLElement).getByText('May 14, 2030')).toBeDefined();
  });

  it('says "1 review" for one', async () => {
    stubReviews(answerWith({ count: 1, average: 5, reviews: [review('r1')] }));
    renderWithQueryClient(<CustomerReviews headingLevel={3} />);
    await screen.findByRole('heading', { level: 3 });
    expect(
      screen.getByText('5.0 out of 5 from 1 review of a visit booked on this site'),
    ).toBeDefined();
  });

  it('says whose reviews these are, apart from the company’s overall rating', async () => {
    stubReviews(answerWith({ count: 2, average: 4.5, reviews: [review('r1'), review('r2')] }));
    renderWithQueryClient(<CustomerReviews headingLevel={2} />);
    const heading = await screen.findByRole('heading', { level: 2 });
    const section = heading.closest('section');
    if (section === null) throw new Error('no section around the heading');
    // The count and average are of reviews sent through our thank-you link after a booked visit.
    expect(section.textContent).toContain('visits booked on this site');
    within(section).getByText(
      'Each was left by the customer after the visit, through the link we email them.',
    );
  });

  it('asks for the reviews once the page has settled, even if the reader never scrolls near', async () => {
    // A reader who jumps past the block (a link to the page's end, the End key) never has it
    // cross the viewport: an observer that never reports stands for that reader.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const fetchMock = stubReviews(answerWith({ count: 1, average: 5, reviews: [review('r1')] }));
    renderWithQueryClient(<CustomerReviews headingLevel={3} />);
    await screen.findByRole('heading', { level: 3 }, { timeout: 5_000 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['there are no approved reviews', answerWith({ count: 0, average: 0, reviews: [] })],
    ['the API fails', answerWith({ error: 'Something went wrong' }, 500)],
    ['the API cannot be reached', () => Promise.reject(new TypeError('offline'))],
    ['the answer is of another shape', answerWith({ services: [] })],
  ])('shows nothing when %s', async (_, answer) => {
    const fetchMock = stubReviews(answer);
    const { container } = renderWithQueryClient(<CustomerReviews headingLevel={2} />);
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalled();
    });
    // Let the answer settle before looking.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(container.textContent).toBe('');
  });
});
