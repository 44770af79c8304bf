import type {
  AdminBookingView,
  AdminClosureList,
  AdminClosurePreview,
  AdminClosureResult,
  AdminClosureView,
} from '@hs/api/domain/admin/admin-views';
import { ClosureMessages } from '@hs/api/domain/calendar/closure-schema';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub, jsonResponse } from '../../test-support/api-stub';
import { NETWORK_FAILURE } from '../../api/api-client';
import { AdminConsole } from './AdminConsole';
import { paidBooking, pendingBooking, urlOf } from './admin-test-support';
import { ClosuresSection } from './ClosuresSection';
import type { AdminSession } from './use-admin-data';

const api = createApiStub();
const deny = vi.fn<AdminSession['deny']>();
const session: AdminSession = { token: 'admin-token', deny };

/** Today, in Toronto, for every test: the form refuses days gone by and days a year away. */
const NOW = new Date('2030-05-01T16:00:00.000Z');

const begun: AdminClosureView = {
  id: 'c0',
  from: '2030-04-30',
  to: '2030-05-02',
  reason: 'Staff training',
  createdAt: '2030-04-20T14:00:00.000Z',
};
const snowstorm: AdminClosureView = {
  id: 'c1',
  from: '2030-05-20',
  to: '2030-05-20',
  reason: 'Snowstorm',
  createdAt: '2030-04-25T14:00:00.000Z',
};
const theList: AdminClosureList = {
  closures: [begun, snowstorm],
  holidays: [
    { date: '2030-05-20', name: 'Victoria Day' },
    { date: '2030-07-01', name: 'Canada Day' },
  ],
};

const planVisit: AdminBookingView = {
  ...paidBooking,
  id: 'p1',
  reference: 'HS-PLAN1',
  plan: 'Monthly Visit',
  planId: 'monthly',
  date: '2030-05-14',
  name: 'Maya Singh',
  email: 'maya@example.com',
};
const oneTime: AdminBookingView = { ...paidBooking, date: '2030-05-15' };
const request: AdminBookingView = {
  ...pendingBooking,
  id: 'e1',
  reference: 'HS-EST1',
  service: 'Free Construction Estimate',
  plan: 'Custom Estimate',
  planId: 'custom-estimate',
  status: 'estimate_requested',
  date: '2030-05-16',
  name: 'Ria Das',
  email: 'ria@example.com',
};

const thePreview: AdminClosurePreview = {
  from: '2030-05-14',
  to: '2030-05-16',
  reason: 'Ice storm',
  days: [
    { date: '2030-05-14', closedAlready: null },
    { date: '2030-05-15', closedAlready: null },
    { date: '2030-05-16', closedAlready: 'Staff day' },
  ],
  visits: [
    { kind: 'plan', booking: planVisit },
    { kind: 'one-time', booking: oneTime },
    { kind: 'estimate', booking: request },
  ],
};

const iceStorm: AdminClosureView = {
  id: 'c2',
  from: '2030-05-14',
  to: '2030-05-16',
  reason: 'Ice storm',
  createdAt: '2030-05-01T16:00:00.000Z',
};

const theResult: AdminClosureResult = {
  closure: iceStorm,
  moved: 0,
  asked: 1,
  unplaced: 1,
  message: 'Closed from Tuesday, May 14, 2030 to Thursday, May 16, 2030 (Ice storm).',
};

type Route = `${'GET' | 'POST' | 'DELETE'} ${string}`;
type Answer = (body: unknown) => Response;

/** The API as the section calls it, by method and path; anything else is a 404 to see. */
function stubApi(answers: Record<Route, Answer>) {
  api.fetch.mockImplementation((input, init) => {
    const route = `${init?.method ?? 'GET'} ${urlOf(input)}` as Route;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    const answer = answers[route];
    return Promise.resolve(
      answer === undefined ? jsonResponse(404, { error: `No stub for ${route}` }) : answer(body),
    );
  });
}

function requests() {
  return api.fetch.mock.calls.map(([url, init]) => ({
    route: `${init?.method ?? 'GET'} ${urlOf(url)}`,
    headers: new Headers(init?.headers),
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
  }));
}

function Address() {
  const { search } = useLocation();
  return <div data-testid="address">{search}</div>;
}

function renderSection() {
  renderWithQueryClient(
    <MemoryRouter initialEntries={['/admin?tab=closures']}>
      <ClosuresSection session={session} />
      <Address />
    </MemoryRouter>,
  );
}

function fill(fields: { from?: string; to?: string; reason?: string }) {
  if (fields.from !== undefined) {
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: fields.from } });
  }
  if (fields.to !== undefined) {
    fireEvent.change(screen.getByLabelText('Last day (optional)'), {
      target: { value: fields.to },
    });
  }
  if (fields.reason !== undefined) {
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: fields.reason } });
  }
}

const checkVisits = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Check visits' }));
};

/** The persistent live region of the form: what the last step found or did. */
const liveRegion = () => {
  const region = document.querySelector('.admin-closure-live');
  if (!(region instanceof HTMLElement)) throw new Error('no live region');
  return region;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  api.install();
});

afterEach(() => {
  cleanup();
  api.reset();
  deny.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ClosuresSection', () => {
  it('lists the closures to come with a way to reopen each, and the holidays of the year', async () => {
    stubApi({ 'GET /api/admin/closures': () => jsonResponse(200, theList) });
    renderSection();

    const table = await screen.findByRole('table', {
      name: 'Closures set by operators, soonest first',
    });
    const row = within(table).getByRole('row', { name: /^Mon, May 20, 2030/ });
    within(row).getByText('Closed: Snowstorm');
    within(row).getByRole('button', { name: 'Reopen Mon, May 20, 2030' });
    // Begun already (its first day is gone): the API would refuse it, so nothing is offered.
    const begunRow = within(table).getByRole('row', {
      name: /^Tue, Apr 30, 2030 to Thu, May 2, 2030/,
    });
    within(begunRow).getByText('Begun: cannot be reopened.');
    expect(within(begunRow).queryByRole('button')).toBeNull();

    const holidays = screen.getByRole('region', { name: 'Holidays in the next 12 months' });
    const items = within(holidays).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Mon, May 20, 2030Victoria Day',
      'Mon, Jul 1, 2030Canada Day',
    ]);
    expect(requests()[0]?.headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it('checks the form with the closure rules first, marking each field and focusing the first', async () => {
    stubApi({ 'GET /api/admin/closures': () => jsonResponse(200, theList) });
    renderSection();
    await screen.findByRole('table');

    checkVisits();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please correct the fields marked below.',
    );
    const from = screen.getByLabelText('First day');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-describedby')).not.toBeNull();
    screen.getByText(ClosureMessages.fromRequired);
    screen.getByText('The reason is required.');
    expect(screen.getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(from);

    // A day gone by, and a last day before the first: the last day is the first to fix then.
    fill({ from: '2030-04-30', to: '2030-04-29', reason: 'Snow' });
    checkVisits();
    screen.getByText(ClosureMessages.fromPast);
    screen.getByText(ClosureMessages.toBeforeFrom);
    expect(document.activeElement).toBe(screen.getByLabelText('First day'));
    fill({ from: '2030-05-14' });
    checkVisits();
    expect(screen.queryByText(ClosureMessages.fromPast)).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Last day (optional)'));

    // Nothing went to the API but the list.
    expect(requests().map((call) => call.route)).toEqual(['GET /api/admin/closures']);
  });

  it('lists the visits of the days first, with what happens to each, before anything closes', async () => {
    stubApi({
      'GET /api/admin/closures': () => jsonResponse(200, theList),
      'POST /api/admin/closures/preview': () => jsonResponse(200, thePreview),
    });
    renderSection();
    await screen.findByRole('table');

    fill({ from: '2030-05-14', to: '2030-05-16', reason: '  Ice storm ' });
    checkVisits();

    const preview = await screen.findByRole('region', {
      name: 'Before closing Tue, May 14, 2030 to Thu, May 16, 2030',
    });
    // The operator is taken to the list they asked for; the live region says what it found.
    expect(document.activeElement).toBe(
      within(preview).getByRole('heading', { name: /^Before closing/ }),
    );
    expect(liveRegion().getAttribute('aria-live')).toBe('polite');
    expect(liveRegion().textContent).toBe(
      '3 visits are booked on these days. Read what happens to each before you close them.',
    );
    within(preview).getByText('Customers will read “Closed: Ice storm”.');

    const visits = within(preview).getByRole('table', {
      name: 'Visits on these days, and what happens to each',
    });
    const plan = within(visits).getByRole('row', { name: /^HS-PLAN1/ });
    within(plan).getByText('Maya Singh');
    within(plan).getByText('Garden Maintenance');
    within(plan).getByText('Tue, May 14, 2030');
    within(plan).getByText('Morning (8am-12pm)');
    within(plan).getByText('Plan visit');
    within(plan).getByText('Paid');
    within(plan).getByText(/^Moves to the nearest open day of its week; the customer is told/);
    const one = within(visits).getByRole('row', { name: /^HS-1001/ });
    within(one).getByText('One-time');
    within(one).getByText('Emailed: move to the next open day, or cancel with a full refund.');
    const estimate = within(visits).getByRole('row', { name: /^HS-EST1/ });
    within(estimate).getByText('Estimate');
    within(estimate).getByText('Estimate requested');
    within(estimate).getByText(/^Only prefers this day and holds no place/);

    // Per kind, in a sentence each, and the day closed already named with its reason.
    within(preview).getByText(/^1 plan visit moves to the nearest open day of its week\./);
    within(preview).getByText(
      '1 customer is emailed to move to the next open day or cancel with a full refund.',
    );
    within(preview).getByText('Thu, May 16, 2030: Staff day');

    // The request's customer is told nothing: two customers, three days.
    within(preview).getByRole('button', { name: 'Close 3 days and tell 2 customers' });
    within(preview).getByRole('button', { name: 'Change the days' });

    const previewCall = requests().find((call) => call.route.startsWith('POST'));
    expect(previewCall).toMatchObject({
      route: 'POST /api/admin/closures/preview',
      body: { from: '2030-05-14', to: '2030-05-16', reason: 'Ice storm' },
    });
    expect(previewCall?.headers.get('Authorization')).toBe('Bearer admin-token');
    // Checking changed nothing: no closure was asked for.
    expect(requests().filter((call) => call.route === 'POST /api/admin/closures')).toEqual([]);
  });

  it('closes the days it showed, says what happened, and says loudly what the operators must arrange', async () => {
    let closed = false;
    stubApi({
      'GET /api/admin/closures': () =>
        jsonResponse(
          200,
          closed ? { ...theList, closures: [begun, iceStorm, snowstorm] } : theList,
        ),
      'POST /api/admin/closures/preview': () => jsonResponse(200, thePreview),
      'POST /api/admin/closures': () => {
        closed = true;
        return jsonResponse(201, theResult);
      },
    });
    renderSection();
    await screen.findByRole('table');
    fill({ from: '2030-05-14', to: '2030-05-16', reason: 'Ice storm' });
    checkVisits();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Close 3 days and tell 2 customers' }),
    );

    const heading = await screen.findByRole('heading', { name: 'Days closed', level: 4 });
    expect(document.activeElement).toBe(heading);
    const live = liveRegion();
    expect(live.contains(heading)).toBe(true);
    within(live).getByText(theResult.message);
    within(live).getByText('0 plan visits moved to an open day of their week.');
    within(live).getByText('1 customer emailed to move to another day or cancel.');
    // Not a line among others: an alert, with the way to where those visits wait.
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(
      /^1 plan visit found no open day in its week\. It stays on the closed day until you arrange it/,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Arrange them on the schedule board' }));
    expect(screen.getByTestId('address').textContent).toBe('?tab=schedule&week=2030-05-14');

    // The preview is gone with its button, the form is empty for the next closure.
    expect(screen.queryByRole('region', { name: /^Before closing/ })).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Reason').value).toBe('');
    const table = screen.getByRole('table', { name: 'Closures set by operators, soonest first' });
    within(table).getByRole('row', { name: /^Tue, May 14, 2030 to Thu, May 16, 2030/ });

    const close = requests().find((call) => call.route === 'POST /api/admin/closures');
    expect(close?.body).toEqual({ from: '2030-05-14', to: '2030-05-16', reason: 'Ice storm' });
  });

  it('closes a day with nothing left to arrange without an alarm, after a failed try', async () => {
    let tries = 0;
    stubApi({
      'GET /api/admin/closures': () => jsonResponse(200, theList),
      'POST /api/admin/closures/preview': () =>
        jsonResponse(200, {
          ...thePreview,
          visits: [{ kind: 'plan', booking: planVisit }],
          days: thePreview.days.slice(0, 1),
        }),
      'POST /api/admin/closures': () => {
        tries += 1;
        return tries === 1
          ? jsonResponse(503, { error: 'The service is busy. Please try again.' })
          : jsonResponse(201, { ...theResult, moved: 1, asked: 0, unplaced: 0 });
      },
    });
    renderSection();
    await screen.findByRole('table');
    fill({ from: '2030-05-14', reason: 'Ice storm' });
    checkVisits();
    const confirm = await screen.findByRole('button', { name: 'Close 1 day and tell 1 customer' });
    fireEvent.click(confirm);

    // Refused for a reason of the moment: said beside the button, which is there to try again.
    const preview = screen.getByRole('region', { name: /^Before closing/ });
    expect((await within(preview).findByRole('alert')).textContent).toBe(
      'The service is busy. Please try again.',
    );
    await vi.waitFor(() => {
      expect(document.activeElement).toBe(confirm);
    });
    expect(confirm.hasAttribute('disabled')).toBe(false);
    fireEvent.click(confirm);

    await screen.findByRole('heading', { name: 'Days closed', level: 4 });
    within(liveRegion()).getByText('1 plan visit moved to an open day of its week.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      screen
        .getByRole('link', { name: 'See these days on the schedule board' })
        .getAttribute('href'),
    ).toBe('/admin?tab=schedule&week=2030-05-14');
  });

  it("puts the API's refusal at its field, and checks again after any change", async () => {
    stubApi({
      'GET /api/admin/closures': () => jsonResponse(200, theList),
      'POST /api/admin/closures/preview': (body) =>
        (body as { reason: string }).reason === 'Ice'
          ? jsonResponse(200, { ...thePreview, visits: [], days: thePreview.days.slice(0, 1) })
          : jsonResponse(400, {
              error: 'Please correct the fields marked below.',
              fields: { from: ClosureMessages.fromPast },
            }),
    });
    renderSection();
    await screen.findByRole('table');

    fill({ from: '2030-05-14', reason: 'Ice' });
    checkVisits();
    await screen.findByRole('button', { name: 'Close 1 day' });
    expect(liveRegion().textContent).toBe('No visits on these days: nobody needs to be told.');
    // The last day left empty is the first day.
    expect(requests().at(-1)?.body).toEqual({
      from: '2030-05-14',
      to: '2030-05-14',
      reason: 'Ice',
    });

    // A change of a field drops what was checked: the button would close something else.
    fill({ reason: 'Ice storm' });
    expect(screen.queryByRole('button', { name: /^Close 1 day/ })).toBeNull();
    expect(liveRegion().textContent).toBe('');

    // A failure of the moment is said above the form; the button is there to try again.
    api.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    checkVisits();
    expect((await screen.findByRole('alert')).textContent).toBe(NETWORK_FAILURE);
    await vi.waitFor(() => {
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Check visits' }));
    });

    // The API's clock says the day is gone (the laptop's says otherwise): said at the field.
    checkVisits();
    const message = await screen.findByText(ClosureMessages.fromPast);
    const from = screen.getByLabelText('First day');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(from);
    expect(screen.getByRole('alert').textContent).toBe('Please correct the fields marked below.');
    expect(screen.queryByRole('region', { name: /^Before closing/ })).toBeNull();
  });

  it('reopens a closure once the operator confirms, and says why when the API refuses', async () => {
    let refuse = false;
    stubApi({
      'GET /api/admin/closures': () => jsonResponse(200, theList),
      'DELETE /api/admin/closures/c1': () =>
        refuse
          ? jsonResponse(409, { error: ClosureMessages.pastClosure })
          : jsonResponse(200, { message: 'Open again on Monday, May 20, 2030.' }),
    });
    renderSection();
    const reopen = await screen.findByRole('button', { name: 'Reopen Mon, May 20, 2030' });

    // Asked first; going back changes nothing and gives the focus back.
    fireEvent.click(reopen);
    screen.getByText(
      'Open Mon, May 20, 2030 (Snowstorm) again? Visits moved for it stay where they are.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep it closed' }));
    const again = screen.getByRole('button', { name: 'Reopen Mon, May 20, 2030' });
    expect(document.activeElement).toBe(again);

    // Refused (it began meanwhile): said, and the button is back where it was.
    refuse = true;
    fireEvent.click(again);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, reopen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ClosureMessages.pastClosure);
    await vi.waitFor(() => {
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Reopen Mon, May 20, 2030' }),
      );
    });

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reopen Mon, May 20, 2030' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, reopen' }));
    await screen.findByText('Open again on Monday, May 20, 2030.');
    expect(screen.queryByRole('row', { name: /^Mon, May 20, 2030/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Upcoming closures' }));
    expect(requests().filter((call) => call.route.startsWith('DELETE'))).toHaveLength(2);
  });

  it("opens from the console's Closures tab", async () => {
    stubApi({ 'GET /api/admin/closures': () => jsonResponse(200, theList) });
    renderWithQueryClient(
      <MemoryRouter initialEntries={['/admin?tab=closures']}>
        <AdminConsole token="admin-token" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('tab', { name: 'Closures' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    screen.getByRole('heading', { level: 2, name: 'Closed days' });
    await screen.findByRole('table', { name: 'Closures set by operators, soonest first' });
  });

  it('hands an ended session to the console', async () => {
    stubApi({ 'GET /api/admin/closures': () => jsonResponse(401, { error: 'Please log in.' }) });
    renderSection();
    await vi.waitFor(() => {
      expect(deny).toHaveBeenCalledWith('session-ended');
    });
  });
});
