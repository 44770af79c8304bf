import {
  previousQuarterPeriod,
  quarterPeriod,
  yearPeriod,
} from '@hs/api/domain/admin/books-period';
import type { AdminBooks } from '@hs/api/domain/admin/books-schema';
import { todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, createApiStub } from '../../test-support/api-stub';
import { renderWithQueryClient } from '../../test-support/render';
import PaymentsSection from './PaymentsSection';
import type { AdminSession } from './use-admin-data';

const api = createApiStub();
const deny = vi.fn<AdminSession['deny']>();
const session: AdminSession = { token: 'admin-token', deny };
const today = todayInToronto();
const quarter = quarterPeriod(today);

const books: AdminBooks = {
  from: '2026-10-01',
  to: '2026-12-31',
  documents: [
    {
      id: 'd3',
      kind: 'credit_note',
      number: 'HS-CN-2026-000001',
      issueDate: '2026-10-14',
      reference: 'HS-7K3F9Q',
      customer: 'Alex Doe',
      company: null,
      serviceId: 'garden-maintenance',
      subtotalCents: -13_186,
      hstCents: -1_714,
      totalCents: -14_900,
    },
    {
      id: 'd2',
      kind: 'invoice',
      number: 'HS-2026-000002',
      issueDate: '2026-10-07',
      reference: 'HS-8M2P4R',
      customer: '<b>Robin</b> Roe',
      company: 'Acme Painters',
      serviceId: 'painting',
      subtotalCents: 22_035,
      hstCents: 2_865,
      totalCents: 24_900,
    },
    {
      id: 'd1',
      kind: 'invoice',
      number: 'HS-2026-000001',
      issueDate: '2026-10-05',
      reference: 'HS-7K3F9Q',
      customer: 'Alex Doe',
      company: null,
      serviceId: 'garden-maintenance',
      subtotalCents: 13_186,
      hstCents: 1_714,
      totalCents: 14_900,
    },
  ],
  truncated: false,
  totals: {
    salesCents: 35_221,
    salesHstCents: 4_579,
    refundsCents: 13_186,
    refundsHstCents: 1_714,
    netCents: 22_035,
    hstCollectedCents: 2_865,
  },
  weekly: [
    { weekStart: '2026-09-28', byService: {} },
    { weekStart: '2026-10-05', byService: { 'garden-maintenance': 13_186, painting: 22_035 } },
    { weekStart: '2026-10-12', byService: { 'garden-maintenance': -13_186 } },
  ],
  quarters: [{ quarter: '2026-Q4', hstCents: 2_865 }],
};

const empty: AdminBooks = {
  ...books,
  documents: [],
  totals: {
    salesCents: 0,
    salesHstCents: 0,
    refundsCents: 0,
    refundsHstCents: 0,
    netCents: 0,
    hstCollectedCents: 0,
  },
  weekly: books.weekly.map((week) => ({ ...week, byService: {} })),
  quarters: [{ quarter: '2026-Q4', hstCents: 0 }],
};

/** The text of every cell of a table's rows, header row included. */
function cellsOf(caption: string): string[][] {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

const bookCalls = () => api.callsTo('GET /api/admin/books');
const lastQuery = () => Object.fromEntries(bookCalls().at(-1)?.query ?? []);

let getContext: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  api.install();
  api.on('GET /api/admin/books', { json: books });
  // jsdom has no canvas: getContext gives nothing to draw on, as it does there.
  getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => null);
});

afterEach(() => {
  cleanup();
  api.reset();
  deny.mockReset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PaymentsSection', () => {
  it('reads this quarter’s books and shows the totals, the charts’ tables and the documents', async () => {
    renderWithQueryClient(<PaymentsSection session={session} />);
    await screen.findByRole('heading', { level: 3, name: 'Totals' });

    const [call] = bookCalls();
    expect(call?.authorization).toBe('Bearer admin-token');
    expect(Object.fromEntries(call?.query ?? [])).toEqual(quarter);
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe(quarter.from);
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe(quarter.to);
    expect(screen.getByRole('button', { name: 'This quarter' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    const totals = screen.getByRole('heading', { level: 3, name: 'Totals' }).nextElementSibling;
    expect(totals?.textContent).toBe('Sales$352.21HST collected$28.65Refunds$131.86Net$220.35');

    expect(
      cellsOf('Revenue before HST per week (from Monday), by service, net of credit notes'),
    ).toEqual([
      ['Week of', 'Garden Maintenance', 'Painting', 'Total'],
      ['Sep 28, 2026', '$0', '$0', '$0'],
      ['Oct 5, 2026', '$131.86', '$220.35', '$352.21'],
      ['Oct 12, 2026', '\u2212$131.86', '$0', '\u2212$131.86'],
    ]);
    expect(cellsOf('HST collected per quarter, net of credit notes')).toEqual([
      ['Quarter', 'HST'],
      ['2026-Q4', '$28.65'],
    ]);
    expect(cellsOf('Invoices and credit notes, newest first')).toEqual([
      ['Date', 'Number', 'Kind', 'Customer', 'Company', 'Subtotal', 'HST', 'Total'],
      [
        'Oct 14, 2026',
        'HS-CN-2026-000001',
        'Credit note',
        'Alex Doe',
        '—',
        '\u2212$131.86',
        '\u2212$17.14',
        '\u2212$149',
      ],
      [
        'Oct 7, 2026',
        'HS-2026-000002',
        'Invoice',
        '<b>Robin</b> Roe',
        'Acme Painters',
        '$220.35',
        '$28.65',
        '$249',
      ],
      ['Oct 5, 2026', 'HS-2026-000001', 'Invoice', 'Alex Doe', '—', '$131.86', '$17.14', '$149'],
    ]);
    // A customer's name is text, never markup.
    expect(document.querySelector('.payments b')).toBeNull();
    // The number names its row, and every column its cells.
    expect(screen.getByRole('rowheader', { name: 'HS-2026-000002' })).toBeDefined();
    expect(screen.getAllByRole('columnheader', { name: 'Subtotal' })).toHaveLength(1);

    // Both charts asked for a canvas and, given none, drew nothing and broke nothing.
    expect(getContext).toHaveBeenCalledWith('2d');
    const pictures = screen.getAllByRole('img');
    expect(pictures.map((picture) => picture.tagName)).toEqual(['CANVAS', 'CANVAS']);
    expect(pictures[0]?.getAttribute('aria-label')).toMatch(/revenue per week by service/);

    const link = screen.getByRole('link', { name: 'Download CSV' });
    expect(link.getAttribute('href')).toBe(
      `/api/admin/books.csv?from=${quarter.from}&to=${quarter.to}`,
    );
    expect(link.getAttribute('download')).toBe(`books-${quarter.from}-to-${quarter.to}.csv`);
  });

  it('reads again for another service, kind or period, and the CSV link follows', async () => {
    renderWithQueryClient(<PaymentsSection session={session} />);
    await screen.findByRole('heading', { level: 3, name: 'Totals' });

    fireEvent.change(screen.getByLabelText('Service'), { target: { value: 'painting' } });
    await vi.waitFor(() => {
      expect(lastQuery()).toEqual({ ...quarter, service: 'painting' });
    });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'credit_note' } });
    await vi.waitFor(() => {
      expect(lastQuery()).toEqual({ ...quarter, service: 'painting', kind: 'credit_note' });
    });

    const last = previousQuarterPeriod(today);
    fireEvent.click(screen.getByRole('button', { name: 'Last quarter' }));
    await vi.waitFor(() => {
      expect(lastQuery()).toEqual({ ...last, service: 'painting', kind: 'credit_note' });
    });
    expect(screen.getByRole('button', { name: 'Last quarter' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/admin/books.csv?from=${last.from}&to=${last.to}&service=painting&kind=credit_note`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'This year' }));
    await vi.waitFor(() => {
      expect(lastQuery()).toMatchObject(yearPeriod(today));
    });

    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await vi.waitFor(() => {
      expect(lastQuery()).toEqual({ from: '2026-11-01', to: '2026-11-30', service: 'painting' });
    });
  });

  it('says so, and reads nothing, while the period ends before it starts', async () => {
    renderWithQueryClient(<PaymentsSection session={session} />);
    await screen.findByRole('heading', { level: 3, name: 'Totals' });
    const calls = bookCalls().length;
    const from = screen.getByLabelText('From');
    fireEvent.change(from, { target: { value: '2027-01-15' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2027-01-01' } });
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('Choose a start date on or before the end date.');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-describedby')).toBe(error.id);
    expect(bookCalls()).toHaveLength(calls);
  });

  it('says when the period has no documents', async () => {
    api.on('GET /api/admin/books', { json: empty });
    renderWithQueryClient(<PaymentsSection session={session} />);
    await screen.findByText('No invoices or credit notes in this period.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says when it lists only the newest documents', async () => {
    api.on('GET /api/admin/books', { json: { ...books, truncated: true } });
    renderWithQueryClient(<PaymentsSection session={session} />);
    const notice = await screen.findByText(
      'Showing the newest 3 documents; the totals, charts and CSV count them all.',
    );
    expect(notice.getAttribute('role')).toBe('status');
  });

  it('shows a failure and reads again on retry', async () => {
    let failing = true;
    api.on('GET /api/admin/books', () =>
      failing ? { status: 500, body: { error: 'The books are unavailable.' } } : { json: books },
    );
    renderWithQueryClient(<PaymentsSection session={session} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The books are unavailable.');
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Invoices and credit notes, newest first' });
  });

  it('downloads the CSV with the admin’s token', async () => {
    const file = 'date,number,kind,customer,company,subtotal,hst,total\r\n';
    api.on(
      'GET /api/admin/books.csv',
      () => new Response(file, { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:books');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = revokeObjectURL;
      },
    );
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });

    renderWithQueryClient(<PaymentsSection session={session} />);
    await screen.findByRole('heading', { level: 3, name: 'Totals' });
    fireEvent.click(screen.getByRole('link', { name: 'Download CSV' }));
    await vi.waitFor(() => {
      expect(saved).toEqual([
        { href: 'blob:books', download: `books-${quarter.from}-to-${quarter.to}.csv` },
      ]);
    });
    const [csvCall] = api.callsTo('GET /api/admin/books.csv') as [ApiCall];
    expect(csvCall.authorization).toBe('Bearer admin-token');
    expect(Object.fromEntries(csvCall.query)).toEqual(quarter);
    expect(await (createObjectURL.mock.calls[0]?.[0] as Blob).text()).toBe(file);
  });

  it('says why the CSV could not be had', async () => {
    api.on('GET /api/admin/books.csv', {
      status: 400,
      body: { error: 'to must be a date.', code: 'validation.invalid' },
    });
    renderWithQueryClient(<PaymentsSection session={session} />);
    await screen.findByRole('heading', { level: 3, name: 'Totals' });
    fireEvent.click(screen.getByRole('link', { name: 'Download CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe('to must be a date.');
  });

  it('hands a refusal of the session to the page', async () => {
    api.on('GET /api/admin/books', { status: 403, body: { error: 'Admins only.' } });
    renderWithQueryClient(<PaymentsSection session={session} />);
    await vi.waitFor(() => {
      expect(deny).toHaveBeenCalledWith('forbidden');
    });
  });
});
