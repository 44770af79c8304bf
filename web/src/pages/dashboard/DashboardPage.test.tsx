import type { BookingView, MonthlyPlanView } from '@hs/api/domain/booking/booking-schema';
import { addDays, longDate, todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { PlanMessages } from '@hs/api/domain/subscription/plan-messages';
import { planStanding } from '@hs/api/domain/subscription/plan-standing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceSummary } from '@hs/api/domain/invoice/invoice-schema';
import type { MyQuote } from '@hs/api/domain/quote/quote-schema';
import { createApiStub } from '../../test-support/api-stub';
import { DashboardPage } from './DashboardPage';

// The account's invoices and quotes: none, unless a test says otherwise.
const api = createApiStub({
  'GET /api/invoices': { json: { invoices: [] } },
  'GET /api/quotes': { json: { quotes: [] } },
});
const TOKEN = 'token-456';

const paidVisit: BookingView = {
  id: 'b1',
  reference: 'HS-1001',
  service: 'Garden Maintenance',
  serviceId: 'garden-maintenance',
  plan: 'One-time Visit',
  planId: 'one-time',
  date: '2030-05-14',
  time: 'morning',
  timeLabel: 'Morning (8am-12pm)',
  amountCents: 14900,
  currency: 'cad',
  status: 'paid',
  hasImage: false,
  createdAt: '2030-05-01T12:00:00.000Z',
  monthlyPlan: null,
  discount: null,
};

const estimate: BookingView = {
  ...paidVisit,
  id: 'b2',
  reference: 'HS-1002',
  service: 'Free Construction Estimate',
  serviceId: 'construction-estimate',
  plan: 'Custom Estimate',
  planId: 'custom-estimate',
  date: '2030-06-02',
  time: 'evening',
  timeLabel: 'Evening (4pm-8pm)',
  amountCents: null,
  status: 'estimate_requested',
};

beforeEach(() => {
  api.install();
});

afterEach(() => {
  cleanup();
  api.reset();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function renderPage({ signedIn = true } = {}) {
  if (signedIn) window.localStorage.setItem('authToken', TOKEN);
  renderWithQueryClient(
    <MemoryRouter>
      <DashboardPage />
    </MemoryRouter>,
  );
}

describe('DashboardPage', () => {
  it('asks a visitor to log in, under the page heading, without calling the API', () => {
    renderPage({ signedIn: false });
    screen.getByRole('heading', { level: 1, name: 'Dashboard' });
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Please log in to see your bookings.');
    expect(
      within(notice).getByRole('link', { name: 'Log in or sign up' }).getAttribute('href'),
    ).toBe('/signup/register');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('lists the bookings with their totals and status labels', async () => {
    api.on('GET /api/me/bookings', { json: { bookings: [paidVisit, estimate] } });
    renderPage();
    screen.getByText('Loading your bookings…');

    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items;
    if (first === undefined || second === undefined) throw new Error('two bookings expected');

    expect(within(first).getByRole('heading', { level: 3 }).textContent).toContain(
      'Garden Maintenance',
    );
    within(first).getByText('HS-1001');
    within(first).getByText('One-time Visit');
    within(first).getByText('Morning (8am-12pm)');
    within(first).getByText('$149');
    within(first).getByText('Paid');

    within(second).getByText('HS-1002');
    within(second).getByText(/Custom Estimate \(no payment\)/);
    within(second).getByText('Estimate requested');

    const [asked] = api.callsTo('GET /api/me/bookings');
    expect(asked?.url).toBe('/api/me/bookings');
    expect(asked?.authorization).toBe(`Bearer ${TOKEN}`);
    // Each booking's page opens with the login as its proof: no token in the address.
    expect(
      within(first).getByRole('link', { name: 'See or change this booking' }).getAttribute('href'),
    ).toBe('/bookings/manage?booking=b1');
    expect(
      within(second).getByRole('link', { name: 'See or change this booking' }).getAttribute('href'),
    ).toBe('/bookings/manage?booking=b2');
    // Only a booking waiting for its money is offered to pay.
    expect(screen.queryByRole('link', { name: 'Pay now' })).toBeNull();
  });

  it('offers Pay now and Cancel for a booking still waiting for its money', async () => {
    const unpaid: BookingView = {
      ...paidVisit,
      id: 'b3',
      reference: 'HS-1003',
      status: 'pending_payment',
    };
    api.on('GET /api/me/bookings', { json: { bookings: [unpaid] } });
    renderPage();
    const [item] = await screen.findAllByRole('listitem');
    if (item === undefined) throw new Error('one booking expected');
    within(item).getByText('Awaiting payment');
    within(item).getByText(
      'Not confirmed until it is paid: its place is held for a short while only.',
    );
    expect(within(item).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      '/bookings/manage?booking=b3&action=pay',
    );
    expect(within(item).getByRole('link', { name: 'Cancel it' }).getAttribute('href')).toBe(
      '/bookings/manage?booking=b3&action=cancel',
    );
    expect(screen.queryByText(/link in its confirmation email/)).toBeNull();
  });

  it("lists a plan's visits as one plan, with its next visits and its manage page", async () => {
    const today = todayInToronto();
    const dates = [addDays(today, -10), addDays(today, -3), addDays(today, 4), addDays(today, 11)];
    const plan: MonthlyPlanView = {
      id: 'c'.repeat(32),
      status: 'active',
      rule: '4 visits a month: every week, Morning (8am-12pm).',
      amountCents: 24_900,
      periodStart: addDays(today, -10),
      nextPeriodStart: addDays(today, 18),
      standing: planStanding({
        status: 'active',
        nextPeriodStart: addDays(today, 18),
        pausedMonth: null,
        cancelAtPeriodEnd: true,
        endedOn: null,
      }),
      neverPaid: false,
      visits: dates.map((date, index) => ({
        id: String(index).repeat(32),
        date,
        time: 'morning',
        timeLabel: 'Morning (8am-12pm)',
        status: index === 3 ? 'skipped' : 'paid',
      })),
    };
    const visits: BookingView[] = [...dates].reverse().map((date, index) => ({
      ...paidVisit,
      id: `visit-${String(index)}`,
      reference: `HS-20${String(index)}`,
      plan: 'Monthly Visit',
      planId: 'monthly',
      date,
      amountCents: 24_900,
      monthlyPlan: plan,
    }));
    api.on('GET /api/me/bookings', { json: { bookings: [...visits, paidVisit] } });
    renderPage();

    const entries = await screen.findAllByRole('article');
    expect(entries).toHaveLength(2);
    const [planEntry, single] = entries;
    if (planEntry === undefined || single === undefined) throw new Error('two entries expected');

    within(planEntry).getByRole('heading', {
      level: 3,
      name: 'Garden Maintenance: Monthly Visit plan',
    });
    within(planEntry).getByText(PlanMessages.standingLabels.ending);
    within(planEntry).getByText(plan.rule);
    within(planEntry).getByText('$249 a month');
    expect(within(planEntry).getByText('Ends on').nextElementSibling?.textContent).toBe(
      longDate(addDays(today, 18)),
    );
    expect(within(planEntry).queryByText('Renews on')).toBeNull();
    // The visits still to come; a skipped one says it is skipped, not cancelled.
    const next = within(planEntry).getByRole('list', { name: 'Next visits' });
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `${longDate(addDays(today, 4))}, Morning (8am-12pm) – Paid`,
      `${longDate(addDays(today, 11))}, Morning (8am-12pm) – Skipped`,
    ]);
    const manage = within(planEntry).getByRole('link', { name: 'Manage your plan' });
    expect(manage.getAttribute('href')).toBe(`/bookings/manage?booking=${plan.id}`);
    expect(screen.getAllByRole('link', { name: 'Manage your plan' })).toHaveLength(1);

    // A single booking links its own page.
    within(single).getByText('HS-1001');
    expect(
      within(single)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['See or change this booking']);
  });

  it("names a plan's paused month and the renewal after it, and nothing stale", async () => {
    const today = todayInToronto();
    const nextMonth = addDays(today, 18);
    const monthAfter = addDays(today, 48);
    const plan: MonthlyPlanView = {
      id: 'd'.repeat(32),
      status: 'active',
      rule: '4 visits a month: every week, Morning (8am-12pm).',
      amountCents: 24_900,
      periodStart: addDays(today, -10),
      nextPeriodStart: nextMonth,
      standing: planStanding({
        status: 'active',
        nextPeriodStart: nextMonth,
        pausedMonth: { from: nextMonth, until: monthAfter, begun: false },
        cancelAtPeriodEnd: false,
        endedOn: null,
      }),
      neverPaid: false,
      visits: [],
    };
    const visit: BookingView = { ...paidVisit, planId: 'monthly', monthlyPlan: plan };
    api.on('GET /api/me/bookings', { json: { bookings: [visit] } });
    renderPage();

    const [entry] = await screen.findAllByRole('article');
    if (entry === undefined) throw new Error('a plan entry expected');
    within(entry).getByText(PlanMessages.standingLabels.paused);
    expect(within(entry).getByText('Paused').nextElementSibling?.textContent).toBe(
      PlanMessages.pausedMonth(nextMonth),
    );
    // The renewal is the one after the paused month: the paused month's start is said once.
    expect(within(entry).getByText('Renews on').nextElementSibling?.textContent).toBe(
      longDate(monthAfter),
    );
    expect(within(entry).queryByText(longDate(nextMonth))).toBeNull();
    expect(within(entry).queryByText('Ends on')).toBeNull();
  });

  it('points to the services when there are no bookings', async () => {
    api.on('GET /api/me/bookings', { json: { bookings: [] } });
    renderPage();
    await screen.findByText(/You have no bookings yet\./);
    expect(
      screen
        .getByRole('link', { name: 'Browse our services and book a visit' })
        .getAttribute('href'),
    ).toBe('/service/service1');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the error and tries again on request', async () => {
    let bookingCalls = 0;
    api.on('GET /api/me/bookings', () =>
      (bookingCalls += 1) === 1 ? { networkError: true } : { json: { bookings: [paidVisit] } },
    );
    renderPage();

    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not reach the server. Check your connection and try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('HS-1001');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo('GET /api/me/bookings')).toHaveLength(2);
  });

  it('asks to log in again after a 401, leaving storage as it is', async () => {
    const ended = { status: 401, body: { error: 'Your session has ended. Please log in again.' } };
    api.on('GET /api/me/bookings', ended).on('GET /api/invoices', ended);
    renderPage();
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('Your session has ended. Please log in again.');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/signup/register');
    expect(window.localStorage.getItem('authToken')).toBe(TOKEN);
  });
});

const invoice: InvoiceSummary = {
  id: 'inv-2',
  kind: 'invoice',
  number: 'HS-2030-000002',
  issueDate: '2030-05-14',
  reference: 'HS-1001',
  totalCents: 14_900,
  hstCents: 1_714,
};

const creditNote: InvoiceSummary = {
  id: 'cn-1',
  kind: 'credit_note',
  number: 'HS-CN-2030-000001',
  issueDate: '2030-05-20',
  reference: 'HS-1001',
  totalCents: 14_900,
  hstCents: 1_714,
};

/** The invoices section, once its heading is there. */
async function findInvoices(): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Invoices' });
  const section = heading.closest('section');
  if (section === null) throw new Error('the Invoices heading is not inside its section');
  return section;
}

describe('DashboardPage invoices', () => {
  const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:invoice-pdf');
  const revokeObjectURL = vi.fn<(url: string) => void>();
  const clicked: { href: string; download: string }[] = [];

  beforeEach(() => {
    api.on('GET /api/me/bookings', { json: { bookings: [paidVisit] } });
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    clicked.length = 0;
    // jsdom does not download: the temporary link's click is what can be seen of the save.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
  });

  it('lists the account’s invoices and credit notes, newest first, with the login', async () => {
    api.on('GET /api/invoices', { json: { invoices: [creditNote, invoice] } });
    renderPage();
    const heading = screen.getByRole('heading', { level: 2, name: 'Invoices' });
    const section = heading.closest('section') ?? document.body;
    within(section).getByText('Loading your invoices…');
    const table = await within(section).findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0] ?? table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Number', 'Type', 'Date', 'Reference', 'Total', 'Actions']);
    const [, first, second] = rows;
    if (first === undefined || second === undefined) throw new Error('two documents expected');
    expect(
      within(first)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ).toEqual(['Credit note', longDate('2030-05-20'), 'HS-1001', '$149']);
    within(first).getByRole('rowheader', { name: 'HS-CN-2030-000001' });
    within(second).getByRole('rowheader', { name: 'HS-2030-000002' });
    within(second).getByText('Invoice');

    // Each opens on its own page, with the login as proof: no token in the address.
    const view = within(second).getByRole('link', { name: 'View' });
    expect(view.getAttribute('href')).toBe('/invoices/inv-2');
    expect(document.getElementById(view.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'HS-2030-000002',
    );
    within(second).getByRole('button', { name: 'Download PDF' });
    const [asked] = api.callsTo('GET /api/invoices');
    expect(asked?.authorization).toBe(`Bearer ${TOKEN}`);
    // The table scrolls in its own frame on a phone, which a keyboard can reach.
    expect(table.parentElement?.getAttribute('tabindex')).toBe('0');
  });

  it('says when there are no invoices yet', async () => {
    renderPage();
    const section = await findInvoices();
    await within(section).findByText("No invoices yet. Each payment's invoice appears here.");
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('shows why the invoices did not load, and tries again on request', async () => {
    let calls = 0;
    api.on('GET /api/invoices', () =>
      (calls += 1) === 1 ? { networkError: true } : { json: { invoices: [invoice] } },
    );
    renderPage();
    const section = await findInvoices();
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Your invoices could not be loaded. We could not reach the server. Check your connection and try again.',
    );
    // The bookings above loaded all the same.
    await screen.findByText('See or change this booking');
    fireEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    await within(section).findByRole('rowheader', { name: 'HS-2030-000002' });
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('fetches a PDF with the login and saves it, saying Preparing PDF… meanwhile', async () => {
    api.on('GET /api/invoices', { json: { invoices: [invoice] } });
    let send: ((answer: Response) => void) | undefined;
    api.on(
      'GET /api/invoices/inv-2/pdf',
      () =>
        new Promise<Response>((resolve) => {
          send = resolve;
        }),
    );
    renderPage();
    const section = await findInvoices();
    fireEvent.click(await within(section).findByRole('button', { name: 'Download PDF' }));
    within(section).getByRole('button', { name: 'Preparing PDF…' });
    await waitFor(() => {
      expect(send).toBeTypeOf('function');
    });
    const [asked] = api.callsTo('GET /api/invoices/inv-2/pdf');
    expect(asked?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(asked?.query.has('token')).toBe(false);
    // A second press while it is on its way asks nothing more.
    fireEvent.click(within(section).getByRole('button', { name: 'Preparing PDF…' }));
    expect(api.callsTo('GET /api/invoices/inv-2/pdf')).toHaveLength(1);

    send?.(
      // A string body: jsdom's Blob is not one Node's Response can read.
      new Response('%PDF-1.7', {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="HS-2030-000002.pdf"',
        },
      }),
    );
    await within(section).findByRole('button', { name: 'Download PDF' });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(clicked).toEqual([{ href: 'blob:invoice-pdf', download: 'HS-2030-000002.pdf' }]);
    // The temporary link is gone again.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('says when the PDF could not be downloaded, and can try again', async () => {
    api.on('GET /api/invoices', { json: { invoices: [invoice] } });
    api.on('GET /api/invoices/inv-2/pdf', {
      status: 404,
      body: {
        error: 'Invoice not found.',
        message: 'Invoice not found.',
        code: 'invoice.not_found',
      },
    });
    renderPage();
    const section = await findInvoices();
    fireEvent.click(await within(section).findByRole('button', { name: 'Download PDF' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'The PDF could not be downloaded. Invoice not found.',
    );
    expect(clicked).toEqual([]);
    api.on('GET /api/invoices/inv-2/pdf', () => new Response('%PDF-1.7', { status: 200 }));
    fireEvent.click(within(section).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => {
      expect(clicked).toHaveLength(1);
    });
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('shows no invoices section to a visitor', () => {
    renderPage({ signedIn: false });
    expect(screen.queryByRole('heading', { name: 'Invoices' })).toBeNull();
    expect(api.fetch).not.toHaveBeenCalled();
  });
});

const sentQuote: MyQuote = {
  id: 'q-7',
  number: 'Q-2030-0007',
  revision: 2,
  status: 'viewed',
  statusLabel: 'Viewed',
  validUntil: '2030-05-31',
  totalCents: 250_000,
  url: '/quotes/q-7?token=signed-token',
};

const convertedQuote: MyQuote = {
  id: 'q-3',
  number: 'Q-2030-0003',
  revision: 1,
  status: 'converted',
  statusLabel: 'Converted to a job',
  validUntil: '2030-04-15',
  totalCents: 98_750,
  // The API may write the site's full address: it opens inside the site all the same.
  url: `${window.location.origin}/quotes/q-3?token=other-token`,
};

describe('DashboardPage quotes', () => {
  beforeEach(() => {
    api.on('GET /api/me/bookings', { json: { bookings: [paidVisit] } });
  });

  it('lists the account’s quotes with their status, total and validity, each to open', async () => {
    api.on('GET /api/quotes', { json: { quotes: [sentQuote, convertedQuote] } });
    renderPage();
    const heading = await screen.findByRole('heading', { level: 2, name: 'Quotes' });
    const section = heading.closest('section') ?? document.body;
    const table = within(section).getByRole('table', { name: 'Your quotes' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0] ?? table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Quote', 'Status', 'Total', 'Valid until', 'Actions']);
    const [, first, second] = rows;
    if (first === undefined || second === undefined) throw new Error('two quotes expected');
    within(first).getByRole('rowheader', { name: 'Q-2030-0007 (revision 2)' });
    expect(
      within(first)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    ).toEqual(['Viewed', '$2,500', longDate('2030-05-31')]);
    const open = within(first).getByRole('link', { name: 'Open quote' });
    expect(open.getAttribute('href')).toBe('/quotes/q-7?token=signed-token');
    expect(document.getElementById(open.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Q-2030-0007 (revision 2)',
    );
    within(second).getByText('Converted to a job');
    within(second).getByText('$987.50');
    expect(within(second).getByRole('link', { name: 'Open quote' }).getAttribute('href')).toBe(
      '/quotes/q-3?token=other-token',
    );
    const [asked] = api.callsTo('GET /api/quotes');
    expect(asked?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('shows no quotes section to a customer without quotes', async () => {
    renderPage();
    await screen.findByText('HS-1001');
    await waitFor(() => {
      expect(api.callsTo('GET /api/quotes')).toHaveLength(1);
    });
    await screen.findByRole('heading', { level: 2, name: 'Invoices' });
    expect(screen.queryByRole('heading', { name: 'Quotes' })).toBeNull();
  });

  it('says when the quotes could not be loaded, and tries again on request', async () => {
    let calls = 0;
    api.on('GET /api/quotes', () =>
      (calls += 1) === 1 ? { networkError: true } : { json: { quotes: [sentQuote] } },
    );
    renderPage();
    const heading = await screen.findByRole('heading', { level: 2, name: 'Quotes' });
    const section = heading.closest('section') ?? document.body;
    expect(within(section).getByRole('alert').textContent).toBe(
      'Your quotes could not be loaded. We could not reach the server. Check your connection and try again.',
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    await within(section).findByRole('rowheader', { name: 'Q-2030-0007 (revision 2)' });
    expect(within(section).queryByRole('alert')).toBeNull();
  });
});
