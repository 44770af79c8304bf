import { ReviewMessages } from '@hs/api/domain/review/review-messages';
import type { AdminReviewList, AdminReviewView } from '@hs/api/domain/review/review-schema';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub, jsonResponse } from '../../test-support/api-stub';
import { urlOf } from './admin-test-support';
import { ReviewsSection } from './ReviewsSection';
import type { AdminSession } from './use-admin-data';

const api = createApiStub();
const deny = vi.fn<AdminSession['deny']>();
const session: AdminSession = { token: 'admin-token', deny };

const pending: AdminReviewView = {
  id: 'a'.repeat(32),
  name: 'Maya S.',
  rating: 4,
  text: '<script>alert(1)</script> Careful work,\nand a tidy hallway.',
  serviceId: 'painting',
  service: 'Painting',
  date: '2030-05-15',
  status: 'pending',
  reference: 'HS-1001',
  createdAt: '2030-05-15T13:00:00.000Z',
  moderatedAt: null,
  moderatedBy: null,
};

function reviewList(reviews: AdminReviewView[]): AdminReviewList {
  return {
    reviews,
    counts: { pending: 1, approved: 2, hidden: 0 },
    total: reviews.length,
    pageSize: 50,
    next: null,
    previous: null,
  };
}

function requestOf(index: number) {
  const [url, init] = api.fetch.mock.calls[index] ?? [];
  return {
    url: urlOf(url),
    method: init?.method ?? 'GET',
    headers: new Headers(init?.headers),
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
  };
}

beforeEach(() => {
  api.install();
});

afterEach(() => {
  cleanup();
  api.reset();
  deny.mockReset();
  vi.unstubAllGlobals();
});

describe('ReviewsSection', () => {
  it('lists the reviews waiting for approval first, their text as typed, and the counts', async () => {
    api.fetch.mockResolvedValue(jsonResponse(200, reviewList([pending])));
    renderWithQueryClient(<ReviewsSection session={session} />);
    const card = (
      await screen.findByRole('heading', { level: 3, name: 'Maya S.: 4 stars' })
    ).closest('article');
    if (card === null) throw new Error('no card for the review');
    within(card).getByText('Painting');
    within(card).getByText('HS-1001');
    within(card).getByText('Waiting for approval');
    // Markup in a review stays characters.
    expect(within(card).getByText(/<script>alert\(1\)<\/script> Careful work/)).toBeDefined();
    expect(card.querySelector('script')).toBeNull();
    const counts = screen.getByRole('heading', {
      level: 3,
      name: 'Reviews by status',
    }).nextElementSibling;
    expect(counts?.textContent).toBe('Waiting for approval1Approved (shown on the site)2Hidden0');

    const request = requestOf(0);
    expect(request.url).toBe('/api/admin/reviews?status=pending');
    expect(request.headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it('filters by another status, or none', async () => {
    api.fetch.mockImplementation(() => Promise.resolve(jsonResponse(200, reviewList([pending]))));
    renderWithQueryClient(<ReviewsSection session={session} />);
    await screen.findByRole('heading', { level: 3, name: 'Maya S.: 4 stars' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    await vi.waitFor(() => {
      expect(requestOf(1).url).toBe('/api/admin/reviews');
    });
  });

  it('pages by the places the API answers, Newer and Older, keeping the status', async () => {
    const older: AdminReviewView = { ...pending, id: 'b'.repeat(32), name: 'Omar K.', rating: 5 };
    api.fetch.mockImplementation((input) => {
      const url = new URL(urlOf(input), 'http://site.test');
      const answer: AdminReviewList =
        url.searchParams.get('after') === 'place-1'
          ? { ...reviewList([older]), total: 51, next: null, previous: 'place-0' }
          : { ...reviewList([pending]), total: 51, next: 'place-1', previous: null };
      return Promise.resolve(jsonResponse(200, answer));
    });
    renderWithQueryClient(<ReviewsSection session={session} />);
    await screen.findByRole('heading', { level: 3, name: 'Maya S.: 4 stars' });
    screen.getByText('51 reviews');
    const newer = screen.getByRole<HTMLButtonElement>('button', { name: 'Newer reviews' });
    expect(newer.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Older reviews' }));

    await screen.findByRole('heading', { level: 3, name: 'Omar K.: 5 stars' });
    expect(requestOf(1).url).toBe('/api/admin/reviews?status=pending&after=place-1');
    // The last page: Older is off, and the focus moves to Newer rather than to nowhere.
    const olderButton = screen.getByRole<HTMLButtonElement>('button', { name: 'Older reviews' });
    expect(olderButton.disabled).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Newer reviews' }));

    fireEvent.click(screen.getByRole('button', { name: 'Newer reviews' }));
    await screen.findByRole('heading', { level: 3, name: 'Maya S.: 4 stars' });
    expect(requestOf(2).url).toBe('/api/admin/reviews?status=pending&before=place-0');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Older reviews' }));

    // Another status starts again from the top of its list.
    fireEvent.click(screen.getByRole('button', { name: 'Older reviews' }));
    await screen.findByRole('heading', { level: 3, name: 'Omar K.: 5 stars' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'hidden' } });
    await vi.waitFor(() => {
      expect(api.fetch.mock.calls.length).toBeGreaterThan(3);
    });
    expect(requestOf(api.fetch.mock.calls.length - 1).url).toBe('/api/admin/reviews?status=hidden');
  });

  it('shows no Newer or Older when every review fits on one page', async () => {
    api.fetch.mockImplementation(() => Promise.resolve(jsonResponse(200, reviewList([pending]))));
    renderWithQueryClient(<ReviewsSection session={session} />);
    await screen.findByRole('heading', { level: 3, name: 'Maya S.: 4 stars' });
    screen.getByText('1 review');
    expect(screen.queryByRole('button', { name: /Newer|Older/ })).toBeNull();
  });

  it('approves a review and says so', async () => {
    const approved: AdminReviewView = {
      ...pending,
      status: 'approved',
      moderatedAt: '2030-05-16T13:00:00.000Z',
      moderatedBy: 'admin:u1',
    };
    api.fetch.mockImplementation((_input, init) =>
      Promise.resolve(
        init?.method === 'PATCH'
          ? jsonResponse(200, { review: approved, message: ReviewMessages.moderated('approved') })
          : jsonResponse(200, reviewList([pending])),
      ),
    );
    renderWithQueryClient(<ReviewsSection session={session} />);
    await screen.findByRole('heading', { level: 3, name: 'Maya S.: 4 stars' });
    const actions = screen.getByRole('group', { name: 'Moderate the review by Maya S.' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      `Maya S.: ${ReviewMessages.moderated('approved')}`,
    );
    const patch = requestOf(1);
    expect(patch).toMatchObject({
      method: 'PATCH',
      url: `/api/admin/reviews/${pending.id}`,
      body: { status: 'approved' },
    });
    expect(patch.headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it('hands a refusal of the session to the page', async () => {
    api.fetch.mockResolvedValue(jsonResponse(403, { error: 'Admins only.' }));
    renderWithQueryClient(<ReviewsSection session={session} />);
    await vi.waitFor(() => {
      expect(deny).toHaveBeenCalledWith('forbidden');
    });
  });
});
