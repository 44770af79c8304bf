import type { AdminBookingList, AdminBookingView } from '@hs/api/domain/admin/admin-views';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub, jsonResponse } from '../../test-support/api-stub';
import { BookingsSection } from './BookingsSection';
import { paidBooking, pendingBooking, urlOf } from './admin-test-support';
import type { AdminSession } from './use-admin-data';
import { draftQuote } from './quotes/quotes-test-support';

const api = createApiStub();
const deny = vi.fn<AdminSession['deny']>();
const session: AdminSession = { token: 'admin-token', deny };

/** A paid visit on its day: done and no-show are among its moves. */
const dueToday: AdminBookingView = {
  ...paidBooking,
  allowedStatuses: ['cancelled', 'done', 'no_show'],
};

function list(bookings: AdminBookingView[]): AdminBookingList {
  return { bookings, total: bookings.length, pageSize: 50, next: null, previous: null };
}

function requests() {
  return api.fetch.mock.calls.map(([url, init]) => ({
    url: urlOf(url),
    method: init?.method ?? 'GET',
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
  }));
}

/** The API: the list (what `found` says for the latest query) and each move's answer. */
function stubApi(found: (url: URL) => AdminBookingView[], moved?: AdminBookingView) {
  api.fetch.mockImplementation((input, init) => {
    if (init?.method === 'PATCH' && moved !== undefined) {
      return Promise.resolve(jsonResponse(200, { booking: moved }));
    }
    return Promise.resolve(
      jsonResponse(200, list(found(new URL(urlOf(input), 'http://site.test')))),
    );
  });
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

describe('BookingsSection', () => {
  it('finds bookings by what the operator types, through the API, and says when none match', async () => {
    stubApi((url) => (url.searchParams.get('q') === 'Robin' ? [pendingBooking] : []));
    renderWithQueryClient(<BookingsSection session={session} />);
    await screen.findByText('No bookings match these filters.');

    const search = screen.getByRole('searchbox', { name: 'Search bookings' });
    expect(search.getAttribute('aria-describedby')).toBeTruthy();
    screen.getByText('Name, email, phone, reference or postal code.');
    fireEvent.change(search, { target: { value: '  (416) 317-0802 ' } });
    // Nothing is asked while typing: only a submitted search goes to the API.
    expect(requests()).toHaveLength(1);
    // Enter submits the search form.
    fireEvent.submit(screen.getByRole('search', { name: 'Search bookings' }));
    await screen.findByText('No booking matches “(416) 317-0802” with these filters.');
    expect(requests().at(-1)?.url).toBe('/api/admin/bookings?q=%28416%29+317-0802&sort=upcoming');

    fireEvent.change(search, { target: { value: 'Robin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('rowheader', { name: 'HS-1002' });
    expect(requests().at(-1)?.url).toBe('/api/admin/bookings?q=Robin&sort=upcoming');

    // Clearing empties the box and lists every booking again.
    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await screen.findByText('No bookings match these filters.');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search bookings' }).value).toBe(
      '',
    );
    expect(requests().at(-1)?.url).toBe('/api/admin/bookings?sort=upcoming');
  });

  it('lists today’s and upcoming visits first, and latest first when asked', async () => {
    stubApi(() => [paidBooking]);
    renderWithQueryClient(<BookingsSection session={session} />);
    await screen.findByRole('table', {
      name: 'Bookings: today’s and upcoming visits first, soonest first, then past visits',
    });
    const order = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Order' });
    expect(order.value).toBe('upcoming');
    expect(
      within(order)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Today and upcoming first', 'Latest visit date first']);

    fireEvent.change(order, { target: { value: 'latest' } });
    await screen.findByRole('table', { name: 'Bookings, latest visit date first' });
    expect(requests().at(-1)?.url).toBe('/api/admin/bookings?sort=latest');
  });

  it('pages by the places the API answers, Newer and Older, the focus on the button pressed', async () => {
    const older = { ...paidBooking, id: 'b-older', reference: 'HS-2002' };
    api.fetch.mockImplementation((input) => {
      const url = new URL(urlOf(input), 'http://site.test');
      const answer: AdminBookingList =
        url.searchParams.get('after') === 'place-1'
          ? { bookings: [older], total: 51, pageSize: 50, next: null, previous: 'place-0' }
          : { bookings: [paidBooking], total: 51, pageSize: 50, next: 'place-1', previous: null };
      return Promise.resolve(jsonResponse(200, answer));
    });
    renderWithQueryClient(<BookingsSection session={session} />);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Order' }), {
      target: { value: 'latest' },
    });
    await screen.findByRole('table', { name: 'Bookings, latest visit date first' });
    screen.getByText('51 bookings');
    const newer = screen.getByRole<HTMLButtonElement>('button', { name: 'Newer bookings' });
    expect(newer.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Older bookings' }));

    await screen.findByRole('rowheader', { name: 'HS-2002' });
    expect(requests().at(-1)?.url).toBe('/api/admin/bookings?sort=latest&after=place-1');
    // The last page: Older is off, and the focus moves to Newer rather than to nowhere.
    const olderButton = screen.getByRole<HTMLButtonElement>('button', { name: 'Older bookings' });
    expect(olderButton.disabled).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Newer bookings' }));

    fireEvent.click(screen.getByRole('button', { name: 'Newer bookings' }));
    await screen.findByRole('rowheader', { name: paidBooking.reference });
    expect(requests().at(-1)?.url).toBe('/api/admin/bookings?sort=latest&before=place-0');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Older bookings' }));

    // Today's work first reads as a list in order: Previous and Next.
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), {
      target: { value: 'upcoming' },
    });
    await screen.findByRole('button', { name: 'Next bookings' });
    expect(requests().at(-1)?.url).toBe('/api/admin/bookings?sort=upcoming');
  });

  it('says a search finds more than a page rather than counting it', async () => {
    api.fetch.mockImplementation(() =>
      Promise.resolve(
        jsonResponse(200, {
          bookings: [paidBooking],
          total: null,
          pageSize: 50,
          next: 'place-1',
          previous: null,
        } satisfies AdminBookingList),
      ),
    );
    renderWithQueryClient(<BookingsSection session={session} />);
    await screen.findByText('More than 1 bookings found');
  });

  it('starts the status menu on no choice, with only the moves the API allows', async () => {
    stubApi(() => [pendingBooking]);
    renderWithQueryClient(<BookingsSection session={session} />);
    const select = await screen.findByRole<HTMLSelectElement>('combobox', {
      name: 'New status for HS-1002',
    });
    expect(select.value).toBe('');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Change status…', 'Paid', 'Payment failed', 'Cancelled']);
    const change = screen.getByRole<HTMLButtonElement>('button', { name: 'Change HS-1002' });
    expect(change.disabled).toBe(true);
    fireEvent.change(select, { target: { value: 'cancelled' } });
    expect(change.disabled).toBe(false);
    // Back to no choice: nothing to change.
    fireEvent.change(select, { target: { value: '' } });
    expect(change.disabled).toBe(true);
  });

  it.each([
    ['done', 'Mark booking HS-1001 as done? This cannot be undone.', 'Yes, it is done'],
    ['no_show', 'Mark booking HS-1001 as a no-show? Nobody was there.', 'Yes, a no-show'],
  ] as const)('asks once more before %s, and moves only on yes', async (status, question, yes) => {
    stubApi(() => [dueToday], { ...dueToday, status, allowedStatuses: [] });
    renderWithQueryClient(<BookingsSection session={session} />);
    const select = await screen.findByRole('combobox', { name: 'New status for HS-1001' });

    fireEvent.change(select, { target: { value: status } });
    fireEvent.click(screen.getByRole('button', { name: 'Change HS-1001' }));
    const asked = screen.getByRole('group', { name: question });
    const keep = within(asked).getByRole('button', { name: 'Keep it' });
    // The safe answer has the focus: Enter does not make the move by accident.
    expect(document.activeElement).toBe(keep);
    fireEvent.click(keep);
    expect(requests().filter((request) => request.method === 'PATCH')).toEqual([]);

    fireEvent.change(screen.getByRole('combobox', { name: 'New status for HS-1001' }), {
      target: { value: status },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change HS-1001' }));
    fireEvent.click(
      within(screen.getByRole('group', { name: question })).getByRole('button', { name: yes }),
    );
    await screen.findByText('No further changes');
    expect(requests().filter((request) => request.method === 'PATCH')).toEqual([
      { url: '/api/admin/bookings/b1', method: 'PATCH', body: { status } },
    ]);
  });

  it('names every cell by its column, for the narrow screen’s cards', async () => {
    stubApi(() => [paidBooking]);
    renderWithQueryClient(<BookingsSection session={session} />);
    const row = (await screen.findByRole('rowheader', { name: 'HS-1001' })).closest('tr');
    if (row === null) throw new Error('no row');
    expect([...row.cells].map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Reference',
      'Date',
      'Window',
      'Service',
      'Plan',
      'Customer',
      'Status',
      'Photo',
      'Change status',
    ]);
  });

  describe('an estimate request', () => {
    const estimate: AdminBookingView = {
      ...paidBooking,
      id: 'e'.repeat(32),
      reference: 'HS-2001',
      service: 'Free Construction Estimate',
      serviceId: 'construction-estimate',
      plan: 'Custom Estimate',
      planId: 'custom-estimate',
      amountCents: 0,
      status: 'estimate_scheduled',
      photoUrl: null,
      allowedStatuses: ['cancelled'],
    };

    function LocationProbe() {
      const location = useLocation();
      return <output data-testid="location">{location.search}</output>;
    }

    function renderWithRouter() {
      renderWithQueryClient(
        <MemoryRouter initialEntries={['/admin']}>
          <BookingsSection session={session} />
          <LocationProbe />
        </MemoryRouter>,
      );
    }

    /** The list, and the answer of POST /api/admin/quotes. */
    function stubQuoteApi(status: number, body: unknown) {
      api.fetch.mockImplementation((input, init) =>
        Promise.resolve(
          init?.method === 'POST'
            ? jsonResponse(status, body)
            : jsonResponse(200, list([estimate, paidBooking])),
        ),
      );
    }

    it('gets a quote written: a new draft, opened in the Quotes tab', async () => {
      stubQuoteApi(201, { quote: draftQuote });
      renderWithRouter();
      const write = await screen.findByRole('button', { name: 'Write a quote for HS-2001' });
      // Only estimate requests get one.
      expect(screen.queryByRole('button', { name: 'Write a quote for HS-1001' })).toBeNull();
      fireEvent.click(write);
      await vi.waitFor(() => {
        expect(screen.getByTestId('location').textContent).toBe(
          `?tab=quotes&quote=${draftQuote.id}`,
        );
      });
      expect(requests().filter((request) => request.method === 'POST')).toEqual([
        { url: '/api/admin/quotes', method: 'POST', body: { estimateId: estimate.id } },
      ]);
    });

    it('opens the quote the estimate has already', async () => {
      stubQuoteApi(409, {
        error: 'This estimate already has a quote: open it from the Quotes tab.',
        quoteId: 'dddddddddddddddddddddddd',
      });
      renderWithRouter();
      fireEvent.click(await screen.findByRole('button', { name: 'Write a quote for HS-2001' }));
      await vi.waitFor(() => {
        expect(screen.getByTestId('location').textContent).toBe(
          '?tab=quotes&quote=dddddddddddddddddddddddd',
        );
      });
    });

    it('says why when no quote can be opened', async () => {
      stubQuoteApi(409, { error: 'This estimate request was cancelled: it cannot get a quote.' });
      renderWithRouter();
      fireEvent.click(await screen.findByRole('button', { name: 'Write a quote for HS-2001' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'HS-2001: This estimate request was cancelled: it cannot get a quote.',
      );
      expect(screen.getByTestId('location').textContent).toBe('');
    });
  });
});
