import type { AdminBookingList, AdminBookingView } from '@hs/api/domain/admin/admin-views';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub, jsonResponse } from '../../test-support/api-stub';
import { AdminPage } from './AdminPage';
import { paidBooking, pendingBooking, tokenFor, urlOf } from './admin-test-support';

const api = createApiStub();

beforeEach(() => {
  api.install();
});

afterEach(() => {
  cleanup();
  api.reset();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function renderPage(token: string | null, path = '/admin') {
  if (token !== null) window.localStorage.setItem('authToken', token);
  renderWithQueryClient(
    <MemoryRouter initialEntries={[path]}>
      <AdminPage />
    </MemoryRouter>,
  );
}

function bookingList(bookings: AdminBookingView[]): AdminBookingList {
  return { bookings, total: bookings.length, pageSize: 50, next: null, previous: null };
}

/** The request of the n-th fetch call, as the page made it. */
function call(index: number): { url: string; method: string; headers: Headers; body: unknown } {
  const [url, init] = api.fetch.mock.calls[index] ?? [];
  return {
    url: urlOf(url),
    method: init?.method ?? 'GET',
    headers: new Headers(init?.headers),
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
  };
}

describe('AdminPage', () => {
  it('asks a visitor to log in, without calling the API', () => {
    renderPage(null);
    screen.getByRole('heading', { level: 1, name: 'Admin' });
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Please log in with a team account');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/signup/register');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('tells a customer the area is not for them when the API refuses (403)', async () => {
    api.fetch.mockResolvedValue(
      jsonResponse(403, { error: 'This area is for the Home Services team only.' }),
    );
    renderPage('token-of-unknown-shape');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This area is for the Home Services team only.');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(call(0).url).toBe('/api/admin/bookings?sort=upcoming');
  });

  it('turns a customer away once the API confirms the role, without opening the console', async () => {
    const token = tokenFor('customer');
    api.fetch.mockResolvedValue(jsonResponse(200, { user: { role: 'customer' } }));
    renderPage(token);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This area is for the Home Services team only.',
    );
    expect(api.fetch).toHaveBeenCalledTimes(1);
    expect(call(0).url).toBe('/api/me');
    expect(call(0).headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('lets in a customer promoted to admin since signing in', async () => {
    api.fetch.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input) === '/api/me'
          ? jsonResponse(200, { user: { role: 'admin' } })
          : jsonResponse(200, bookingList([paidBooking])),
      ),
    );
    renderPage(tokenFor('customer'));
    await screen.findByRole('rowheader', { name: 'HS-1001' });
  });

  it('lists the bookings for an admin and moves one to a status the API allows', async () => {
    const token = tokenFor('admin');
    const paid: AdminBookingView = {
      ...pendingBooking,
      status: 'paid',
      allowedStatuses: ['cancelled', 'refunded'],
    };
    api.fetch.mockImplementation((input, init) =>
      Promise.resolve(
        init?.method === 'PATCH'
          ? jsonResponse(200, { booking: paid, message: 'Booking moved to Paid.' })
          : jsonResponse(200, bookingList([paidBooking, pendingBooking])),
      ),
    );
    renderPage(token);

    const table = await screen.findByRole('table', {
      name: 'Bookings: today’s and upcoming visits first, soonest first, then past visits',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const [, first, second] = rows;
    if (first === undefined || second === undefined) throw new Error('two bookings expected');
    expect(within(first).getByRole('rowheader').textContent).toBe('HS-1001');
    within(first).getByText('Tue, May 14, 2030');
    within(first).getByText('Morning (8am-12pm)');
    within(first).getByText('Garden Maintenance');
    within(first).getByText('Alex Doe');
    within(first).getByText('Paid');
    const thumbnail = within(first).getByRole('button', {
      name: 'Open the photo of booking HS-1001 at full size',
    });
    expect(thumbnail.querySelector('img')?.getAttribute('src')).toBe(paidBooking.photoUrl);
    within(second).getByText('None');

    const request = call(0);
    expect(request.url).toBe('/api/admin/bookings?sort=upcoming');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${token}`);

    // Only the moves the state machine allows from Awaiting payment are offered, none chosen.
    const select = within(second).getByRole<HTMLSelectElement>('combobox', {
      name: 'New status for HS-1002',
    });
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Change status…', 'Paid', 'Payment failed', 'Cancelled']);
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: 'paid' } });
    fireEvent.click(within(second).getByRole('button', { name: 'Change HS-1002' }));
    const question = within(second).getByRole('group', {
      name: 'Mark booking HS-1002 as paid? The customer gets the booking confirmation.',
    });
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, it is paid' }));

    expect((await screen.findByRole('status')).textContent).toBe('HS-1002: Booking moved to Paid.');
    const patch = call(1);
    expect(patch.method).toBe('PATCH');
    expect(patch.url).toBe('/api/admin/bookings/b2');
    expect(patch.body).toEqual({ status: 'paid' });
    expect(patch.headers.get('Authorization')).toBe(`Bearer ${token}`);
    within(second).getByText('Paid', { selector: '.status' });
    expect(
      within(within(second).getByRole('combobox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Change status…', 'Cancelled', 'Refunded']);
  });

  it('asks once more before cancelling, and sends nothing when the operator keeps it', async () => {
    api.fetch.mockResolvedValue(jsonResponse(200, bookingList([paidBooking])));
    renderPage(tokenFor('admin'));
    const change = await screen.findByRole('button', { name: 'Change HS-1001' });
    fireEvent.change(screen.getByRole('combobox', { name: 'New status for HS-1001' }), {
      target: { value: 'cancelled' },
    });
    fireEvent.click(change);
    const question = screen.getByRole('group', { name: /Cancel booking HS-1001\?/ });
    const keep = within(question).getByRole('button', { name: 'Keep it' });
    expect(document.activeElement).toBe(keep);
    fireEvent.click(keep);
    expect(screen.queryByRole('group')).toBeNull();
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });

  it('filters by date and status, and shows a refused change in an alert', async () => {
    api.fetch.mockImplementation((_input, init) =>
      Promise.resolve(
        init?.method === 'PATCH'
          ? jsonResponse(409, { error: 'This booking has changed; reload and try again.' })
          : jsonResponse(200, bookingList([pendingBooking])),
      ),
    );
    renderPage(tokenFor('admin'));
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Visit date'), { target: { value: '2030-05-20' } });
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending_payment' } });
    await screen.findByRole('table');
    expect(call(1).url).toBe('/api/admin/bookings?date=2030-05-20&sort=upcoming');
    expect(call(2).url).toBe(
      '/api/admin/bookings?date=2030-05-20&status=pending_payment&sort=upcoming',
    );

    fireEvent.change(screen.getByRole('combobox', { name: 'New status for HS-1002' }), {
      target: { value: 'payment_failed' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change HS-1002' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, move it' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This booking has changed; reload and try again.',
    );
    screen.getByText('Awaiting payment', { selector: '.status' });
  });

  it('moves between sections with the arrow keys and keeps the open one in the address', async () => {
    api.fetch.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).startsWith('/api/admin/contact-messages')
          ? jsonResponse(200, {
              messages: [
                {
                  id: 'm1',
                  fullName: 'Sam Poe',
                  email: 'sam@example.com',
                  phone: '',
                  subject: 'Gutter cleaning',
                  message: 'Do you clean gutters?\nThanks.',
                  createdAt: '2030-05-01T16:30:00.000Z',
                },
              ],
              total: 1,
              pageSize: 50,
              next: null,
              previous: null,
            })
          : urlOf(input).startsWith('/api/admin/plans')
            ? jsonResponse(200, {
                plans: [],
                total: 0,
                pageSize: 50,
                next: null,
                previous: null,
                canRenewNow: false,
              })
            : jsonResponse(200, bookingList([])),
      ),
    );
    renderPage(tokenFor('admin'));
    const bookingsTab = await screen.findByRole('tab', { name: 'Bookings' });
    expect(bookingsTab.getAttribute('aria-selected')).toBe('true');
    await screen.findByText('No bookings match these filters.');

    fireEvent.keyDown(bookingsTab, { key: 'ArrowRight' });
    const plansTab = screen.getByRole('tab', { name: 'Plans' });
    expect(plansTab.getAttribute('aria-selected')).toBe('true');
    await screen.findByText('No plans match this filter.');

    fireEvent.keyDown(plansTab, { key: 'ArrowRight' });
    const messagesTab = screen.getByRole('tab', { name: 'Messages' });
    expect(messagesTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(messagesTab);
    screen.getByRole('tabpanel', { name: 'Messages' });
    await screen.findByRole('heading', { level: 3, name: 'Gutter cleaning' });
    screen.getByText('sam@example.com', { exact: false });
  });
});
