import type { AdminQuote } from '@hs/api/domain/quote/quote-schema';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub } from '../../../test-support/api-stub';
import { renderWithQueryClient } from '../../../test-support/render';
import type { AdminSession } from '../use-admin-data';
import QuotesSection from './QuotesSection';
import { draftQuote, sentQuote, summaryOf } from './quotes-test-support';

const api = createApiStub();
const deny = vi.fn<AdminSession['deny']>();
const session: AdminSession = { token: 'admin-token', deny };

const otherDraft: AdminQuote = {
  ...draftQuote,
  id: 'ffffffffffffffffffffffff',
  number: 'Q-2030-000043',
  revision: 2,
  estimateReference: null,
  customer: { ...draftQuote.customer, name: 'Lee <b>Bold</b>', email: 'lee@example.com' },
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderAt(search: string) {
  return renderWithQueryClient(
    <MemoryRouter initialEntries={[`/admin${search}`]}>
      <QuotesSection session={session} />
      <LocationProbe />
    </MemoryRouter>,
  );
}

const locationSearch = () => screen.getByTestId('location').textContent;
const listCalls = () => api.callsTo('GET /api/admin/quotes').map((call) => call.url);

beforeEach(() => {
  api.install();
  api.on('GET /api/admin/quotes', {
    json: { quotes: [summaryOf(sentQuote), summaryOf(otherDraft)] },
  });
});

afterEach(() => {
  cleanup();
  api.reset();
  deny.mockReset();
  vi.unstubAllGlobals();
});

describe('QuotesSection', () => {
  it('lists the quotes: number and revision, customer, email, status, total and sent date', async () => {
    renderAt('?tab=quotes');
    const table = await screen.findByRole('table', { name: 'Quotes, latest change first' });
    const rows = within(table).getAllByRole<HTMLTableRowElement>('row').slice(1);
    expect(rows).toHaveLength(2);
    const [sent, draft] = rows;
    if (sent === undefined || draft === undefined) throw new Error('rows missing');
    within(sent).getByRole('link', { name: 'Q-2030-000042 rev 1' });
    within(sent).getByText('Estimate HS-2001');
    within(sent).getByText('Dana Builder');
    within(sent).getByRole('link', { name: 'dana@example.com' });
    within(sent).getByText('Sent');
    within(sent).getByText('$2,501.00');
    within(sent).getByText(/Jun 2, 2030/);
    within(draft).getByRole('link', { name: 'Q-2030-000043 rev 2' });
    within(draft).getByText('Not sent');
    within(draft).getByText('Draft');
    // A name is text, never markup.
    within(draft).getByText('Lee <b>Bold</b>');
    expect(draft.querySelector('b')).toBeNull();
    // Every cell named by its column for the narrow screen's cards.
    expect([...sent.cells].map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Quote',
      'Customer',
      'Email',
      'Status',
      'Total',
      'Sent',
    ]);

    const [call] = api.callsTo('GET /api/admin/quotes');
    expect(call?.url).toBe('/api/admin/quotes');
    expect(call?.authorization).toBe('Bearer admin-token');
  });

  it('filters by status and searches by name, email or number through the API', async () => {
    renderAt('?tab=quotes');
    await screen.findByRole('table');
    const status = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All statuses',
      'Draft',
      'Sent',
      'Viewed',
      'Accepted, deposit due',
      'Declined',
      'Expired',
      'Replaced',
      'Converted to a job',
      'Work done, balance due',
      'Paid in full',
    ]);
    fireEvent.change(status, { target: { value: 'sent' } });
    await vi.waitFor(() => {
      expect(listCalls().at(-1)).toBe('/api/admin/quotes?status=sent');
    });

    const search = screen.getByRole('searchbox', { name: 'Search quotes' });
    fireEvent.change(search, { target: { value: '  Q-2030-000042 ' } });
    // Nothing is asked while typing: only a submitted search goes to the API.
    expect(listCalls()).toHaveLength(2);
    fireEvent.submit(screen.getByRole('search', { name: 'Search quotes' }));
    await vi.waitFor(() => {
      expect(listCalls().at(-1)).toBe('/api/admin/quotes?status=sent&q=Q-2030-000042');
    });

    api.on('GET /api/admin/quotes', { json: { quotes: [] } });
    fireEvent.change(search, { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('No quote matches “nobody” with these filters.');

    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await vi.waitFor(() => {
      expect(listCalls().at(-1)).toBe('/api/admin/quotes');
    });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search quotes' }).value).toBe(
      '',
    );
    expect(status.value).toBe('');
  });

  it('opens a quote in the address, and goes back to the list as it was left', async () => {
    api.on(`GET /api/admin/quotes/${sentQuote.id}`, { json: { quote: sentQuote } });
    renderAt('?tab=quotes');
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), {
      target: { value: 'sent' },
    });
    await vi.waitFor(() => {
      expect(listCalls().at(-1)).toBe('/api/admin/quotes?status=sent');
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Q-2030-000042 rev 1' }));

    expect(locationSearch()).toBe(`?tab=quotes&quote=${sentQuote.id}`);
    const heading = await screen.findByRole('heading', {
      level: 3,
      name: 'Quote Q-2030-000042, revision 1',
    });
    expect(document.activeElement).toBe(heading);
    expect(api.callsTo(`GET /api/admin/quotes/${sentQuote.id}`)[0]?.authorization).toBe(
      'Bearer admin-token',
    );

    fireEvent.click(screen.getByRole('link', { name: 'All quotes' }));
    expect(locationSearch()).toBe('?tab=quotes');
    await screen.findByRole('table');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Status' }).value).toBe('sent');
  });

  it('says first what the screen that opened the quote handed it', async () => {
    api.on(`GET /api/admin/quotes/${draftQuote.id}`, { json: { quote: draftQuote } });
    renderWithQueryClient(
      <MemoryRouter
        initialEntries={[
          {
            pathname: '/admin',
            search: `?tab=quotes&quote=${draftQuote.id}`,
            state: { notice: 'Draft quote Q-2030-000042 was created.', tone: 'success' },
          },
        ]}
      >
        <QuotesSection session={session} />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { level: 3, name: 'Quote Q-2030-000042, revision 1' });
    expect(screen.getByText('Draft quote Q-2030-000042 was created.').className).toBe(
      'notice notice--success',
    );
    screen.getByRole('form', { name: 'Quote draft' });
  });

  it('says why a quote cannot be opened, with the way back to the list', async () => {
    api.on('GET /api/admin/quotes/000000000000000000000000', {
      status: 404,
      body: { error: 'Quote not found.' },
    });
    renderAt('?tab=quotes&quote=000000000000000000000000');
    expect((await screen.findByRole('alert')).textContent).toBe('Quote not found.');
    screen.getByRole('link', { name: 'All quotes' });
  });

  it('hands a refusal of the session to the console', async () => {
    api.on('GET /api/admin/quotes', { status: 401, body: { error: 'Please log in.' } });
    renderAt('?tab=quotes');
    await vi.waitFor(() => {
      expect(deny).toHaveBeenCalledWith('session-ended');
    });
  });
});
