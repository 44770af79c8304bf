import { longDate } from '@hs/api/domain/calendar/toronto-date';
import { lineOf } from '@hs/api/domain/invoice/invoice-lines';
import {
  type CustomerQuote,
  type JobVisit,
  type QuoteJob,
  QuoteWords,
} from '@hs/api/domain/quote/quote-schema';
import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@hs/api/domain/quote/quote-status';
import { quoteTotals, type QuoteLineInput } from '@hs/api/domain/quote/quote-totals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { awaitsPayment } from '../../api/quotes-api';
import { routes } from '../../app/routes';
import { type ApiRoute, stubApi } from '../../test-support/api-stub';
import { renderWithQueryClient } from '../../test-support/render';
import { QuotePage } from './QuotePage';

const QUOTE_ID = 'q-7';
const TOKEN = 'signed.quote-link.token';
const HOSTILE = '<img src=x onerror=alert(1)>';
const CHECKOUT = 'https://pay.example/checkout/deposit-7';

const written: readonly QuoteLineInput[] = [
  { description: 'Demolition and disposal', quantity: 1, unitPriceCents: 150_000, optional: false },
  { description: 'Drywall, tape and paint', quantity: 2, unitPriceCents: 50_000, optional: false },
  { description: 'Heated floor', quantity: 1, unitPriceCents: 120_000, optional: true },
  { description: HOSTILE, quantity: 1, unitPriceCents: 10_000, optional: true },
];

/** The totals the server works out (quote-totals.ts), without the per-line split. */
function serverTotals(chosen: readonly number[]): CustomerQuote['totals'] {
  const { lines: _lines, ...totals } = quoteTotals(written, chosen, null);
  return totals;
}

function quoteOf(status: QuoteStatus, changes: Partial<CustomerQuote> = {}): CustomerQuote {
  const chosen = changes.acceptedBy ? [2] : [];
  return {
    id: QUOTE_ID,
    number: 'Q-2030-0007',
    revision: 2,
    status,
    statusLabel: QUOTE_STATUS_LABELS[status],
    closedReason: null,
    customerName: 'Maya Singh',
    company: 'Singh Gardens Ltd.',
    serviceAddress: '12 Rosedale Ave, Toronto, ON M4W 1P8',
    sentDate: '2030-05-01',
    validUntil: '2030-05-31',
    lines: written.map((line, index) => ({
      index,
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      optional: line.optional,
      included: !line.optional || chosen.includes(index),
      split: lineOf(line.description, line.unitPriceCents * line.quantity, line.quantity),
    })),
    totals: serverTotals(chosen),
    terms: 'Work starts within two weeks of the deposit.\nBalance due on completion.',
    note: 'Thank you for having us over.',
    acceptedBy: null,
    acceptedAt: null,
    depositPaid: false,
    replacedByUrl: null,
    newQuoteUrl: '/contact?quote=Q-2030-0007',
    job: null,
    ...changes,
  };
}

const open = quoteOf('viewed');
const accepted = quoteOf('accepted', {
  acceptedBy: 'Maya Singh',
  acceptedAt: '2030-05-03T15:00:00.000Z',
  totals: serverTotals([2]),
});

const BALANCE_CHECKOUT = 'https://pay.example/checkout/balance-7';

function visitOf(id: string, date: string, status = 'paid', statusLabel = 'Booked'): JobVisit {
  return {
    id,
    reference: `HS-${id}`,
    date,
    time: 'morning',
    window: 'Morning (8am-12pm)',
    status,
    statusLabel,
    crewId: null,
  };
}

function jobOf(changes: Partial<QuoteJob> = {}): QuoteJob {
  return {
    visits: [],
    balanceInvoice: null,
    balanceCents: serverTotals([2]).balanceCents,
    balancePaid: false,
    receipt: null,
    ...changes,
  };
}

const doneVisits = [visitOf('v-1', '2030-06-10', 'done', 'Done')];
const balanceDue = quoteOf('balance_due', {
  acceptedBy: 'Maya Singh',
  depositPaid: true,
  totals: serverTotals([2]),
  job: jobOf({ visits: doneVisits, balanceInvoice: { id: 'inv-12', number: 'HS-2030-0012' } }),
});
const completed = quoteOf('completed', {
  acceptedBy: 'Maya Singh',
  depositPaid: true,
  totals: serverTotals([2]),
  job: jobOf({
    visits: doneVisits,
    balanceInvoice: { id: 'inv-12', number: 'HS-2030-0012' },
    balancePaid: true,
    receipt: { id: 'inv-13', number: 'HS-2030-0013' },
  }),
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const QUOTE_ROUTE = `GET /api/quotes/${QUOTE_ID}`;
const TOTALS_ROUTE = `POST /api/quotes/${QUOTE_ID}/totals`;
const ACCEPT_ROUTE = `POST /api/quotes/${QUOTE_ID}/accept`;
const DECLINE_ROUTE = `POST /api/quotes/${QUOTE_ID}/decline`;
const DEPOSIT_ROUTE = `POST /api/quotes/${QUOTE_ID}/deposit`;
const BALANCE_ROUTE = `POST /api/quotes/${QUOTE_ID}/balance`;

/** The page at `/quotes/q-7?token=…` (or `path`), the API answering from `answers`. */
function openPage(
  answers: Record<string, ApiRoute> = {},
  path = `/quotes/${QUOTE_ID}?token=${TOKEN}`,
) {
  const api = stubApi({
    [QUOTE_ROUTE]: { json: open },
    [TOTALS_ROUTE]: ({ body }) => ({
      json: serverTotals((body as { optionalItems: number[] }).optionalItems),
    }),
    ...answers,
  });
  const redirect = vi.fn<(url: string) => void>();
  const router = createMemoryRouter(
    [
      { path: '/quotes/:id', element: <QuotePage redirect={redirect} /> },
      { path: '/contact', element: <h1>Contact us</h1> },
      { path: '/', element: <h1>Home</h1> },
    ],
    { initialEntries: [path] },
  );
  renderWithQueryClient(<RouterProvider router={router} />);
  return { api, redirect, router };
}

const heading = () =>
  screen.findByRole('heading', { level: 1, name: 'Quote Q-2030-0007 (revision 2)' });

/** The figure beside a label of the summary. */
function figure(label: string): string | null | undefined {
  const summary = screen.getByRole('region', { name: 'Summary' });
  return within(summary).getByText(label).nextElementSibling?.textContent;
}

const cellTexts = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe('the quote page', () => {
  it('shows the lines and the server’s totals, with the link’s token', async () => {
    const { api } = openPage();
    screen.getByText('Loading your quote…');
    await heading();
    expect(document.title).toMatch(/^Quote Q-2030-0007 \(revision 2\) — /);
    const [asked] = api.callsTo(QUOTE_ROUTE);
    expect(asked?.url).toBe(`/api/quotes/${QUOTE_ID}?token=${encodeURIComponent(TOKEN)}`);
    expect(asked?.authorization).toBeNull();
    // Nothing is chosen yet: the quote's own totals, nothing more asked.
    expect(api.callsTo(TOTALS_ROUTE)).toHaveLength(0);

    screen.getByText('Maya Singh');
    screen.getByText('Singh Gardens Ltd.');
    screen.getByText('12 Rosedale Ave, Toronto, ON M4W 1P8');
    expect(screen.getByText('Valid until').nextElementSibling?.textContent).toBe(
      longDate('2030-05-31'),
    );
    expect(screen.getByText('Status').nextElementSibling?.textContent).toBe('Viewed');

    const table = screen.getByRole('table', { name: 'The lines of the quote' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map(cellTexts)).toEqual([
      ['Description', 'Qty', 'Unit price (before tax)', 'HST 13%', 'Amount'],
      ['Demolition and disposal', '1', '$1,327.43', '$172.57', '$1,500'],
      ['Drywall, tape and paint', '2', '$442.48', '$115.04', '$1,000'],
      ['Heated floorOptional', '1', '$1,061.95', '$138.05', '$1,200'],
      [`${HOSTILE}Optional`, '1', '$88.50', '$11.50', '$100'],
    ]);
    // Each figure carries its label for the phone's cards.
    expect(rows[1]?.querySelector('td')?.getAttribute('data-label')).toBe('Qty');

    expect(figure('Subtotal')).toBe('$2,212.39');
    expect(figure('HST 13%')).toBe('$287.61');
    expect(figure('Total')).toBe('$2,500');
    expect(figure('Deposit due now')).toBe('$625 (25% of the total)');
    expect(figure('Balance after the work')).toBe('$1,875');

    const note = screen.getByRole('region', { name: 'Terms' });
    expect(within(note).getByText(/Work starts/).textContent).toBe(
      'Work starts within two weeks of the deposit.\nBalance due on completion.',
    );
    const pdf = screen.getByRole('link', { name: 'Download PDF' });
    expect(pdf.getAttribute('href')).toBe(
      `/api/quotes/${QUOTE_ID}/pdf?token=${encodeURIComponent(TOKEN)}`,
    );
    screen.getByLabelText('Type your full name to accept');
    screen.getByRole('button', { name: 'Accept the quote' });
    screen.getByRole('button', { name: 'Decline the quote' });
  });

  it('asks the server for the totals when an optional item is ticked, and keeps the last ones meanwhile', async () => {
    let answer: ((totals: unknown) => void) | undefined;
    const { api } = openPage({
      [TOTALS_ROUTE]: () =>
        new Promise((resolve) => {
          answer = (totals) => {
            resolve({ json: totals });
          };
        }),
    });
    await heading();
    const heated = screen.getByRole('checkbox', { name: 'Heated floor' });
    expect(heated).toHaveProperty('checked', false);
    fireEvent.click(heated);
    expect(heated).toHaveProperty('checked', true);
    await waitFor(() => {
      expect(api.callsTo(TOTALS_ROUTE)).toHaveLength(1);
    });
    expect(api.callsTo(TOTALS_ROUTE)[0]?.body).toEqual({ token: TOKEN, optionalItems: [2] });
    // While the server works it out, the totals shown stay as they were: they never blank out.
    screen.getByText('Updating the totals…');
    expect(figure('Total')).toBe('$2,500');
    expect(screen.getByRole('region', { name: 'Summary' }).getAttribute('aria-busy')).toBe('true');

    // The server's figures, whatever they are: the page adds nothing up itself.
    answer?.({
      subtotalCents: 311_111,
      hstCents: 40_444,
      totalCents: 351_555,
      depositPercent: 30,
      depositCents: 105_467,
      balanceCents: 246_088,
    });
    await waitFor(() => {
      expect(figure('Total')).toBe('$3,515.55');
    });
    expect(figure('Subtotal')).toBe('$3,111.11');
    expect(figure('HST 13%')).toBe('$404.44');
    expect(figure('Deposit due now')).toBe('$1,054.67 (30% of the total)');
    expect(figure('Balance after the work')).toBe('$2,460.88');
    screen.getByText('Totals updated. Total $3,515.55.');

    // Unticked, the quote's own totals again, without asking.
    fireEvent.click(heated);
    expect(figure('Total')).toBe('$2,500');
    expect(api.callsTo(TOTALS_ROUTE)).toHaveLength(1);
  });

  it('says why the totals were refused (409), and reads the quote afresh', async () => {
    let reads = 0;
    const replaced = quoteOf('replaced', {
      closedReason: QuoteWords.replaced,
      replacedByUrl: '/quotes/q-8?token=newer-token',
    });
    const { api } = openPage({
      [QUOTE_ROUTE]: () => ({ json: (reads += 1) === 1 ? open : replaced }),
      [TOTALS_ROUTE]: { status: 409, body: { error: QuoteWords.replaced } },
    });
    await heading();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Heated floor' }));
    await screen.findByRole('heading', { level: 2, name: 'Quote replaced' });
    expect(api.callsTo(QUOTE_ROUTE)).toHaveLength(2);
    screen.getByText(QuoteWords.replaced);
    screen.getByRole('link', { name: 'Open the new quote' });
    expect(screen.queryByRole('button', { name: 'Accept the quote' })).toBeNull();
  });

  it('says when the totals could not be worked out, and asks again on request', async () => {
    let calls = 0;
    openPage({
      [TOTALS_ROUTE]: () =>
        (calls += 1) === 1 ? { networkError: true } : { json: serverTotals([2]) },
    });
    await heading();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Heated floor' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The totals could not be updated. We could not reach the server. Check your connection and try again.',
    );
    expect(screen.queryByRole('region', { name: 'Summary' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(figure('Total')).toBe('$3,700');
    });
  });

  it('says a name is needed, under the field, without asking the API', async () => {
    const { api } = openPage();
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Accept the quote' }));
    const name = screen.getByLabelText('Type your full name to accept');
    screen.getByText(QuoteWords.nameRequired);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(
      screen.getByText(QuoteWords.nameRequired).id,
    );
    expect(document.activeElement).toBe(name);
    // Spaces are no name either.
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept the quote' }));
    expect(api.callsTo(ACCEPT_ROUTE)).toHaveLength(0);
  });

  it('shows the API’s field error under the name', async () => {
    openPage({
      [ACCEPT_ROUTE]: {
        status: 400,
        body: { error: 'Please correct the fields.', fields: { name: 'Your name is required.' } },
      },
    });
    await heading();
    fireEvent.change(screen.getByLabelText('Type your full name to accept'), {
      target: { value: 'M' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Accept the quote' }));
    await screen.findByText('Your name is required.');
    expect(
      screen.getByLabelText('Type your full name to accept').getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it('accepts with the typed name and the items chosen, then goes to pay the deposit', async () => {
    const { api, redirect } = openPage({
      [ACCEPT_ROUTE]: {
        json: { message: QuoteWords.acceptedPayDeposit, quote: accepted, checkoutUrl: CHECKOUT },
      },
    });
    await heading();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Heated floor' }));
    await waitFor(() => {
      expect(figure('Total')).toBe('$3,700');
    });
    fireEvent.change(screen.getByLabelText('Type your full name to accept'), {
      target: { value: '  Maya Singh ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Accept the quote' }));
    await waitFor(() => {
      expect(redirect).toHaveBeenCalledWith(CHECKOUT);
    });
    expect(api.callsTo(ACCEPT_ROUTE).map((call) => call.body)).toEqual([
      { token: TOKEN, name: 'Maya Singh', optionalItems: [2] },
    ]);
    // Said once, and the button cannot open a second payment meanwhile.
    expect(screen.getAllByText(QuoteWords.acceptedPayDeposit)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Opening the payment page…' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.queryByLabelText('Type your full name to accept')).toBeNull();
  });

  it('holds the acceptance while the totals of a new choice are on their way', async () => {
    const { api } = openPage({ [TOTALS_ROUTE]: () => new Promise(() => undefined) });
    await heading();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Heated floor' }));
    fireEvent.change(screen.getByLabelText('Type your full name to accept'), {
      target: { value: 'Maya Singh' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Accept the quote' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Please wait for the totals to update before accepting.',
    );
    expect(api.callsTo(ACCEPT_ROUTE)).toHaveLength(0);
  });

  it('thanks a customer who owes no deposit, and goes nowhere', async () => {
    const converted = quoteOf('converted', { acceptedBy: 'Maya Singh' });
    const { redirect } = openPage({
      [ACCEPT_ROUTE]: {
        json: { message: QuoteWords.acceptedNoDeposit, quote: converted, checkoutUrl: null },
      },
    });
    await heading();
    fireEvent.change(screen.getByLabelText('Type your full name to accept'), {
      target: { value: 'Maya Singh' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Accept the quote' }));
    await screen.findByRole('heading', { level: 2, name: 'Your quote is accepted' });
    expect(screen.getAllByText(QuoteWords.acceptedNoDeposit)).toHaveLength(1);
    // No visit booked yet: we call to book them.
    screen.getByText('We will call you to book the visits.');
    expect(redirect).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    expect(screen.queryByRole('checkbox')).toBeNull();
    // The answer's news takes the focus from the form that is gone.
    expect(document.activeElement?.textContent).toBe(QuoteWords.acceptedNoDeposit);
  });

  it('shows why an accept was refused (409), and reads the quote afresh', async () => {
    let reads = 0;
    const expired = quoteOf('expired', { closedReason: QuoteWords.expired });
    const { api } = openPage({
      [QUOTE_ROUTE]: () => ({ json: (reads += 1) === 1 ? open : expired }),
      [ACCEPT_ROUTE]: { status: 409, body: { error: QuoteWords.expired } },
    });
    await heading();
    fireEvent.change(screen.getByLabelText('Type your full name to accept'), {
      target: { value: 'Maya Singh' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Accept the quote' }));
    expect((await screen.findByRole('alert')).textContent).toBe(QuoteWords.expired);
    await screen.findByRole('heading', { level: 2, name: 'Quote expired' });
    expect(api.callsTo(QUOTE_ROUTE)).toHaveLength(2);
    // Said once, with the next step, and nothing left to answer.
    expect(screen.getAllByText(QuoteWords.expired)).toHaveLength(1);
    screen.getByRole('link', { name: 'Ask us for a new quote' });
    expect(screen.queryByLabelText('Type your full name to accept')).toBeNull();
  });

  it('points a replaced quote to its new revision', async () => {
    openPage({
      [QUOTE_ROUTE]: {
        json: quoteOf('replaced', {
          closedReason: QuoteWords.replaced,
          replacedByUrl: '/quotes/q-8?token=newer-token',
        }),
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Quote replaced' });
    screen.getByText(QuoteWords.replaced);
    expect(screen.getByRole('link', { name: 'Open the new quote' }).getAttribute('href')).toBe(
      '/quotes/q-8?token=newer-token',
    );
    expect(screen.queryByRole('button', { name: 'Accept the quote' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline the quote' })).toBeNull();
    // The optional items say they were not added, with no checkbox.
    expect(screen.queryByRole('checkbox')).toBeNull();
    screen.getAllByText('Optional: Not added');
  });

  it('offers to ask for a new quote once it expired', async () => {
    openPage({
      [QUOTE_ROUTE]: { json: quoteOf('expired', { closedReason: QuoteWords.expired }) },
    });
    await screen.findByRole('heading', { level: 2, name: 'Quote expired' });
    screen.getByText(QuoteWords.expired);
    const ask = screen.getByRole('link', { name: 'Ask us for a new quote' });
    expect(ask.getAttribute('href')).toBe('/contact?quote=Q-2030-0007');
    expect(screen.queryByRole('button', { name: 'Accept the quote' })).toBeNull();
    fireEvent.click(ask);
    await screen.findByRole('heading', { level: 1, name: 'Contact us' });
  });

  it('sends a decline with its reason, then thanks the customer', async () => {
    const declined = quoteOf('declined', { closedReason: QuoteWords.alreadyDeclined });
    const { api } = openPage({
      [DECLINE_ROUTE]: { json: { message: QuoteWords.declinedThanks, quote: declined } },
    });
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Decline the quote' }));
    const reason = screen.getByLabelText('Why are you declining? (optional)');
    await waitFor(() => {
      expect(document.activeElement).toBe(reason);
    });
    fireEvent.change(reason, { target: { value: '  We found a lower price.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline the quote' }));
    expect((await screen.findByText(QuoteWords.declinedThanks)).getAttribute('role')).toBe(
      'status',
    );
    expect(api.callsTo(DECLINE_ROUTE).map((call) => call.body)).toEqual([
      { token: TOKEN, reason: 'We found a lower price.' },
    ]);
    screen.getByRole('heading', { level: 2, name: 'Quote declined' });
    screen.getByText(QuoteWords.alreadyDeclined);
    screen.getByRole('link', { name: 'Ask us for a new quote' });
  });

  it('puts the decline away again on "Keep the quote"', async () => {
    const { api } = openPage();
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Decline the quote' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep the quote' }));
    const opener = screen.getByRole('button', { name: 'Decline the quote' });
    await waitFor(() => {
      expect(document.activeElement).toBe(opener);
    });
    expect(screen.queryByLabelText('Why are you declining? (optional)')).toBeNull();
    expect(api.callsTo(DECLINE_ROUTE)).toHaveLength(0);
  });

  it('writes descriptions as text, never as HTML', async () => {
    openPage({
      [QUOTE_ROUTE]: {
        json: { ...open, note: HOSTILE, terms: `<script>alert(1)</script>` },
      },
    });
    await heading();
    const item = screen.getByRole('checkbox', { name: HOSTILE });
    expect(item).toBeDefined();
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('.quote-page script')).toBeNull();
    screen.getByText('<script>alert(1)</script>');
    expect(screen.getAllByText(HOSTILE).length).toBeGreaterThanOrEqual(2);
  });

  it('offers to pay the deposit of an accepted quote', async () => {
    const { api, redirect } = openPage({
      [QUOTE_ROUTE]: { json: accepted },
      [DEPOSIT_ROUTE]: { json: { checkoutUrl: CHECKOUT } },
    });
    await screen.findByRole('heading', { level: 2, name: 'Deposit due' });
    screen.getByText(QuoteWords.acceptedPayDeposit);
    expect(screen.getByText('Accepted by').nextElementSibling?.textContent).toBe(
      `Maya Singh, on ${longDate('2030-05-03')}`,
    );
    // The items accepted: the heated floor added, the other left out.
    screen.getByText('Optional: Added');
    screen.getByText('Optional: Not added');
    expect(figure('Total')).toBe('$3,700');
    fireEvent.click(screen.getByRole('button', { name: 'Pay the deposit' }));
    await waitFor(() => {
      expect(redirect).toHaveBeenCalledWith(CHECKOUT);
    });
    expect(api.callsTo(DEPOSIT_ROUTE).map((call) => call.body)).toEqual([{ token: TOKEN }]);
  });

  it('shows why a deposit cannot be paid (409), and reads the quote afresh', async () => {
    let reads = 0;
    const converted = quoteOf('converted', { acceptedBy: 'Maya Singh', depositPaid: true });
    const { api, redirect } = openPage({
      [QUOTE_ROUTE]: () => ({ json: (reads += 1) === 1 ? accepted : converted }),
      [DEPOSIT_ROUTE]: { status: 409, body: { error: QuoteWords.alreadyConverted } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay the deposit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(QuoteWords.alreadyConverted);
    await screen.findByText('Your deposit is paid.');
    expect(api.callsTo(QUOTE_ROUTE)).toHaveLength(2);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('waits for the deposit to be confirmed after paying, then says it is paid', async () => {
    let reads = 0;
    const converted = quoteOf('converted', {
      acceptedBy: 'Maya Singh',
      depositPaid: true,
      totals: serverTotals([2]),
    });
    const { api } = openPage(
      { [QUOTE_ROUTE]: () => ({ json: (reads += 1) === 1 ? accepted : converted }) },
      `/quotes/${QUOTE_ID}?token=${TOKEN}&paid=1`,
    );
    await screen.findByText(
      'Thank you, your deposit is being confirmed. This page updates by itself.',
    );
    // No second payment is offered while the first is confirmed.
    expect(screen.queryByRole('button', { name: 'Pay the deposit' })).toBeNull();
    await screen.findByText('Your deposit is paid.');
    screen.getByRole('heading', { level: 2, name: 'Your quote is accepted' });
    expect(figure('Deposit paid')).toBe('$925 (25% of the total)');
    expect(api.callsTo(QUOTE_ROUTE)).toHaveLength(2);
    // Converted: nothing is awaited any more, so the page stops asking (useQuote's interval).
    expect(awaitsPayment('converted')).toBe(false);
  });

  it('lists the visits of the job once they are booked', async () => {
    openPage({
      [QUOTE_ROUTE]: {
        json: quoteOf('converted', {
          acceptedBy: 'Maya Singh',
          depositPaid: true,
          job: jobOf({ visits: [visitOf('v-1', '2030-06-10'), visitOf('v-2', '2030-06-11')] }),
        }),
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Your job is booked' });
    screen.getByText('Your deposit is paid.');
    const visits = screen.getByRole('region', { name: 'Your visits' });
    expect(
      within(visits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `${longDate('2030-06-10')}, Morning (8am-12pm): Booked`,
      `${longDate('2030-06-11')}, Morning (8am-12pm): Booked`,
    ]);
    expect(screen.queryByText('We will call you to book the visits.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
  });

  it('says the balance due once the work is done, and goes to pay it', async () => {
    const { api, redirect } = openPage({
      [QUOTE_ROUTE]: { json: balanceDue },
      [BALANCE_ROUTE]: { json: { checkoutUrl: BALANCE_CHECKOUT } },
    });
    await screen.findByRole('heading', { level: 2, name: 'Balance due' });
    screen.getByText('The work is done. Balance due: $2,775 (invoice HS-2030-0012).');
    expect(figure('Balance due now')).toBe('$2,775');
    fireEvent.click(screen.getByRole('button', { name: 'Pay the balance' }));
    await waitFor(() => {
      expect(redirect).toHaveBeenCalledWith(BALANCE_CHECKOUT);
    });
    expect(api.callsTo(BALANCE_ROUTE).map((call) => call.body)).toEqual([{ token: TOKEN }]);
    expect(api.callsTo(BALANCE_ROUTE)[0]?.authorization).toBeNull();
    // No second payment page while the browser leaves for the first.
    expect(screen.getByRole('button', { name: 'Opening the payment page…' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('shows why the balance cannot be paid (409), and reads the quote afresh', async () => {
    let reads = 0;
    const { api, redirect } = openPage({
      [QUOTE_ROUTE]: () => ({ json: (reads += 1) === 1 ? balanceDue : completed }),
      [BALANCE_ROUTE]: { status: 409, body: { error: QuoteWords.noBalanceDue } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay the balance' }));
    expect((await screen.findByRole('alert')).textContent).toBe(QuoteWords.noBalanceDue);
    await screen.findByRole('heading', { level: 2, name: 'Paid in full' });
    expect(api.callsTo(QUOTE_ROUTE)).toHaveLength(2);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('waits for the balance to be confirmed after paying, then says it is paid in full', async () => {
    let reads = 0;
    const { api } = openPage(
      { [QUOTE_ROUTE]: () => ({ json: (reads += 1) === 1 ? balanceDue : completed }) },
      `/quotes/${QUOTE_ID}?token=${TOKEN}&paid=1`,
    );
    await screen.findByText(
      'Thank you, your payment is being confirmed. This page updates by itself.',
    );
    expect(screen.queryByRole('button', { name: 'Pay the balance' })).toBeNull();
    await screen.findByText('Paid in full. Thank you!');
    screen.getByRole('heading', { level: 2, name: 'Paid in full' });
    expect(screen.getByText('Receipt').nextElementSibling?.textContent).toBe('HS-2030-0013');
    expect(screen.getByText('Balance invoice').nextElementSibling?.textContent).toBe(
      'HS-2030-0012',
    );
    expect(figure('Balance paid')).toBe('$2,775');
    expect(api.callsTo(QUOTE_ROUTE)).toHaveLength(2);
    // Completed: nothing is awaited any more, so the page stops asking (useQuote's interval).
    expect(awaitsPayment('completed')).toBe(false);
  });

  it('keeps asking, back from paying the deposit, while the quote still reads accepted', async () => {
    let reads = 0;
    const converted = quoteOf('converted', {
      acceptedBy: 'Maya Singh',
      depositPaid: true,
      totals: serverTotals([2]),
      job: jobOf(),
    });
    const { api } = openPage(
      { [QUOTE_ROUTE]: () => ({ json: (reads += 1) <= 2 ? accepted : converted }) },
      `/quotes/${QUOTE_ID}?token=${TOKEN}&paid=1`,
    );
    await screen.findByText('Your deposit is paid.', {}, { timeout: 5_000 });
    expect(api.callsTo(QUOTE_ROUTE)).toHaveLength(3);
    screen.getByText('We will call you to book the visits.');
  });

  it('thanks a customer whose quote is paid in full, with the receipt and a way to reach us', async () => {
    openPage({ [QUOTE_ROUTE]: { json: completed } });
    await screen.findByRole('heading', { level: 2, name: 'Paid in full' });
    screen.getByText('Paid in full. Thank you!');
    expect(screen.getByText('Receipt').nextElementSibling?.textContent).toBe('HS-2030-0013');
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    expect(screen.queryByRole('button', { name: 'Pay the balance' })).toBeNull();
  });

  it('says a link that is not valid is not, with a way home and to the contact page', async () => {
    openPage({ [QUOTE_ROUTE]: { status: 404, body: { error: QuoteWords.notFound } } });
    expect((await screen.findByRole('alert')).textContent).toBe(QuoteWords.linkInvalid);
    screen.getByRole('heading', { level: 1, name: 'Quote' });
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says a link without a token is not valid, without asking the API', () => {
    const { api } = openPage({}, `/quotes/${QUOTE_ID}`);
    expect(screen.getByRole('alert').textContent).toBe(QuoteWords.linkInvalid);
    expect(api.calls()).toEqual([]);
  });

  it('says why the quote did not load, and tries again on request', async () => {
    let reads = 0;
    openPage({
      [QUOTE_ROUTE]: () => ((reads += 1) === 1 ? { networkError: true } : { json: open }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The quote could not be loaded. We could not reach the server. Check your connection and try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await heading();
  });
});

describe('the /quotes/:id route', () => {
  it('loads the quote page inside the site, lazily', async () => {
    stubApi({ [QUOTE_ROUTE]: { json: open } });
    const router = createMemoryRouter(routes, {
      initialEntries: [`/quotes/${QUOTE_ID}?token=${TOKEN}`],
    });
    renderWithQueryClient(<RouterProvider router={router} />);
    await heading();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
