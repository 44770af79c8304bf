import type { InvoiceView } from '@hs/api/domain/invoice/invoice-schema';
import { splitHstIncluded } from '@hs/api/domain/invoice/hst';
import { longDate } from '@hs/api/domain/calendar/toronto-date';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { type ApiRoute, stubApi } from '../../test-support/api-stub';
import { renderWithQueryClient } from '../../test-support/render';
import { InvoicePage } from './InvoicePage';

const BOOKING_ID = 'b'.repeat(32);
const TOKEN = 'manage-link-token';
const LOGIN = 'login-token';
const price = splitHstIncluded(14_900);

const invoice: InvoiceView = {
  id: 'inv-1',
  kind: 'invoice',
  number: 'HS-2030-000001',
  issueDate: '2030-05-01',
  issuedAt: '2030-05-01T14:00:00.000Z',
  seller: {
    legalName: 'Home Services Toronto Inc.',
    tradingName: 'Home Services',
    address: '1910 Eglinton Ave W, Toronto, ON M6E 2J7, Canada',
    hstNumber: '123456789 RT0001',
  },
  buyer: {
    name: 'Maya Singh',
    company: 'Singh Gardens Ltd.',
    email: 'maya@example.com',
    serviceAddress: '12 Rosedale Ave, Toronto, ON M4W 1P8',
  },
  reference: 'HS-7K3F9Q',
  bookingId: BOOKING_ID,
  subscriptionId: null,
  serviceId: 'painting',
  lines: [
    {
      description: 'Painting: One-time Visit, Tuesday, May 14, 2030',
      quantity: 1,
      unitPriceCents: price.subtotalCents,
      subtotalCents: price.subtotalCents,
      hstRatePercent: 13,
      hstCents: price.hstCents,
      totalCents: price.totalCents,
    },
  ],
  subtotalCents: price.subtotalCents,
  hstCents: price.hstCents,
  totalCents: price.totalCents,
  payment: { method: 'card', brand: 'visa', last4: '4242' },
  terms: 'Paid in full',
  creditedInvoice: null,
};

const creditNote: InvoiceView = {
  ...invoice,
  id: 'cn-1',
  kind: 'credit_note',
  number: 'HS-CN-2030-000001',
  issueDate: '2030-05-03',
  buyer: { ...invoice.buyer, company: null },
  terms: 'Credit on invoice HS-2030-000001, refunded to the card',
  creditedInvoice: { id: 'inv-1', number: 'HS-2030-000001' },
};

const notFound = {
  status: 404,
  body: { error: 'Invoice not found.', message: 'Invoice not found.', code: 'invoice.not_found' },
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** The page at `entry`, the API answering each document by its id. */
function openPage(entry: InitialEntry, answers: Record<string, ApiRoute> = {}) {
  const api = stubApi({
    'GET /api/invoices/inv-1': { json: invoice },
    'GET /api/invoices/cn-1': { json: creditNote },
    ...answers,
  });
  const router = createMemoryRouter(
    [
      { path: '/invoices/:id', element: <InvoicePage /> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/bookings/manage', element: <h1>Your booking</h1> },
      { path: '/', element: <h1>Home</h1> },
    ],
    { initialEntries: [entry] },
  );
  renderWithQueryClient(<RouterProvider router={router} />);
  return { api, router };
}

const rowTexts = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe('the invoice page', () => {
  it('shows the invoice as its PDF prints it, opened with the booking token', async () => {
    const { api } = openPage(`/invoices/inv-1?token=${TOKEN}`);
    screen.getByText('Loading the invoice…');
    await screen.findByRole('heading', { level: 1, name: 'Invoice HS-2030-000001' });
    expect(document.title).toMatch(/^Invoice HS-2030-000001 — /);
    const [asked] = api.callsTo('GET /api/invoices/inv-1');
    expect(asked?.url).toBe(`/api/invoices/inv-1?token=${TOKEN}`);
    expect(asked?.authorization).toBeNull();

    const document_ = screen.getByRole('article');
    const page = within(document_);
    // The seller, with both names and the registration number.
    page.getByText('Home Services');
    page.getByText('Home Services Toronto Inc.');
    page.getByText('1910 Eglinton Ave W, Toronto, ON M6E 2J7, Canada');
    page.getByText('GST/HST Registration No. 123456789 RT0001');
    // Who it is made out to.
    const billTo = page.getByRole('region', { name: 'Bill to' });
    for (const line of [
      'Maya Singh',
      'Singh Gardens Ltd.',
      'maya@example.com',
      '12 Rosedale Ave, Toronto, ON M4W 1P8',
    ]) {
      within(billTo).getByText(line);
    }
    // Its number, date and reference.
    expect(page.getByText('Number').nextElementSibling?.textContent).toBe('HS-2030-000001');
    expect(page.getByText('Date').nextElementSibling?.textContent).toBe(longDate('2030-05-01'));
    expect(page.getByText('Reference').nextElementSibling?.textContent).toBe('HS-7K3F9Q');
    expect(page.queryByText('Credits invoice')).toBeNull();

    // The lines: price before tax, HST and amount; then the totals.
    const rows = within(page.getByRole('table')).getAllByRole('row');
    expect(rows.map(rowTexts)).toEqual([
      ['Description', 'Qty', 'Unit price (before tax)', 'HST 13%', 'Amount'],
      ['Painting: One-time Visit, Tuesday, May 14, 2030', '1', '$131.86', '$17.14', '$149'],
    ]);
    expect(page.getByText('Subtotal').nextElementSibling?.textContent).toBe('$131.86');
    expect(page.getByText('HST (13%)').nextElementSibling?.textContent).toBe('$17.14');
    expect(page.getByText('Total paid').nextElementSibling?.textContent).toBe('$149');
    page.getByText('Paid by Visa ending 4242');
    expect(page.getByText('Terms:').parentElement?.textContent).toBe('Terms: Paid in full');

    // The PDF: a plain link carries the token.
    const pdf = screen.getByRole('link', { name: 'Download PDF' });
    expect(pdf.getAttribute('href')).toBe(`/api/invoices/inv-1/pdf?token=${TOKEN}`);
    expect(pdf.getAttribute('download')).toBe('HS-2030-000001.pdf');
    // Opened afresh, it goes back to the booking the token opens.
    expect(screen.getByRole('link', { name: 'Back to your booking' }).getAttribute('href')).toBe(
      `/bookings/manage?booking=${BOOKING_ID}&token=${TOKEN}`,
    );
  });

  it('prints the page', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    openPage(`/invoices/inv-1?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('shows a credit note: what it credits, linked, and the total credited back to the card', async () => {
    openPage(`/invoices/cn-1?token=${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Credit note HS-CN-2030-000001' });
    const page = within(screen.getByRole('article'));
    const credited = page.getByRole('link', { name: 'HS-2030-000001' });
    expect(page.getByText('Credits invoice').nextElementSibling).toContain(credited);
    expect(credited.getAttribute('href')).toBe(`/invoices/inv-1?token=${TOKEN}`);
    page.getByText('Total credited');
    expect(page.queryByText('Total paid')).toBeNull();
    page.getByText('Refunded to Visa ending 4242');
    // No company: the name alone.
    expect(page.queryByText('Singh Gardens Ltd.')).toBeNull();

    fireEvent.click(credited);
    await screen.findByRole('heading', { level: 1, name: 'Invoice HS-2030-000001' });
  });

  it('opens with the login without a token, and goes back to the dashboard', async () => {
    window.localStorage.setItem('authToken', LOGIN);
    const { api } = openPage('/invoices/inv-1');
    await screen.findByRole('heading', { level: 1, name: 'Invoice HS-2030-000001' });
    const [asked] = api.callsTo('GET /api/invoices/inv-1');
    expect(asked?.url).toBe('/api/invoices/inv-1');
    expect(asked?.authorization).toBe(`Bearer ${LOGIN}`);
    // A link cannot send the login: the PDF is fetched with it.
    screen.getByRole('button', { name: 'Download PDF' });
    expect(screen.queryByRole('link', { name: 'Download PDF' })).toBeNull();
    const back = screen.getByRole('link', { name: 'Back to your dashboard' });
    expect(back.getAttribute('href')).toBe('/dashboard');
    fireEvent.click(back);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  });

  it('goes back to the page the reader came from, and never off the site', async () => {
    const from = `/bookings/manage?booking=${BOOKING_ID}&token=${TOKEN}&action=cancel`;
    openPage({ pathname: '/invoices/inv-1', search: `?token=${TOKEN}`, state: { from } });
    await screen.findByRole('heading', { level: 1, name: 'Invoice HS-2030-000001' });
    expect(screen.getByRole('link', { name: 'Back to your booking' }).getAttribute('href')).toBe(
      from,
    );
    cleanup();

    window.localStorage.setItem('authToken', LOGIN);
    openPage({ pathname: '/invoices/inv-1', state: { from: '/dashboard' } });
    await screen.findByRole('heading', { level: 1, name: 'Invoice HS-2030-000001' });
    expect(screen.getByRole('link', { name: 'Back to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    cleanup();

    openPage({ pathname: '/invoices/inv-1', state: { from: '//evil.example/dashboard' } });
    await screen.findByRole('heading', { level: 1, name: 'Invoice HS-2030-000001' });
    expect(screen.getByRole('link', { name: 'Back to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('says "Invoice not found." with a way home to a visitor the API does not know', async () => {
    openPage(`/invoices/inv-9?token=${TOKEN}`, { 'GET /api/invoices/inv-9': notFound });
    expect((await screen.findByRole('alert')).textContent).toBe('Invoice not found.');
    screen.getByRole('heading', { level: 1, name: 'Invoice' });
    const home = screen.getAllByRole('link', { name: 'Go to the home page' });
    expect(home).toHaveLength(1);
    expect(home[0]?.getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers the dashboard to a signed-in reader of an invoice not theirs', async () => {
    window.localStorage.setItem('authToken', LOGIN);
    openPage('/invoices/inv-9', { 'GET /api/invoices/inv-9': notFound });
    await screen.findByText('Invoice not found.');
    expect(
      screen.getAllByRole('link', { name: /dashboard/ }).map((link) => link.textContent),
    ).toEqual(['Go to your dashboard']);
  });

  it('says why it did not load, and tries again on request', async () => {
    let calls = 0;
    openPage(`/invoices/inv-1?token=${TOKEN}`, {
      'GET /api/invoices/inv-1': () =>
        (calls += 1) === 1 ? { networkError: true } : { json: invoice },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The invoice could not be loaded. We could not reach the server. Check your connection and try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Invoice HS-2030-000001' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('downloads the PDF with the login, and says so when it cannot', async () => {
    window.localStorage.setItem('authToken', LOGIN);
    const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:pdf');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const { api } = openPage('/invoices/inv-1', {
      'GET /api/invoices/inv-1/pdf': { status: 500, body: { error: 'Server error.' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The PDF could not be downloaded. Server error.',
    );
    api.on('GET /api/invoices/inv-1/pdf', () => new Response('%PDF-1.7', { status: 200 }));
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => {
      expect(clicked).toEqual(['HS-2030-000001.pdf']);
    });
    expect(api.callsTo('GET /api/invoices/inv-1/pdf').map((call) => call.authorization)).toEqual([
      `Bearer ${LOGIN}`,
      `Bearer ${LOGIN}`,
    ]);
  });
});

describe('the /invoices/:id route', () => {
  it('loads the invoice page inside the site, lazily', async () => {
    stubApi({ 'GET /api/invoices/inv-1': { json: invoice } });
    const router = createMemoryRouter(routes, {
      initialEntries: [`/invoices/inv-1?token=${TOKEN}`],
    });
    renderWithQueryClient(<RouterProvider router={router} />);
    await screen.findByRole('heading', { level: 1, name: 'Invoice HS-2030-000001' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
