import type {
  AdminBookingView,
  AdminScheduleDay,
  AdminScheduleVisit,
  AdminScheduleWeek,
} from '@hs/api/domain/admin/admin-views';
import { timeLabel } from '@hs/api/domain/booking/booking-schema';
import type { TimeWindowId } from '@hs/api/domain/booking/catalogue';
import { addDays } from '@hs/api/domain/calendar/toronto-date';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../../test-support/render';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub, jsonResponse } from '../../../test-support/api-stub';
import { AdminConsole } from '../AdminConsole';
import { paidBooking, urlOf } from '../admin-test-support';
import type { AdminSession } from '../use-admin-data';
import ScheduleBoard from './ScheduleBoard';

const api = createApiStub();
const deny = vi.fn<AdminSession['deny']>();
const session: AdminSession = { token: 'admin-token', deny };

const MONDAY = '2030-05-13';
const TUESDAY = '2030-05-14';
const WEDNESDAY = '2030-05-15';
const THURSDAY = '2030-05-16';
const CREWS = [
  { id: 'crew-a', name: 'Crew A' },
  { id: 'crew-b', name: 'Crew B' },
];

function booking(
  id: string,
  date: string,
  time: TimeWindowId,
  overrides: Partial<AdminBookingView>,
): AdminBookingView {
  return {
    ...paidBooking,
    id,
    reference: `HS-${id.toUpperCase()}`,
    postalCode: '',
    date,
    time,
    timeLabel: timeLabel(time),
    crewId: null,
    photoUrl: null,
    ...overrides,
  };
}

const morning = booking('m1', TUESDAY, 'morning', {
  name: 'Alex Doe',
  address: '1 Queen St W, Toronto',
  postalCode: 'M5H 2N2',
  phone: '416-555-0100',
  crewId: 'crew-a',
  photoUrl: 'https://storage.example.com/photos/m1.jpg?signature=abc',
});
const unassigned = booking('m2', TUESDAY, 'morning', {
  name: 'Sam Lee',
  status: 'pending_payment',
  allowedStatuses: ['paid', 'cancelled'],
});
const siteVisit = booking('a1', TUESDAY, 'afternoon', {
  service: 'Specialized Carpentry',
  plan: 'Custom Estimate',
  planId: 'custom-estimate',
  status: 'estimate_scheduled',
  name: 'Jo King',
  address: '5 Elm St, Toronto',
  postalCode: 'M5G 1H1',
  phone: '416-555-0111',
  crewId: 'crew-a',
  allowedStatuses: ['cancelled'],
});
const noShow = booking('a2', TUESDAY, 'afternoon', {
  status: 'no_show',
  name: 'Pat Kim',
  crewId: 'crew-b',
  allowedStatuses: [],
});
const planVisit = booking('e1', TUESDAY, 'evening', {
  plan: 'Monthly Visit',
  planId: 'monthly',
  name: 'Maya Singh',
  address: '12 Rosedale Ave',
  postalCode: 'M4W 1P8',
  phone: '416-555-0199',
  crewId: 'crew-a',
});
const dueToday = booking('w1', WEDNESDAY, 'morning', {
  name: 'Lee Chan',
  crewId: 'crew-b',
  allowedStatuses: ['done', 'no_show', 'cancelled'],
});
const estimate = booking('t1', THURSDAY, 'afternoon', {
  details: 'A cedar deck, 12 x 16 ft.\n<b>Two</b> steps down.',
  service: 'Free Construction Estimate',
  plan: 'Custom Estimate',
  planId: 'custom-estimate',
  status: 'estimate_requested',
  name: 'Ria Das',
  amountCents: null,
  allowedStatuses: ['cancelled'],
});

const one = (visit: AdminBookingView): AdminScheduleVisit => ({ kind: 'one-time', booking: visit });

function day(
  date: string,
  visits: Partial<Record<TimeWindowId, AdminScheduleVisit[]>> = {},
  estimates: AdminScheduleVisit[] = [],
): AdminScheduleDay {
  // Evening first: the board and the sheets put windows in visiting order themselves.
  const windows = (['evening', 'morning', 'afternoon'] as const).map((time) => ({
    time,
    label: timeLabel(time),
    used: visits[time]?.length ?? 0,
    capacity: 2,
    visits: visits[time] ?? [],
  }));
  return { date, windows, estimates };
}

function weekOf(days: Record<string, AdminScheduleDay> = {}, from = MONDAY): AdminScheduleWeek {
  return {
    from,
    to: addDays(from, 6),
    capacity: 2,
    crews: CREWS,
    days: Array.from({ length: 7 }, (_, offset) => {
      const date = addDays(from, offset);
      return days[date] ?? day(date);
    }),
  };
}

const tuesday = (afternoon: AdminScheduleVisit[]) =>
  day(TUESDAY, {
    morning: [one(morning), one(unassigned)],
    afternoon: [{ kind: 'estimate', booking: siteVisit }, ...afternoon],
    evening: [{ kind: 'plan', booking: planVisit }],
  });

/** The week the API answers, with some of its days as they are after a move. */
function weekWith(changed: Record<string, AdminScheduleDay> = {}): AdminScheduleWeek {
  return weekOf({
    [TUESDAY]: tuesday([one(noShow)]),
    [WEDNESDAY]: day(WEDNESDAY, { morning: [one(dueToday)] }),
    [THURSDAY]: day(THURSDAY, {}, [{ kind: 'estimate', booking: estimate }]),
    ...changed,
  });
}

const theWeek = weekWith();

type Answer = (body: unknown) => Response;

/** The API as the board calls it: the week (changeable as moves happen) and each move's answer. */
function stubApi(answers: Partial<Record<'PUT' | 'POST' | 'PATCH', Answer>>, week = theWeek) {
  const served = { week };
  api.fetch.mockImplementation((input, init) => {
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    const answer = method === 'GET' ? undefined : answers[method as 'PUT' | 'POST' | 'PATCH'];
    if (answer !== undefined) return Promise.resolve(answer(body));
    if (urlOf(input).startsWith('/api/admin/schedule')) {
      return Promise.resolve(jsonResponse(200, served.week));
    }
    return Promise.resolve(jsonResponse(404, { error: `No stub for ${method} ${urlOf(input)}` }));
  });
  return served;
}

function requests() {
  return api.fetch.mock.calls.map(([url, init]) => ({
    url: urlOf(url),
    method: init?.method ?? 'GET',
    headers: new Headers(init?.headers),
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
  }));
}

function Address() {
  const { search } = useLocation();
  return <div data-testid="address">{search}</div>;
}

function renderBoard(search = `?tab=schedule&week=${MONDAY}`) {
  renderWithQueryClient(
    <MemoryRouter initialEntries={[`/admin${search}`]}>
      <ScheduleBoard session={session} />
      <Address />
    </MemoryRouter>,
  );
}

const address = () => new URLSearchParams(screen.getByTestId('address').textContent);

const card = (reference: string, service = 'Garden Maintenance') =>
  screen.findByRole('article', { name: `${reference}, ${service}` });

const dayRegion = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  api.install();
});

afterEach(() => {
  cleanup();
  api.reset();
  deny.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ScheduleBoard', () => {
  it('shows the week at a glance, then each day by window with its visits', async () => {
    stubApi({});
    renderBoard();

    const summary = await screen.findByRole('table', { name: 'Places used per window' });
    screen.getByText('Week of Mon, May 13, 2030 to Sun, May 19, 2030');
    const rows = within(summary).getAllByRole('row');
    expect(within(rows[0] as HTMLElement).getAllByRole('columnheader')[2]?.textContent).toBe(
      'Tue, May 14',
    );
    const morningRow = within(summary).getByRole('row', { name: /^Morning \(8am-12pm\)/ });
    // Monday, then Tuesday: each cell says the places used of the capacity, and "full" in words.
    expect(within(morningRow).getAllByRole('cell')[1]?.textContent).toBe('2 of 2 places, full');
    expect(within(morningRow).getAllByRole('cell')[0]?.textContent).toBe('0 of 2 places');
    const waitingRow = within(summary).getByRole('row', { name: /^Site visits to schedule/ });
    expect(within(waitingRow).getAllByRole('cell')[3]?.textContent).toBe('1');

    const tuesday = dayRegion('Tuesday, May 14, 2030');
    const windows = within(tuesday).getAllByRole('heading', { level: 4 });
    // In visiting order, whatever order the windows came in.
    expect(windows.map((heading) => heading.textContent)).toEqual([
      'Morning (8am-12pm)',
      'Afternoon (12pm-4pm)',
      'Evening (4pm-8pm)',
    ]);
    const tuesdayMorning = within(tuesday).getByRole('region', { name: 'Morning (8am-12pm)' });
    within(tuesdayMorning).getByText('2 of 2 places, full');

    const first = await card('HS-M1');
    within(first).getByText('One-time');
    within(first).getByText('Paid');
    within(first).getByText('Alex Doe');
    within(first).getByText('1 Queen St W, Toronto, M5H 2N2');
    within(first).getByText('416-555-0100');
    const photo = within(first).getByRole('button', {
      name: 'Open the photo of booking HS-M1 at full size',
    });
    expect(photo.querySelector('img')?.getAttribute('src')).toBe(morning.photoUrl);

    const plan = await card('HS-E1');
    within(plan).getByText('Plan visit');
    within(plan).getByText('12 Rosedale Ave, M4W 1P8');
    // No photo, no thumbnail (and no "None" either: the card has no photo column).
    expect(within(plan).queryByRole('button', { name: /photo/ })).toBeNull();

    const site = await card('HS-A1', 'Specialized Carpentry');
    within(site).getByText('Site visit');
    within(site).getByText('Site visit booked');
    within(await card('HS-A2')).getByText('No-show');

    // An estimate request waits apart, under the day it prefers, with no crew to pick yet.
    const waiting = screen.getByRole('region', {
      name: 'Site visits to schedule, Thursday, May 16, 2030',
    });
    const request = within(waiting).getByRole('article', {
      name: 'HS-T1, Free Construction Estimate',
    });
    within(request).getByText('Estimate requested');
    within(request).getByText('Afternoon (12pm-4pm)');
    // The project as the customer wrote it, as text: markup typed in stays characters.
    expect(within(request).getByText('Project').nextElementSibling?.textContent).toBe(
      'A cedar deck, 12 x 16 ft.\n<b>Two</b> steps down.',
    );
    expect(within(request).queryByRole('combobox')).toBeNull();

    const [call] = requests();
    expect(call?.url).toBe(`/api/admin/schedule?week=${MONDAY}`);
    expect(call?.headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it('moves between weeks, keeping the week in the address', async () => {
    stubApi({});
    renderBoard();
    await screen.findByRole('table');
    screen.getByText('Week of Mon, May 13, 2030 to Sun, May 19, 2030');

    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(address().get('week')).toBe('2030-05-20');
    expect(address().get('tab')).toBe('schedule');
    await vi.waitFor(() => {
      expect(requests().at(-1)?.url).toBe('/api/admin/schedule?week=2030-05-20');
    });

    fireEvent.change(screen.getByLabelText('Week of'), { target: { value: '2030-06-04' } });
    expect(address().get('week')).toBe('2030-06-04');

    fireEvent.click(screen.getByRole('button', { name: 'This week' }));
    expect(address().has('week')).toBe(false);
    await vi.waitFor(() => {
      expect(requests().at(-1)?.url).toBe('/api/admin/schedule');
    });
  });

  it('assigns a crew from the list, and lists crews busy in the window as such', async () => {
    stubApi({
      PUT: (body) => {
        const { crewId } = body as { crewId: string | null };
        return jsonResponse(200, {
          booking: { ...planVisit, crewId },
          message: crewId === null ? 'HS-E1 has no crew now.' : 'Crew B is going to HS-E1.',
        });
      },
    });
    renderBoard();

    // Crew A goes to the afternoon's site visit: the missed visit cannot have it too.
    const missed = await card('HS-A2');
    const busy = within(within(missed).getByLabelText('Crew for HS-A2')).getByRole('option', {
      name: 'Crew A (busy)',
    });
    expect((busy as HTMLOptionElement).disabled).toBe(true);

    const plan = await card('HS-E1');
    const crew = within(plan).getByLabelText<HTMLSelectElement>('Crew for HS-E1');
    expect(crew.value).toBe('crew-a');
    const assign = within(plan).getByRole('button', { name: 'Assign crew to HS-E1' });
    // Nothing to send until another crew is chosen.
    expect((assign as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(crew, { target: { value: 'crew-b' } });
    fireEvent.click(assign);
    expect((await screen.findByRole('status')).textContent).toBe('Crew B is going to HS-E1.');
    const put = requests().find((request) => request.method === 'PUT');
    expect(put?.url).toBe('/api/admin/bookings/e1/crew');
    expect(put?.body).toEqual({ crewId: 'crew-b' });
    expect(put?.headers.get('Authorization')).toBe('Bearer admin-token');
    expect(crew.value).toBe('crew-b');

    fireEvent.change(crew, { target: { value: '' } });
    fireEvent.click(within(plan).getByRole('button', { name: 'Assign crew to HS-E1' }));
    await screen.findByText('HS-E1 has no crew now.');
    expect(requests().filter((request) => request.method === 'PUT')[1]?.body).toEqual({
      crewId: null,
    });
  });

  it("says the API's refusal of a crew busy elsewhere", async () => {
    const refusal = 'Crew B already has a visit in that window on 2030-05-14.';
    stubApi({ PUT: () => jsonResponse(409, { error: refusal, message: refusal }) });
    renderBoard();
    const plan = await card('HS-E1');
    fireEvent.change(within(plan).getByLabelText('Crew for HS-E1'), {
      target: { value: 'crew-b' },
    });
    fireEvent.click(within(plan).getByRole('button', { name: 'Assign crew to HS-E1' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(deny).not.toHaveBeenCalled();
  });

  it('marks a visit of the day done, and reads the week again', async () => {
    const done: AdminBookingView = { ...dueToday, status: 'done', allowedStatuses: [] };
    const api = stubApi({
      PATCH: () => {
        api.week = weekWith({ [WEDNESDAY]: day(WEDNESDAY, { morning: [one(done)] }) });
        return jsonResponse(200, { booking: done, message: 'Booking moved to Done.' });
      },
    });
    renderBoard();
    const visit = await card('HS-W1');
    // Visits not yet due offer neither.
    expect(within(await card('HS-M1')).queryByRole('button', { name: /done/ })).toBeNull();

    fireEvent.click(within(visit).getByRole('button', { name: 'Mark HS-W1 done' }));
    expect((await screen.findByRole('status')).textContent).toBe('HS-W1: Booking moved to Done.');
    const patch = requests().find((request) => request.method === 'PATCH');
    expect(patch?.url).toBe('/api/admin/bookings/w1');
    expect(patch?.body).toEqual({ status: 'done' });
    within(visit).getByText('Done');
    expect(within(visit).queryByRole('button', { name: /Mark HS-W1/ })).toBeNull();
    // A visit done is over: nothing left to move. The focus stays with its card.
    expect(within(visit).queryByRole('button', { name: 'Reschedule HS-W1' })).toBeNull();
    await vi.waitFor(() => {
      expect(document.activeElement).toBe(visit);
    });
    await vi.waitFor(() => {
      expect(requests().filter((request) => request.method === 'GET')).toHaveLength(2);
    });
  });

  it('marks a no-show only once the operator confirms', async () => {
    const missed: AdminBookingView = { ...dueToday, status: 'no_show', allowedStatuses: [] };
    const api = stubApi({
      PATCH: () => {
        api.week = weekWith({ [WEDNESDAY]: day(WEDNESDAY, { morning: [one(missed)] }) });
        return jsonResponse(200, { booking: missed, message: 'Booking moved to No-show.' });
      },
    });
    renderBoard();
    const visit = await card('HS-W1');

    fireEvent.click(within(visit).getByRole('button', { name: 'Mark HS-W1 as a no-show' }));
    const question = within(visit).getByRole('group', { name: /Mark HS-W1 as a no-show\?/ });
    fireEvent.click(within(question).getByRole('button', { name: 'Go back' }));
    expect(requests().some((request) => request.method === 'PATCH')).toBe(false);
    expect(document.activeElement).toBe(
      within(visit).getByRole('button', { name: 'Mark HS-W1 as a no-show' }),
    );

    fireEvent.click(within(visit).getByRole('button', { name: 'Mark HS-W1 as a no-show' }));
    fireEvent.click(within(visit).getByRole('button', { name: 'Yes, no-show' }));
    await screen.findByText('HS-W1: Booking moved to No-show.');
    expect(requests().find((request) => request.method === 'PATCH')?.body).toEqual({
      status: 'no_show',
    });
    within(visit).getByText('No-show');
    // A no-show can be booked again from its card.
    within(visit).getByRole('button', { name: 'Reschedule HS-W1' });
  });

  it('reschedules a no-show to another day and window', async () => {
    const moved = {
      ...noShow,
      date: '2030-05-17',
      time: 'evening' as const,
      timeLabel: timeLabel('evening'),
      status: 'paid' as const,
      crewId: null,
    };
    const message = 'HS-A2 is on 2030-05-17, Evening (4pm-8pm).';
    const api = stubApi({
      POST: () => {
        // What the board reads again after the move: the visit in its new window.
        api.week = weekWith({
          [TUESDAY]: tuesday([]),
          '2030-05-17': day('2030-05-17', { evening: [one(moved)] }),
        });
        return jsonResponse(200, { booking: moved, message });
      },
    });
    renderBoard();
    const missed = await card('HS-A2');
    const toggle = within(missed).getByRole('button', { name: 'Reschedule HS-A2' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    const form = within(missed).getByRole('group', { name: 'Move HS-A2 to' });
    const date = within(form).getByLabelText<HTMLInputElement>('Date');
    expect(date.value).toBe(TUESDAY);
    expect(document.activeElement).toBe(date);
    fireEvent.change(date, { target: { value: '2030-05-17' } });
    fireEvent.change(within(form).getByLabelText('Window'), { target: { value: 'evening' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Move' }));

    expect((await screen.findByRole('status')).textContent).toBe(message);
    const post = requests().find((request) => request.method === 'POST');
    expect(post?.url).toBe('/api/admin/bookings/a2/schedule');
    expect(post?.body).toEqual({ date: '2030-05-17', time: 'evening' });

    const friday = dayRegion('Friday, May 17, 2030');
    const evening = within(friday).getByRole('region', { name: 'Evening (4pm-8pm)' });
    const again = within(evening).getByRole('article', { name: 'HS-A2, Garden Maintenance' });
    within(again).getByText('Paid');
    await vi.waitFor(() => {
      expect(document.activeElement).toBe(again);
    });
    expect(
      within(dayRegion('Tuesday, May 14, 2030')).queryByRole('article', {
        name: 'HS-A2, Garden Maintenance',
      }),
    ).toBeNull();
    // The places are the API's to count: the week is read again.
    await vi.waitFor(() => {
      expect(
        within(within(friday).getByRole('region', { name: 'Evening (4pm-8pm)' })).getByText(
          '1 of 2 places',
        ),
      ).toBeTruthy();
    });
  });

  it('says what is wrong with a date, field by field', async () => {
    const pastDate = 'The preferred date cannot be before today.';
    stubApi({
      POST: () => jsonResponse(400, { error: 'Booking failed', fields: { date: pastDate } }),
    });
    renderBoard();
    const missed = await card('HS-A2');
    fireEvent.click(within(missed).getByRole('button', { name: 'Reschedule HS-A2' }));
    const form = within(missed).getByRole('group', { name: 'Move HS-A2 to' });
    fireEvent.click(within(form).getByRole('button', { name: 'Move' }));
    const date = within(form).getByLabelText('Date');
    await vi.waitFor(() => {
      expect(date.getAttribute('aria-invalid')).toBe('true');
    });
    const describedBy = date.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(pastDate);

    // Closing gives the focus back to the button that opened the form.
    fireEvent.click(within(form).getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(
      within(missed).getByRole('button', { name: 'Reschedule HS-A2' }),
    );
  });

  it("books an estimate's site visit at the window the operator picks", async () => {
    const full = 'Sorry, the Afternoon window on 2030-05-16 is fully booked.';
    const booked: AdminBookingView = {
      ...estimate,
      status: 'estimate_scheduled',
      time: 'morning',
      timeLabel: timeLabel('morning'),
    };
    let attempts = 0;
    const api = stubApi({
      POST: () => {
        attempts += 1;
        if (attempts === 1) return jsonResponse(409, { error: full });
        api.week = weekWith({
          [THURSDAY]: day(THURSDAY, { morning: [{ kind: 'estimate', booking: booked }] }),
        });
        return jsonResponse(200, {
          booking: booked,
          message: 'HS-T1 is on 2030-05-16, Morning (8am-12pm).',
        });
      },
    });
    renderBoard();
    const request = await card('HS-T1', 'Free Construction Estimate');
    fireEvent.click(within(request).getByRole('button', { name: 'Schedule site visit for HS-T1' }));
    const form = within(request).getByRole('group', { name: 'Site visit for HS-T1' });
    // Its preferred date and window first.
    expect(within(form).getByLabelText<HTMLInputElement>('Date').value).toBe(THURSDAY);
    expect(within(form).getByLabelText<HTMLSelectElement>('Window').value).toBe('afternoon');

    fireEvent.click(within(form).getByRole('button', { name: 'Book site visit' }));
    // A refusal of the whole move is said in the form, where the operator is.
    expect((await within(form).findByRole('alert')).textContent).toBe(full);

    fireEvent.change(within(form).getByLabelText('Window'), { target: { value: 'morning' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Book site visit' }));
    await screen.findByText('HS-T1 is on 2030-05-16, Morning (8am-12pm).');
    expect(requests().filter((call) => call.method === 'POST')[1]?.body).toEqual({
      date: THURSDAY,
      time: 'morning',
    });

    // Now a visit in its window, with a crew to pick; no longer waiting apart.
    const thursday = dayRegion('Thursday, May 16, 2030');
    const inWindow = within(
      within(thursday).getByRole('region', { name: 'Morning (8am-12pm)' }),
    ).getByRole('article', { name: 'HS-T1, Free Construction Estimate' });
    within(inWindow).getByText('Site visit booked');
    within(inWindow).getByLabelText('Crew for HS-T1');
    expect(
      screen.queryByRole('region', { name: 'Site visits to schedule, Thursday, May 16, 2030' }),
    ).toBeNull();
  });

  it('prints a day sheet per crew: its visits in visiting order, with addresses and phones', async () => {
    stubApi({});
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderBoard();
    await card('HS-M1');

    fireEvent.click(screen.getByRole('button', { name: 'Day sheet for Tuesday, May 14, 2030' }));
    expect(address().get('sheet')).toBe(TUESDAY);
    const heading = await screen.findByRole('heading', {
      name: 'Day sheet, Tuesday, May 14, 2030',
    });
    await vi.waitFor(() => {
      expect(document.activeElement).toBe(heading);
    });
    // The board gives way to the sheets.
    expect(screen.queryByRole('table')).toBeNull();

    // Every crew with a visit, a page each; the visit without a crew is named on screen.
    const sheetA = screen.getByRole('region', { name: 'Crew A: Tuesday, May 14, 2030' });
    screen.getByRole('region', { name: 'Crew B: Tuesday, May 14, 2030' });
    screen.getByText(/1 visit has no crew yet/);
    screen.getByText('HS-M2, Morning (8am-12pm)');

    const stops = within(
      within(sheetA).getByRole('list', { name: 'Visits of Crew A, in visiting order' }),
    ).getAllByRole('listitem');
    expect(stops.map((stop) => within(stop).getByRole('heading').textContent)).toEqual([
      'Morning (8am-12pm)',
      'Afternoon (12pm-4pm)',
      'Evening (4pm-8pm)',
    ]);
    const [first, second, third] = stops as [HTMLElement, HTMLElement, HTMLElement];
    within(first).getByText('HS-M1');
    within(first).getByText('1 Queen St W, Toronto, M5H 2N2');
    within(first).getByText('416-555-0100');
    within(second).getByText('HS-A1');
    within(second).getByText('5 Elm St, Toronto, M5G 1H1');
    within(second).getByText('416-555-0111');
    within(second).getByText('Custom Estimate (Site visit)');
    within(third).getByText('12 Rosedale Ave, M4W 1P8');
    within(third).getByText('416-555-0199');
    within(third).getByText('Monthly Visit (Plan visit)');
    // Phones are text on paper, not links whose addresses would print.
    expect(within(sheetA).queryByRole('link')).toBeNull();

    fireEvent.change(screen.getByLabelText('Crew'), { target: { value: 'crew-b' } });
    expect(address().get('crew')).toBe('crew-b');
    expect(screen.queryByRole('region', { name: 'Crew A: Tuesday, May 14, 2030' })).toBeNull();
    const sheetB = screen.getByRole('region', { name: 'Crew B: Tuesday, May 14, 2030' });
    within(sheetB).getByText('HS-A2');

    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Back to the board' }));
    expect(address().has('sheet')).toBe(false);
    expect(address().has('crew')).toBe(false);
    await vi.waitFor(() => {
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Day sheet for Tuesday, May 14, 2030' }),
      );
    });
    // The week was not read again for the sheet.
    expect(requests()).toHaveLength(1);
  });

  it('names each cell of the week at a glance by its day, for the phone’s cards', async () => {
    stubApi({});
    renderBoard();
    const summary = await screen.findByRole('table', { name: 'Places used per window' });
    const morning = within(summary).getByRole('rowheader', { name: 'Morning (8am-12pm)' });
    const cells = [...(morning.closest('tr')?.cells ?? [])].slice(1);
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(
      Array.from(
        { length: 7 },
        (_, offset) => within(summary).getAllByRole('columnheader')[offset + 1]?.textContent,
      ),
    );
  });

  it('leaves what the board said on the board: nothing sits over the day sheet', async () => {
    stubApi({
      PUT: () =>
        jsonResponse(200, {
          booking: { ...planVisit, crewId: 'crew-b' },
          message: 'Crew B is going to HS-E1.',
        }),
    });
    renderBoard();
    const plan = await card('HS-E1');
    fireEvent.change(within(plan).getByLabelText('Crew for HS-E1'), {
      target: { value: 'crew-b' },
    });
    fireEvent.click(within(plan).getByRole('button', { name: 'Assign crew to HS-E1' }));
    expect((await screen.findByRole('status')).textContent).toBe('Crew B is going to HS-E1.');

    fireEvent.click(screen.getByRole('button', { name: 'Day sheet for Tuesday, May 14, 2030' }));
    await screen.findByRole('region', { name: 'Crew A: Tuesday, May 14, 2030' });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText('Crew B is going to HS-E1.')).toBeNull();

    // Back on the board, the old news is not said again.
    fireEvent.click(screen.getByRole('button', { name: 'Back to the board' }));
    await card('HS-E1');
    expect(screen.queryByText('Crew B is going to HS-E1.')).toBeNull();
  });

  it('opens a day sheet from its address', async () => {
    stubApi({});
    renderBoard(`?tab=schedule&week=${MONDAY}&sheet=${TUESDAY}&crew=crew-a`);
    await screen.findByRole('region', { name: 'Crew A: Tuesday, May 14, 2030' });
    expect(screen.queryByRole('region', { name: 'Crew B: Tuesday, May 14, 2030' })).toBeNull();
    expect(screen.getByLabelText<HTMLSelectElement>('Crew').value).toBe('crew-a');
  });

  it("opens from the console's Schedule tab, loaded on demand", async () => {
    stubApi({});
    renderWithQueryClient(
      <MemoryRouter initialEntries={[`/admin?tab=schedule&week=${MONDAY}`]}>
        <AdminConsole token="admin-token" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('tab', { name: 'Schedule' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await screen.findByRole('heading', { level: 2, name: 'Schedule' });
    await screen.findByRole('table', { name: 'Places used per window' });
    expect(requests()[0]?.url).toBe(`/api/admin/schedule?week=${MONDAY}`);
  });
});

describe('ScheduleBoard on a closed day', () => {
  /** Tuesday closed by an operator after it was booked; Thursday's request prefers a holiday. */
  const closedWeek = weekWith({
    [TUESDAY]: { ...tuesday([one(noShow)]), closedReason: 'Snowstorm' },
    [THURSDAY]: {
      ...day(THURSDAY, {}, [{ kind: 'estimate', booking: estimate }]),
      closedReason: 'Staff day',
    },
  });

  it('says why on the day, greys its windows and keeps the visits still on it in view', async () => {
    stubApi({}, closedWeek);
    renderBoard();

    const tuesday = await screen.findByRole('region', {
      name: 'Tuesday, May 14, 2030 Closed: Snowstorm',
    });
    within(tuesday).getByText('Closed: Snowstorm', { selector: '.schedule-badge' });
    within(tuesday).getByText(/^Nothing can be booked or moved onto this day/);
    const windows = within(tuesday).getAllByRole('region', { name: /\(\d+(am|pm)-\d+(am|pm)\)$/ });
    expect(windows).toHaveLength(3);
    for (const window of windows) {
      // No places to offer: the window says it is closed, not how many places are left.
      within(window).getByText('Closed: no new visits');
      expect(within(window).queryByText(/places/)).toBeNull();
      expect(window.classList.contains('schedule-window--closed')).toBe(true);
    }
    // Who is waiting to move stays on the board.
    within(tuesday).getByRole('article', { name: 'HS-M1, Garden Maintenance' });
    within(tuesday).getByRole('article', { name: 'HS-E1, Garden Maintenance' });

    // An open day of the same week offers its places as before.
    const wednesday = dayRegion('Wednesday, May 15, 2030');
    within(within(wednesday).getByRole('region', { name: 'Morning (8am-12pm)' })).getByText(
      '1 of 2 places',
    );

    // The week at a glance says it too, in words.
    const summary = screen.getByRole('table', { name: 'Places used per window' });
    within(summary).getByRole('columnheader', { name: 'Tue, May 14Closed: Snowstorm' });
    const morningRow = within(summary).getByRole('row', { name: /^Morning \(8am-12pm\)/ });
    const cells = within(morningRow).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '0 of 2 places',
      'Closed',
      '1 of 2 places',
      'Closed',
      '0 of 2 places',
      '0 of 2 places',
      '0 of 2 places',
    ]);
  });

  it('offers no closed day to a visit moved, and says why at the date', async () => {
    stubApi({}, closedWeek);
    renderBoard();

    const wednesday = await card('HS-W1');
    fireEvent.click(within(wednesday).getByRole('button', { name: 'Reschedule HS-W1' }));
    const form = within(wednesday).getByRole('group', { name: 'Move HS-W1 to' });
    const date = within(form).getByLabelText('Date');
    const move = within(form).getByRole<HTMLButtonElement>('button', { name: 'Move' });
    expect(move.disabled).toBe(false);

    fireEvent.change(date, { target: { value: TUESDAY } });
    expect(date.getAttribute('aria-invalid')).toBe('true');
    const why = document.getElementById(date.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe('Closed: Snowstorm. Choose an open day.');
    expect(move.disabled).toBe(true);
    fireEvent.submit(move.closest('form') as HTMLFormElement);

    fireEvent.change(date, { target: { value: '2030-05-17' } });
    expect(date.getAttribute('aria-invalid')).toBe('false');
    expect(within(form).queryByText(/Choose an open day/)).toBeNull();
    expect(move.disabled).toBe(false);

    // A request preferring a closed day opens on it, and is told to pick another.
    const request = await card('HS-T1', 'Free Construction Estimate');
    fireEvent.click(within(request).getByRole('button', { name: 'Schedule site visit for HS-T1' }));
    const siteForm = within(request).getByRole('group', { name: 'Site visit for HS-T1' });
    within(siteForm).getByText('Closed: Staff day. Choose an open day.');
    expect(
      within(siteForm).getByRole<HTMLButtonElement>('button', { name: 'Book site visit' }).disabled,
    ).toBe(true);

    // Nothing was sent: only the week was read.
    expect(requests().every((call) => call.method === 'GET')).toBe(true);
  });

  it("heads a closed day's sheet with why it is closed", async () => {
    stubApi({}, closedWeek);
    renderBoard(`?tab=schedule&week=${MONDAY}&sheet=${TUESDAY}`);
    await screen.findByRole('region', { name: 'Crew A: Tuesday, May 14, 2030' });
    screen.getByText('Closed: Snowstorm');
  });
});
