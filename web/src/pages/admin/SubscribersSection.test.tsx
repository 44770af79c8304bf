import type { AdminSubscriberList, AdminSubscriberView } from '@hs/api/domain/admin/admin-views';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub } from '../../test-support/api-stub';
import { SubscribersSection } from './SubscribersSection';
import type { AdminSession } from './use-admin-data';

const api = createApiStub();
const deny = vi.fn<AdminSession['deny']>();
const session: AdminSession = { token: 'admin-token', deny };

function subscriber(email: string): AdminSubscriberView {
  return {
    id: email,
    email,
    status: 'confirmed',
    createdAt: '2030-05-01T16:30:00.000Z',
    confirmedAt: '2030-05-01T16:40:00.000Z',
  };
}

function subscriberList(subscribers: AdminSubscriberView[]): AdminSubscriberList {
  return {
    subscribers,
    counts: { pending: 0, confirmed: 51, unsubscribed: 0 },
    total: subscribers.length,
    pageSize: 50,
    next: null,
    previous: null,
  };
}

/** The addresses the section asked, in order. */
function urls(): string[] {
  return api.calls().map((call) => call.url);
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

describe('SubscribersSection', () => {
  it('pages by the places the API answers, Newer and Older, keeping the status', async () => {
    api.on('GET /api/admin/subscribers', (call) => {
      const answer: AdminSubscriberList =
        call.query.get('after') === 'place-1'
          ? { ...subscriberList([subscriber('older@example.com')]), total: 51, previous: 'place-0' }
          : { ...subscriberList([subscriber('newest@example.com')]), total: 51, next: 'place-1' };
      return { json: answer };
    });
    renderWithQueryClient(<SubscribersSection session={session} />);
    await screen.findByRole('rowheader', { name: 'newest@example.com' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'confirmed' } });
    await vi.waitFor(() => {
      expect(urls().at(-1)).toBe('/api/admin/subscribers?status=confirmed');
    });
    await screen.findByRole('rowheader', { name: 'newest@example.com' });
    screen.getByText('51 subscribers');
    const newer = screen.getByRole<HTMLButtonElement>('button', { name: 'Newer subscribers' });
    expect(newer.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Older subscribers' }));

    await screen.findByRole('rowheader', { name: 'older@example.com' });
    expect(urls().at(-1)).toBe('/api/admin/subscribers?status=confirmed&after=place-1');
    const older = screen.getByRole<HTMLButtonElement>('button', { name: 'Older subscribers' });
    expect(older.disabled).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Newer subscribers' }));

    fireEvent.click(screen.getByRole('button', { name: 'Newer subscribers' }));
    await screen.findByRole('rowheader', { name: 'newest@example.com' });
    expect(urls().at(-1)).toBe('/api/admin/subscribers?status=confirmed&before=place-0');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Older subscribers' }));

    // Another status starts again from the top of its list.
    fireEvent.click(screen.getByRole('button', { name: 'Older subscribers' }));
    await screen.findByRole('rowheader', { name: 'older@example.com' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    await vi.waitFor(() => {
      expect(urls().at(-1)).toBe('/api/admin/subscribers');
    });
  });

  it('shows no Newer or Older when every subscriber fits on one page', async () => {
    api.on('GET /api/admin/subscribers', {
      json: subscriberList([subscriber('only@example.com')]),
    });
    renderWithQueryClient(<SubscribersSection session={session} />);
    await screen.findByRole('rowheader', { name: 'only@example.com' });
    screen.getByText('1 subscriber');
    expect(screen.queryByRole('button', { name: /Newer|Older/ })).toBeNull();
  });
});
