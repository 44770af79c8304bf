import { longDate } from '@hs/api/domain/calendar/toronto-date';
import type { AdminQuote, JobVisit, QuoteJob } from '@hs/api/domain/quote/quote-schema';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub } from '../../../test-support/api-stub';
import { renderWithQueryClient } from '../../../test-support/render';
import type { AdminSession } from '../use-admin-data';
import QuotesSection from './QuotesSection';
import { sentQuote, totalsOf } from './quotes-test-support';

const api = createApiStub();
const deny = vi.fn<AdminSession['deny']>();
const session: AdminSession = { token: 'admin-token', deny };

const QUOTE_ROUTE = `GET /api/admin/quotes/${sentQuote.id}`;
const VISITS_ROUTE = `POST /api/admin/quotes/${sentQuote.id}/visits`;

function visitOf(id: string, date: string, changes: Partial<JobVisit> = {}): JobVisit {
  return {
    id,
    reference: `HS-${id}`,
    date,
    time: 'morning',
    window: 'Morning (8am-12pm)',
    status: 'paid',
    statusLabel: 'Paid',
    crewId: null,
    ...changes,
  };
}

function jobOf(changes: Partial<QuoteJob> = {}): QuoteJob {
  return {
    visits: [],
    balanceInvoice: null,
    balanceCents: 187_575,
    balancePaid: false,
    receipt: null,
    ...changes,
  };
}

function jobQuote(job: QuoteJob, changes: Partial<AdminQuote> = {}): AdminQuote {
  return {
    ...sentQuote,
    status: 'converted',
    statusLabel: 'Converted to a job',
    acceptedTotals: totalsOf(250_100),
    acceptance: {
      name: 'Dana Builder',
      at: '2030-06-03T15:00:00.000Z',
      ip: '203.0.113.9',
      optionalItems: [],
    },
    depositInvoice: { id: 'inv-deposit', number: 'HS-2030-0101' },
    job,
    ...changes,
  };
}

const firstVisit = visitOf('b-1', '2030-06-10', { crewId: 'north-team' });
const booked = jobQuote(jobOf({ visits: [firstVisit] }));

/** The Quotes tab opened on one quote, the API answering it (and the crews' roster). */
async function openQuote(quote: AdminQuote | (() => AdminQuote)) {
  api.on(QUOTE_ROUTE, () => ({ json: { quote: typeof quote === 'function' ? quote() : quote } }));
  api.on('GET /api/admin/schedule', {
    json: {
      from: '2030-06-10',
      to: '2030-06-16',
      capacity: 2,
      crews: [
        { id: 'crew-1', name: 'Crew 1' },
        { id: 'north-team', name: 'North team' },
      ],
      days: [],
    },
  });
  renderWithQueryClient(
    <MemoryRouter initialEntries={[`/admin?tab=quotes&quote=${sentQuote.id}`]}>
      <QuotesSection session={session} />
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 3, name: /^Quote Q-2030-000042/ });
  return screen.getByRole('region', { name: 'Job' });
}

/** The visits listed, each as the text of its facts. */
function visitFacts(panel: HTMLElement): string[][] {
  return within(panel)
    .queryAllByRole('listitem')
    .map((item) =>
      [...item.querySelectorAll('dd')]
        .map((cell) => cell.textContent)
        .concat(item.querySelector('.quote-visit__title')?.textContent ?? ''),
    );
}

/** The error a control is described by, if any. */
function errorOf(control: HTMLElement): string | null {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const texts = ids.map((id) => document.getElementById(id)?.textContent ?? '');
  return texts.find((text) => text !== '') ?? null;
}

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

describe('the job of a converted quote', () => {
  it('lists the visits with their day, window, status, crew and reference, and the balance to come', async () => {
    const panel = await openQuote(booked);
    await within(panel).findByText('North team', { selector: 'dd' });
    expect(visitFacts(panel)).toEqual([
      [longDate('2030-06-10'), 'Morning (8am-12pm)', 'Paid', 'North team', 'Visit HS-b-1'],
    ]);
    expect(
      within(panel).getByText('Balance', { selector: 'dt' }).nextElementSibling?.textContent,
    ).toBe('$1,875.75');
    expect(
      within(panel).getByText('Balance invoice', { selector: 'dt' }).nextElementSibling
        ?.textContent,
    ).toBe('Issued when the last visit is done');
    expect(within(panel).queryByText('Receipt')).toBeNull();
    // The deposit's invoice stays with the customer's answer.
    expect(screen.getByText('Deposit invoice').nextElementSibling?.textContent).toBe(
      'HS-2030-0101',
    );
    expect(
      within(panel)
        .getByRole('link', { name: 'Visit HS-b-1 on the schedule' })
        .getAttribute('href'),
    ).toBe('/admin?tab=schedule&week=2030-06-10');
  });

  it('books a visit with its date and window, and lists the visits of the answer', async () => {
    const panel = await openQuote(booked);
    const added = visitOf('b-2', '2030-06-12', {
      time: 'afternoon',
      window: 'Afternoon (12pm-4pm)',
    });
    api.on(VISITS_ROUTE, {
      status: 201,
      body: {
        message: 'Visit HS-b-2 is booked.',
        quote: jobQuote(jobOf({ visits: [firstVisit, added] })),
      },
    });
    fireEvent.change(within(panel).getByLabelText('Date'), { target: { value: '2030-06-12' } });
    fireEvent.change(within(panel).getByLabelText('Window'), { target: { value: 'afternoon' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Book' }));

    expect((await within(panel).findByRole('status')).textContent).toBe('Visit HS-b-2 is booked.');
    const [call] = api.callsTo(VISITS_ROUTE);
    expect(call?.body).toEqual({ date: '2030-06-12', time: 'afternoon' });
    expect(call?.authorization).toBe('Bearer admin-token');
    expect(visitFacts(panel).map((facts) => facts.at(-1))).toEqual([
      'Visit HS-b-1',
      'Visit HS-b-2',
    ]);
    expect(visitFacts(panel)[1]?.slice(0, 2)).toEqual([
      longDate('2030-06-12'),
      'Afternoon (12pm-4pm)',
    ]);
    // The answer is the quote: nothing asked again.
    expect(api.callsTo(QUOTE_ROUTE)).toHaveLength(1);
    // Ready for the next one.
    expect(within(panel).getByLabelText<HTMLInputElement>('Date').value).toBe('');
  });

  it('shows the API’s field error by the date, and a missing date without asking', async () => {
    const panel = await openQuote(jobQuote(jobOf()));
    within(panel).getByText('No visit booked yet: book the first one below.');
    const date = within(panel).getByLabelText('Date');

    fireEvent.click(within(panel).getByRole('button', { name: 'Book' }));
    expect(errorOf(date)).toBe('Choose the day of the visit.');
    expect(api.callsTo(VISITS_ROUTE)).toHaveLength(0);

    api.on(VISITS_ROUTE, {
      status: 400,
      body: {
        error: 'Please correct the marked fields.',
        fields: { date: 'We are closed on that day (Canada Day).' },
      },
    });
    fireEvent.change(date, { target: { value: '2030-07-01' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Book' }));
    await within(panel).findByText('We are closed on that day (Canada Day).');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(date)).toBe('We are closed on that day (Canada Day).');
    expect(document.activeElement).toBe(date);
    expect(within(panel).getByLabelText('Window').getAttribute('aria-invalid')).toBe('false');
  });

  it('says why a visit cannot be booked (409) in the form, and reads the quote again', async () => {
    const panel = await openQuote(booked);
    api.on(VISITS_ROUTE, { status: 409, body: { error: 'That window is full on that day.' } });
    fireEvent.change(within(panel).getByLabelText('Date'), { target: { value: '2030-06-12' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Book' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'That window is full on that day.',
    );
    await vi.waitFor(() => {
      expect(api.callsTo(QUOTE_ROUTE)).toHaveLength(2);
    });
  });

  it('marks a visit done, then reads the quote again: the balance is invoiced', async () => {
    let reads = 0;
    const done = jobQuote(
      jobOf({
        visits: [{ ...firstVisit, status: 'done', statusLabel: 'Done' }],
        balanceInvoice: { id: 'inv-balance', number: 'HS-2030-0102' },
      }),
      { status: 'balance_due', statusLabel: 'Work done, balance due' },
    );
    const panel = await openQuote(() => ((reads += 1) === 1 ? booked : done));
    api.on('PATCH /api/admin/bookings/b-1', {
      json: { booking: { id: 'b-1' }, message: 'Booking HS-b-1 is now Done.' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark visit HS-b-1 done' }));

    await vi.waitFor(() => {
      expect(api.callsTo(QUOTE_ROUTE)).toHaveLength(2);
    });
    const [patch] = api.callsTo('PATCH /api/admin/bookings/b-1');
    expect(patch?.body).toEqual({ status: 'done' });
    expect(patch?.authorization).toBe('Bearer admin-token');
    const news = within(panel).getByRole('status');
    expect(news.textContent).toBe('Booking HS-b-1 is now Done.');
    // The button is gone with the visit's status: the news has the focus.
    await vi.waitFor(() => {
      expect(within(panel).queryByRole('button', { name: 'Mark visit HS-b-1 done' })).toBeNull();
    });
    expect(document.activeElement?.contains(news)).toBe(true);
    expect(visitFacts(panel)[0]?.[2]).toBe('Done');
    expect(
      within(panel).getByText('Balance invoice', { selector: 'dt' }).nextElementSibling
        ?.textContent,
    ).toBe('HS-2030-0102');
    expect(
      within(panel).getByText('Payment', { selector: 'dt' }).nextElementSibling?.textContent,
    ).toBe('Not paid yet');
    // The quote's status moved too.
    expect(screen.getAllByText('Work done, balance due').length).toBeGreaterThan(0);
  });

  it('says why a visit cannot be marked done before its day (409)', async () => {
    const panel = await openQuote(booked);
    api.on('PATCH /api/admin/bookings/b-1', {
      status: 409,
      body: { error: 'A visit is marked done from its day on.' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark visit HS-b-1 done' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'A visit is marked done from its day on.',
    );
    within(panel).getByRole('button', { name: 'Mark visit HS-b-1 done' });
  });

  it('sends a crew to a visit, then reads the quote again', async () => {
    let reads = 0;
    const sent = jobQuote(jobOf({ visits: [{ ...firstVisit, crewId: 'crew-1' }] }));
    const panel = await openQuote(() => ((reads += 1) === 1 ? booked : sent));
    api.on('PUT /api/admin/bookings/b-1/crew', {
      json: { booking: { id: 'b-1' }, message: 'Crew 1 goes to HS-b-1.' },
    });
    const crew = await within(panel).findByLabelText('Crew for visit HS-b-1');
    fireEvent.change(crew, { target: { value: 'crew-1' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send the crew to visit HS-b-1' }));
    expect((await within(panel).findByRole('status')).textContent).toBe('Crew 1 goes to HS-b-1.');
    expect(api.callsTo('PUT /api/admin/bookings/b-1/crew')[0]?.body).toEqual({
      crewId: 'crew-1',
    });
    await vi.waitFor(() => {
      expect(visitFacts(panel)[0]?.[3]).toBe('Crew 1');
    });
  });

  it('moves a visit to another day and window, then reads the quote again', async () => {
    const panel = await openQuote(booked);
    api.on('POST /api/admin/bookings/b-1/schedule', {
      json: { booking: { id: 'b-1' }, message: 'HS-b-1 is moved.' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Move visit HS-b-1' }));
    const form = within(panel).getByRole('group', { name: 'Move visit HS-b-1' });
    const date = within(form).getByLabelText<HTMLInputElement>('Date');
    expect(date.value).toBe('2030-06-10');
    expect(document.activeElement).toBe(date);
    fireEvent.change(date, { target: { value: '2030-06-14' } });
    fireEvent.change(within(form).getByLabelText('Window'), { target: { value: 'evening' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Move the visit' }));
    expect((await within(panel).findByRole('status')).textContent).toBe('HS-b-1 is moved.');
    expect(api.callsTo('POST /api/admin/bookings/b-1/schedule')[0]?.body).toEqual({
      date: '2030-06-14',
      time: 'evening',
    });
    expect(within(panel).queryByRole('group', { name: 'Move visit HS-b-1' })).toBeNull();
    await vi.waitFor(() => {
      expect(api.callsTo(QUOTE_ROUTE)).toHaveLength(2);
    });
  });

  it('cancels a visit only once asked again', async () => {
    const panel = await openQuote(booked);
    api.on('PATCH /api/admin/bookings/b-1', {
      json: { booking: { id: 'b-1' } },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel visit HS-b-1' }));
    expect(api.callsTo('PATCH /api/admin/bookings/b-1')).toHaveLength(0);
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Keep it' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Yes, cancel it' }));
    expect((await within(panel).findByRole('status')).textContent).toBe(
      'Visit HS-b-1 is cancelled.',
    );
    expect(api.callsTo('PATCH /api/admin/bookings/b-1')[0]?.body).toEqual({
      status: 'cancelled',
    });
  });

  it('shows the balance paid with its receipt, and no moves for visits done', async () => {
    const panel = await openQuote(
      jobQuote(
        jobOf({
          visits: [{ ...firstVisit, status: 'done', statusLabel: 'Done' }],
          balanceInvoice: { id: 'inv-balance', number: 'HS-2030-0102' },
          balancePaid: true,
          receipt: { id: 'inv-receipt', number: 'HS-2030-0103' },
        }),
        { status: 'completed', statusLabel: 'Paid in full' },
      ),
    );
    const fact = (label: string) =>
      within(panel).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Balance invoice')).toBe('HS-2030-0102');
    expect(fact('Payment')).toBe('Balance paid');
    expect(fact('Receipt')).toBe('HS-2030-0103');
    expect(within(panel).queryByRole('button', { name: /Mark visit/ })).toBeNull();
    expect(within(panel).queryByLabelText('Crew for visit HS-b-1')).toBeNull();
  });

  it('shows no job panel before the quote is one', async () => {
    api.on(QUOTE_ROUTE, { json: { quote: sentQuote } });
    renderWithQueryClient(
      <MemoryRouter initialEntries={[`/admin?tab=quotes&quote=${sentQuote.id}`]}>
        <QuotesSection session={session} />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { level: 3, name: /^Quote Q-2030-000042/ });
    expect(screen.queryByRole('region', { name: 'Job' })).toBeNull();
    expect(api.callsTo('GET /api/admin/schedule')).toHaveLength(0);
  });
});
