import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub, jsonResponse } from '../../test-support/api-stub';
import { QueuesSection, requestedDashboardPage, type LeaveForDashboard } from './QueuesSection';
import { urlOf } from './admin-test-support';
import type { AdminSession } from './use-admin-data';

const api = createApiStub();
const deny = vi.fn<AdminSession['deny']>();
const leave = vi.fn<LeaveForDashboard>();
const session: AdminSession = { token: 'admin-token', deny };

function renderAt(search: string) {
  renderWithQueryClient(
    <MemoryRouter initialEntries={[`/admin${search}`]}>
      <QueuesSection session={session} leave={leave} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  api.install();
  api.fetch.mockResolvedValue(new Response(null, { status: 204 }));
});

afterEach(() => {
  cleanup();
  api.reset();
  deny.mockReset();
  leave.mockReset();
  vi.unstubAllGlobals();
});

describe('QueuesSection', () => {
  it('opens the dashboard with the session cookie, on request', async () => {
    renderAt('?tab=queues');
    expect(api.fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Open queue dashboard' }));
    await vi.waitFor(() => {
      expect(leave).toHaveBeenCalledWith('/admin/queues', false);
    });
    const [url, init] = api.fetch.mock.calls[0] ?? [];
    expect(urlOf(url)).toBe('/api/admin/queue-session');
    expect(init?.method).toBe('POST');
  });

  it('opens the dashboard page a signed-out visit was sent back for, in its place', async () => {
    const page = '/admin/queues/queue/mail?status=failed';
    renderAt(`?${new URLSearchParams({ tab: 'queues', open: page }).toString()}`);
    screen.getByText('Opening the queue dashboard page you asked for…');
    await vi.waitFor(() => {
      expect(leave).toHaveBeenCalledWith(page, true);
    });
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });

  it('says why when the cookie cannot be had, and stays', async () => {
    api.fetch.mockResolvedValue(jsonResponse(503, { error: 'Try again in a moment.' }));
    renderAt(`?tab=queues&open=${encodeURIComponent('/admin/queues')}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Try again in a moment.');
    expect(leave).not.toHaveBeenCalled();
    screen.getByRole('button', { name: 'Open queue dashboard' });
  });

  it.each([
    ['https://evil.example/admin/queues', null],
    ['//evil.example/admin/queues', null],
    ['/admin/queuesx', null],
    ['/admin', null],
    ['/admin/queues\\@evil', null],
    ['/admin/queues', '/admin/queues'],
    ['/admin/queues/queue/mail/42', '/admin/queues/queue/mail/42'],
  ])('takes %s as a page to open: %s', (open, page) => {
    expect(requestedDashboardPage(open)).toBe(page);
  });
});
