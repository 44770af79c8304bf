import type { AdminQuote, QuoteDraft } from '@hs/api/domain/quote/quote-schema';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, createApiStub } from '../../../test-support/api-stub';
import { renderWithQueryClient } from '../../../test-support/render';
import type { AdminSession } from '../use-admin-data';
import { parseDollars, readDraft } from './quote-form';
import QuotesSection from './QuotesSection';
import { draftQuote, draftWithLines, sentQuote, totalsOf } from './quotes-test-support';

const api = createApiStub();
const deny = vi.fn<AdminSession['deny']>();
const session: AdminSession = { token: 'admin-token', deny };

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

/** The Quotes tab opened on one quote, as the console shows it. */
async function openQuote(quote: AdminQuote) {
  api.on(`GET /api/admin/quotes/${quote.id}`, { json: { quote } });
  renderWithQueryClient(
    <MemoryRouter initialEntries={[`/admin?tab=quotes&quote=${quote.id}`]}>
      <QuotesSection session={session} />
      <LocationProbe />
    </MemoryRouter>,
  );
  return screen.findByRole('heading', {
    level: 3,
    name: `Quote ${quote.number}, revision ${String(quote.revision)}`,
  });
}

/** The server's side of an autosave: the draft stored as sent, with the totals it works out. */
function answerSaves(quote: AdminQuote, totalCents: number, withOptionsCents = totalCents) {
  api.on(`PUT /api/admin/quotes/${quote.id}`, (call) => ({
    json: {
      quote: {
        ...quote,
        draft: call.body as QuoteDraft,
        totals: totalsOf(totalCents),
        totalsWithOptions: totalsOf(withOptionsCents),
      },
    },
  }));
}

const puts = (): ApiCall[] => api.callsTo('PUT *');
const field = (name: string) => screen.getByLabelText<HTMLInputElement>(name);
const type = (name: string, value: string) => {
  fireEvent.change(field(name), { target: { value } });
};

/** The amount beside a total's label, as shown. */
function amount(label: string): string | null | undefined {
  const totals = screen.getByRole('region', { name: 'Totals' });
  return within(totals).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
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

describe('the typed dollar amounts', () => {
  it.each([
    ['1250.5', 125_050],
    ['1250.50', 125_050],
    ['1250', 125_000],
    ['  $1,250.00 ', 125_000],
    ['0.29', 29],
    ['.99', 99],
    ['19.990', 1_999],
    ['1.1', 110],
    ['100000', 10_000_000],
    ['4.35', 435],
  ])('reads %j as %i cents, exactly', (typed, cents) => {
    expect(parseDollars(typed)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', 'empty'],
    ['abc', 'format'],
    ['-5', 'format'],
    ['1,25', 'format'],
    ['1.2.3', 'format'],
    ['12.345', 'decimals'],
    ['1e3', 'format'],
    ['1234567890', 'tooLarge'],
  ])('refuses %j (%s)', (typed, problem) => {
    expect(parseDollars(typed)).toEqual({ ok: false, problem });
  });

  it('leaves blank lines out of what is saved, and names the rows of the lines sent', () => {
    const reading = readDraft({
      lines: [
        { key: 'a', description: '', quantity: '1', price: '', optional: false },
        { key: 'b', description: 'Paint', quantity: '3', price: '19.99', optional: true },
      ],
      validUntil: '2030-07-01',
      depositPercent: ' 30 % ',
      terms: 'Net 30',
      note: '',
    });
    expect(reading).toEqual({
      ok: true,
      sentKeys: ['b'],
      draft: {
        lines: [{ description: 'Paint', quantity: 3, unitPriceCents: 1_999, optional: true }],
        validUntil: '2030-07-01',
        depositPercent: 30,
        terms: 'Net 30',
        note: '',
      },
    });
  });
});

describe('the quote editor', () => {
  it('autosaves the typed lines in whole cents once the typing pauses, and shows the server’s totals', async () => {
    await openQuote(draftQuote);
    screen.getByText('No lines yet: add the first one.');
    answerSaves(draftQuote, 250_100, 330_100);

    fireEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    // The new line's first field has the focus; a blank line is nothing to save.
    expect(document.activeElement).toBe(field('Description, line 1'));
    type('Description, line 1', 'Bathroom tiles');
    type('Quantity, line 1', '2');
    type('Unit price ($), line 1', '1250.5');
    screen.getByText('Changes not saved yet…');
    expect(puts()).toHaveLength(0);
    // Until the server answers, its last totals show, and say so.
    expect(amount('Total')).toBe('$0.00');
    screen.getByText('Totals as of the last save.');
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Send to customer' }).disabled,
    ).toBe(true);

    await screen.findByText('Saved');
    // One save for the three fields typed together: the whole draft, the price in cents.
    expect(puts()).toHaveLength(1);
    const [put] = puts();
    expect(put?.url).toBe(`/api/admin/quotes/${draftQuote.id}`);
    expect(put?.authorization).toBe('Bearer admin-token');
    expect(put?.body).toEqual({
      lines: [
        { description: 'Bathroom tiles', quantity: 2, unitPriceCents: 125_050, optional: false },
      ],
      validUntil: '2030-07-01',
      depositPercent: null,
      terms: '',
      note: '',
    });
    // The totals are the server's answer, as it gave them.
    expect(amount('Total')).toBe('$2,501.00');
    expect(amount('Deposit (25 %)')).toBe('$625.25');
    expect(amount('Balance after the deposit')).toBe('$1,875.75');
    expect(amount('Total with all optional items')).toBe('$3,301.00');

    // The other fields go in the same draft: an optional item, a deposit percent, the texts.
    fireEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    type('Description, line 2', 'Heated floor');
    type('Unit price ($), line 2', '800');
    fireEvent.click(screen.getByLabelText('Optional, line 2'));
    type('Deposit (%)', '30');
    type('Terms', 'Half on the first day.\nThe rest when done.');
    type('Note to the customer', 'Thanks!');
    type('Valid until', '2030-07-15');
    await vi.waitFor(() => {
      expect(puts()).toHaveLength(2);
    });
    expect(puts()[1]?.body).toEqual({
      lines: [
        { description: 'Bathroom tiles', quantity: 2, unitPriceCents: 125_050, optional: false },
        { description: 'Heated floor', quantity: 1, unitPriceCents: 80_000, optional: true },
      ],
      validUntil: '2030-07-15',
      depositPercent: 30,
      terms: 'Half on the first day.\nThe rest when done.',
      note: 'Thanks!',
    });
    await screen.findByText('Saved');
  });

  it('shows the API’s field errors by their inputs, and what cannot be a price at once', async () => {
    await openQuote(draftWithLines);
    // A blank line moved to the top: the lines sent are renumbered, the errors are not.
    fireEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move up, line 3' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move up, line 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move up, line 2' }));
    // At the top its Move up is off: the focus stays on the line, on Move down.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move down, line 1' }));
    expect(field('Description, line 1').value).toBe('');
    expect(field('Description, line 3').value).toBe('Heated floor');

    api.on(`PUT /api/admin/quotes/${draftWithLines.id}`, {
      status: 400,
      body: {
        error: 'Please correct the marked fields.',
        fields: {
          'lines.1.unitPriceCents': 'Unit price may be at most $100,000.',
          validUntil: 'The validity date must be today or later.',
          'lines.0': 'A line may come to at most $1,000,000.',
        },
      },
    });
    type('Unit price ($), line 3', '100000.01');
    await screen.findByText('Not saved: Please correct the marked fields.');
    expect(puts()[0]?.body).toMatchObject({
      lines: [
        { description: 'Bathroom tiles', unitPriceCents: 125_050 },
        { description: 'Heated floor', unitPriceCents: 10_000_001 },
      ],
    });
    const price = field('Unit price ($), line 3');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(price)).toBe('Unit price may be at most $100,000.');
    expect(errorOf(field('Description, line 2'))).toBe('A line may come to at most $1,000,000.');
    expect(errorOf(field('Valid until'))).toBe('The validity date must be today or later.');
    expect(field('Unit price ($), line 2').getAttribute('aria-invalid')).toBeNull();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Send to customer' }).disabled,
    ).toBe(true);

    // A price that is no amount is never sent: it is marked where it was typed.
    type('Unit price ($), line 2', '12.345');
    await screen.findByText('Not saved: correct the marked fields.');
    expect(errorOf(field('Unit price ($), line 2'))).toBe(
      'A price has at most two decimals (cents).',
    );
    expect(puts()).toHaveLength(1);
  });

  it('moves the focus where it belongs as lines go, and Enter sends nothing', async () => {
    await openQuote(draftWithLines);
    answerSaves(draftWithLines, 250_100);
    fireEvent.submit(screen.getByRole('form', { name: 'Quote draft' }));
    expect(api.calls().filter((call) => call.method !== 'GET')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove, line 1' }));
    // The line that took its place.
    expect(document.activeElement).toBe(field('Description, line 1'));
    expect(field('Description, line 1').value).toBe('Heated floor');
    fireEvent.click(screen.getByRole('button', { name: 'Remove, line 1' }));
    // None left: the button that adds one.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a line' }));
    await screen.findByText('Saved');
    expect(puts().at(-1)?.body).toMatchObject({ lines: [] });
    // Saved, but with no line left there is nothing to send.
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Send to customer' }).disabled,
    ).toBe(true);
    screen.getByText('Add at least one line to send the quote.');
  });

  it('sends a saved draft to the customer, then shows it as sent', async () => {
    const heading = await openQuote(draftWithLines);
    api.on(`POST /api/admin/quotes/${draftWithLines.id}/send`, {
      json: { message: 'Quote Q-2030-000042 was sent to dana@example.com.', quote: sentQuote },
    });
    screen.getByText('Saved');
    fireEvent.click(screen.getByRole('button', { name: 'Send to customer' }));
    const asked = screen.getByRole('group', {
      name: 'Send quote Q-2030-000042 to dana@example.com? The customer gets the link and the PDF by email.',
    });
    // The safe answer has the focus.
    expect(document.activeElement).toBe(within(asked).getByRole('button', { name: 'Not yet' }));
    fireEvent.click(within(asked).getByRole('button', { name: 'Yes, send it' }));

    expect((await screen.findByText(/was sent to dana@example.com/)).textContent).toBe(
      'Quote Q-2030-000042 was sent to dana@example.com.',
    );
    const [send] = api.callsTo('POST *');
    expect(send?.url).toBe(`/api/admin/quotes/${draftWithLines.id}/send`);
    expect(send?.authorization).toBe('Bearer admin-token');
    expect(document.activeElement).toBe(heading);
    // Read only now: no editor, the lines as sent, the way to a new revision.
    expect(screen.queryByRole('form', { name: 'Quote draft' })).toBeNull();
    const lines = screen.getByRole('table', { name: 'Lines of quote Q-2030-000042' });
    within(lines).getByText('Bathroom tiles');
    within(lines).getByText('$1,250.50');
    screen.getByRole('button', { name: 'Make a new revision' });
    expect(screen.getByRole('link', { name: 'The customer’s page' }).getAttribute('href')).toBe(
      sentQuote.customerUrl,
    );
    screen.getByText('Sent to the customer');
  });

  it('sends nothing while the quote has no line', async () => {
    await openQuote(draftQuote);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Send to customer' }).disabled,
    ).toBe(true);
    screen.getByText('Add at least one line to send the quote.');
  });

  it('makes a new revision of a sent quote and opens its draft', async () => {
    const revision: AdminQuote = {
      ...draftWithLines,
      id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      revision: 2,
      previousId: sentQuote.id,
      history: [],
    };
    await openQuote(sentQuote);
    api.on(`POST /api/admin/quotes/${sentQuote.id}/revise`, {
      status: 201,
      body: { quote: revision },
    });
    api.on(`GET /api/admin/quotes/${revision.id}`, { json: { quote: revision } });
    fireEvent.click(screen.getByRole('button', { name: 'Make a new revision' }));

    await screen.findByRole('heading', { level: 3, name: 'Quote Q-2030-000042, revision 2' });
    expect(screen.getByTestId('location').textContent).toBe(`?tab=quotes&quote=${revision.id}`);
    screen.getByText('Revision 2 is a draft: change it, then send it to the customer.');
    expect(field('Description, line 1').value).toBe('Bathroom tiles');
    expect(field('Unit price ($), line 1').value).toBe('1250.50');
    expect(screen.getByRole('link', { name: 'Previous revision' }).getAttribute('href')).toBe(
      `/admin?tab=quotes&quote=${sentQuote.id}`,
    );
    expect(api.callsTo('POST *').map((call) => call.url)).toEqual([
      `/api/admin/quotes/${sentQuote.id}/revise`,
    ]);
  });

  it('shows markup in a description as text, in the editor and as sent', async () => {
    const markup = '<img src=x onerror=alert(1)> Tiles & <b>grout</b>';
    const withMarkup: AdminQuote = {
      ...sentQuote,
      draft: {
        ...sentQuote.draft,
        lines: [{ description: markup, quantity: 1, unitPriceCents: 100, optional: false }],
      },
    };
    await openQuote(withMarkup);
    const lines = screen.getByRole('table', { name: 'Lines of quote Q-2030-000042' });
    within(lines).getByText(markup);
    expect(lines.querySelector('img, b')).toBeNull();
    cleanup();

    await openQuote({ ...withMarkup, status: 'draft', statusLabel: 'Draft' });
    expect(field('Description, line 1').value).toBe(markup);
    expect(document.querySelector('img, b')).toBeNull();
  });

  it('shows the customer’s answer, the deposit invoice, the other revisions and the history', async () => {
    const accepted: AdminQuote = {
      ...sentQuote,
      status: 'converted',
      statusLabel: 'Converted to a job',
      previousId: 'cccccccccccccccccccccccc',
      acceptance: {
        name: 'Dana Q. Builder',
        at: '2030-06-03T16:00:00.000Z',
        ip: '203.0.113.9',
        optionalItems: [1],
      },
      acceptedTotals: totalsOf(330_100),
      depositInvoice: { id: 'inv1', number: 'INV-2030-000101' },
      history: [
        ...sentQuote.history,
        {
          at: '2030-06-03T16:00:00.000Z',
          event: 'accepted',
          label: 'Accepted by the customer',
          detail: 'Dana Q. Builder',
        },
      ],
    };
    await openQuote(accepted);
    const answer = screen.getByRole('region', { name: 'Acceptance' });
    within(answer).getByText('Dana Q. Builder');
    within(answer).getByText('203.0.113.9');
    within(answer).getByText(/Jun 3, 2030/);
    within(answer).getByText('Line 2: Heated floor');
    within(answer).getByText('INV-2030-000101');
    within(screen.getByRole('table', { name: 'Lines of quote Q-2030-000042' })).getByText(
      'Yes, chosen by the customer',
    );
    screen.getByText('As accepted (with the items the customer chose)');
    // Answered: no new revision of it.
    expect(screen.queryByRole('button', { name: 'Make a new revision' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous revision' }).getAttribute('href')).toBe(
      '/admin?tab=quotes&quote=cccccccccccccccccccccccc',
    );
    const history = screen.getByRole('region', { name: 'History' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Draft created'),
      expect.stringContaining('Sent to the customer'),
      expect.stringContaining('Accepted by the customer'),
    ]);
    expect(history.querySelectorAll('time')[0]?.getAttribute('dateTime')).toBe(
      '2030-06-01T14:00:00.000Z',
    );
  });

  it('shows a decline and its reason, as text', async () => {
    await openQuote({
      ...sentQuote,
      status: 'declined',
      statusLabel: 'Declined',
      declineReason: 'Too dear <script>x</script>',
    });
    const answer = screen.getByRole('region', { name: 'Declined' });
    within(answer).getByText('Too dear <script>x</script>');
    expect(screen.queryByRole('button', { name: 'Make a new revision' })).toBeNull();
  });

  it('downloads the PDF with the admin’s token', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:quote');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
    api.on(
      `GET /api/admin/quotes/${sentQuote.id}/pdf`,
      () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    );
    await openQuote(sentQuote);
    fireEvent.click(screen.getByRole('link', { name: 'PDF of quote Q-2030-000042, revision 1' }));
    await vi.waitFor(() => {
      expect(saved).toEqual([{ href: 'blob:quote', download: 'Q-2030-000042-rev1.pdf' }]);
    });
    expect(api.callsTo(`GET /api/admin/quotes/${sentQuote.id}/pdf`)[0]?.authorization).toBe(
      'Bearer admin-token',
    );
  });
});
