import type { AdminPlanList, AdminPlanView } from '@hs/api/domain/admin/admin-views';
import { PlanMessages } from '@hs/api/domain/subscription/plan-messages';
import { planStanding } from '@hs/api/domain/subscription/plan-standing';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub, jsonResponse } from '../../test-support/api-stub';
import { urlOf } from './admin-test-support';
import { PlansSection } from './PlansSection';
import type { AdminSession } from './use-admin-data';

const api = createApiStub();
const deny = vi.fn<AdminSession['deny']>();
const session: AdminSession = { token: 'admin-token', deny };

const pastDue: AdminPlanView = {
  id: 'p'.repeat(32),
  reference: 'HS-PLAN01',
  name: 'Maya Singh',
  email: 'maya@example.com',
  phone: '416-555-0199',
  address: '12 Rosedale Ave',
  service: 'Garden Maintenance',
  status: 'past_due',
  amountCents: 24_900,
  nextRenewal: '2030-06-05',
  cancelAtPeriodEnd: true,
  standing: planStanding({
    status: 'past_due',
    nextPeriodStart: '2030-06-05',
    pausedMonth: null,
    cancelAtPeriodEnd: true,
    endedOn: null,
  }),
  upcomingVisits: [
    { id: 'v1', date: '2030-05-14', time: 'morning', status: 'paid' },
    { id: 'v2', date: '2030-05-21', time: 'morning', status: 'pending_payment' },
  ],
  unplacedWeeks: ['2030-05-28'],
  failedPayments: [
    { at: '2030-05-05T13:00:00.000Z', periodStart: '2030-05-05', attempt: 2, final: false },
  ],
  endedAt: null,
  createdAt: '2030-04-01T12:00:00.000Z',
};

const ended: AdminPlanView = {
  ...pastDue,
  id: 'e'.repeat(32),
  reference: 'HS-PLAN02',
  status: 'ended',
  nextRenewal: null,
  cancelAtPeriodEnd: false,
  standing: planStanding({
    status: 'ended',
    nextPeriodStart: '2030-05-05',
    pausedMonth: null,
    cancelAtPeriodEnd: false,
    endedOn: '2030-04-20',
  }),
  upcomingVisits: [],
  unplacedWeeks: [],
  failedPayments: [],
  endedAt: '2030-04-20T15:00:00.000Z',
};

/** Next month paused: the console names it, and its renewal is the one after it. */
const paused: AdminPlanView = {
  ...pastDue,
  id: 'q'.repeat(32),
  reference: 'HS-PLAN03',
  status: 'active',
  nextRenewal: '2030-07-05',
  cancelAtPeriodEnd: false,
  standing: planStanding({
    status: 'active',
    nextPeriodStart: '2030-06-05',
    pausedMonth: { from: '2030-06-05', until: '2030-07-05', begun: false },
    cancelAtPeriodEnd: false,
    endedOn: null,
  }),
  upcomingVisits: [
    { id: 'v3', date: '2030-05-14', time: 'morning', status: 'paid' },
    { id: 'v4', date: '2030-05-21', time: 'morning', status: 'skipped' },
  ],
  unplacedWeeks: [],
  failedPayments: [],
};

function planList(plans: AdminPlanView[], canRenewNow = false): AdminPlanList {
  return { plans, total: plans.length, pageSize: 50, next: null, previous: null, canRenewNow };
}

function requestOf(index: number) {
  const [url, init] = api.fetch.mock.calls[index] ?? [];
  return {
    url: urlOf(url),
    method: init?.method ?? 'GET',
    headers: new Headers(init?.headers),
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
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

async function rowOf(reference: string): Promise<HTMLElement> {
  const header = await screen.findByRole('rowheader', { name: reference });
  const row = header.closest('tr');
  if (row === null) throw new Error(`no row for ${reference}`);
  return row;
}

describe('PlansSection', () => {
  it('lists each plan: customer, status, renewal, visits to come and failed payments', async () => {
    api.fetch.mockResolvedValue(jsonResponse(200, planList([pastDue, ended])));
    renderWithQueryClient(<PlansSection session={session} />);

    await screen.findByRole('table', { name: 'Monthly Visit plans, newest first' });
    const row = await rowOf('HS-PLAN01');
    within(row).getByText('Maya Singh');
    expect(within(row).getByRole('link', { name: 'maya@example.com' }).getAttribute('href')).toBe(
      'mailto:maya@example.com',
    );
    within(row).getByText('416-555-0199');
    within(row).getByText('Garden Maintenance');
    within(row).getByText('Past due');
    within(row).getByText('Wed, Jun 5, 2030');
    within(row).getByText('Yes');
    within(row).getByText('2 visits');
    within(row).getByText('Tue, May 14, 2030, Morning');
    within(row).getByText('To arrange: week of Tue, May 28, 2030');
    within(row).getByText(/attempt 2/);

    const endedRow = await rowOf('HS-PLAN02');
    within(endedRow).getByText('Ended', { selector: 'td' });
    within(endedRow).getByText(/^Ended Apr 20, 2030/);
    // An ended plan has nothing left to cancel or renew.
    expect(within(endedRow).queryByRole('button')).toBeNull();

    // Not paused: nothing says so.
    expect(within(row).queryByText(/paused/i)).toBeNull();

    // Renewing now is the local test provider's alone.
    expect(screen.queryByRole('button', { name: /Renew plan/ })).toBeNull();
    expect(screen.queryByText(/local test provider/)).toBeNull();

    const request = requestOf(0);
    expect(request.url).toBe('/api/admin/plans');
    expect(request.headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it("shows a plan's paused month beside its status, the renewal after it, and a skipped visit", async () => {
    api.fetch.mockResolvedValue(jsonResponse(200, planList([paused])));
    renderWithQueryClient(<PlansSection session={session} />);
    const row = await rowOf('HS-PLAN03');
    within(row).getByText('Next month paused (from Wed, Jun 5, 2030)');
    within(row).getByText('Fri, Jul 5, 2030');
    expect(within(row).queryByText('Wed, Jun 5, 2030')).toBeNull();
    within(row).getByText('(Skipped)');
  });

  it('filters by status from the first page', async () => {
    api.fetch.mockImplementation(() => Promise.resolve(jsonResponse(200, planList([pastDue]))));
    renderWithQueryClient(<PlansSection session={session} />);
    await rowOf('HS-PLAN01');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'past_due' } });
    await rowOf('HS-PLAN01');
    expect(requestOf(1).url).toBe('/api/admin/plans?status=past_due');
  });

  it('pages by the places the API answers, Newer and Older, keeping the status', async () => {
    api.fetch.mockImplementation((input) => {
      const url = new URL(urlOf(input), 'http://site.test');
      const answer: AdminPlanList =
        url.searchParams.get('after') === 'place-1'
          ? { ...planList([ended]), total: 51, next: null, previous: 'place-0' }
          : { ...planList([pastDue]), total: 51, next: 'place-1', previous: null };
      return Promise.resolve(jsonResponse(200, answer));
    });
    renderWithQueryClient(<PlansSection session={session} />);
    await rowOf('HS-PLAN01');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'past_due' } });
    await vi.waitFor(() => {
      expect(requestOf(1).url).toBe('/api/admin/plans?status=past_due');
    });
    await rowOf('HS-PLAN01');
    screen.getByText('51 plans');
    const newer = screen.getByRole<HTMLButtonElement>('button', { name: 'Newer plans' });
    expect(newer.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Older plans' }));

    await rowOf('HS-PLAN02');
    expect(requestOf(2).url).toBe('/api/admin/plans?status=past_due&after=place-1');
    const olderButton = screen.getByRole<HTMLButtonElement>('button', { name: 'Older plans' });
    expect(olderButton.disabled).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Newer plans' }));

    fireEvent.click(screen.getByRole('button', { name: 'Newer plans' }));
    await rowOf('HS-PLAN01');
    expect(requestOf(3).url).toBe('/api/admin/plans?status=past_due&before=place-0');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Older plans' }));
  });

  it('shows no Newer or Older when every plan fits on one page', async () => {
    api.fetch.mockResolvedValue(jsonResponse(200, planList([pastDue])));
    renderWithQueryClient(<PlansSection session={session} />);
    await rowOf('HS-PLAN01');
    screen.getByText('1 plan');
    expect(screen.queryByRole('button', { name: /Newer|Older/ })).toBeNull();
  });

  it('ends a plan only after the operator confirms, and shows the answer', async () => {
    const endedNow: AdminPlanView = { ...pastDue, status: 'ended', nextRenewal: null };
    api.fetch.mockImplementation((_input, init) =>
      Promise.resolve(
        init?.method === 'POST'
          ? jsonResponse(200, { plan: endedNow, message: PlanMessages.cancelledByOperator })
          : jsonResponse(200, planList([pastDue])),
      ),
    );
    renderWithQueryClient(<PlansSection session={session} />);
    const row = await rowOf('HS-PLAN01');

    const cancel = within(row).getByRole('button', { name: 'Cancel plan HS-PLAN01' });
    fireEvent.click(cancel);
    const question = within(row).getByRole('group', { name: /End plan HS-PLAN01 now\?/ });
    // Going back sends nothing and gives the focus back to the button.
    fireEvent.click(within(question).getByRole('button', { name: 'Keep it' }));
    expect(api.fetch).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(
      within(row).getByRole('button', { name: 'Cancel plan HS-PLAN01' }),
    );

    fireEvent.click(within(row).getByRole('button', { name: 'Cancel plan HS-PLAN01' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, end it now' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      `HS-PLAN01: ${PlanMessages.cancelledByOperator}`,
    );
    const post = requestOf(1);
    expect(post.method).toBe('POST');
    expect(post.url).toBe(`/api/admin/plans/${pastDue.id}/cancel`);
    expect(post.headers.get('Authorization')).toBe('Bearer admin-token');
    within(row).getByText('Ended', { selector: 'td' });
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('renews now on the test provider, with the card on file or a declined one', async () => {
    const outcome = 'The renewal was declined: the plan is past due.';
    api.fetch.mockImplementation((input, init) =>
      Promise.resolve(
        init?.method === 'POST' && urlOf(input).endsWith('/renew')
          ? jsonResponse(200, { outcome })
          : jsonResponse(200, planList([pastDue], true)),
      ),
    );
    renderWithQueryClient(<PlansSection session={session} />);
    const row = await rowOf('HS-PLAN01');
    screen.getByText(/local test provider/);

    fireEvent.click(
      within(row).getByRole('button', { name: 'Renew plan HS-PLAN01 now with a declined card' }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(`HS-PLAN01: ${outcome}`);
    const declined = requestOf(1);
    expect(declined.url).toBe(`/api/admin/plans/${pastDue.id}/renew`);
    expect(declined.body).toEqual({ card: 'declined' });

    fireEvent.click(within(row).getByRole('button', { name: 'Renew plan HS-PLAN01 now' }));
    await vi.waitFor(() => {
      const renewals = api.fetch.mock.calls.filter(([input]) => urlOf(input).endsWith('/renew'));
      expect(renewals).toHaveLength(2);
    });
    const onFile = api.fetch.mock.calls
      .map((_call, index) => requestOf(index))
      .filter((request) => request.url.endsWith('/renew'))[1];
    expect(onFile?.body).toEqual({});
    // The list is read again after a renewal: it changes the status and the failures.
    await vi.waitFor(() => {
      expect(
        api.fetch.mock.calls.filter(([input]) => /^\/api\/admin\/plans(\?|$)/.test(urlOf(input))),
      ).toHaveLength(3);
    });
  });
});
