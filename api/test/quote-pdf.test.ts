import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { customerQuoteOf } from '../../tests/support/quote-fixtures';
import { pdfText } from '../../tests/support/pdf-text';
import { formatCad } from '../src/domain/booking/catalogue';
import type { CustomerQuote } from '../src/domain/quote/quote-schema';
import { QUOTE_STATUS_LABELS } from '../src/domain/quote/quote-status';
import { quoteTotals, type QuoteLineInput } from '../src/domain/quote/quote-totals';
import { winAnsi } from '../src/invoices/pdf-basics';
import { renderQuotePdf } from '../src/quotes/quote-pdf';

/**
 * A quote's PDF, read back as text the way a reader's copy-paste or a screen reader gets it: the
 * seller, the number and revision, each line with its split, the optional items marked, and
 * totals that are quoteTotals' own, in the order a person reads them.
 */

const SELLER = {
  legalName: 'Evergreen Home Services Ontario Inc.',
  tradingName: 'Evergreen Home Services',
  address: '120 Adelaide Street West, Suite 2500, Toronto, ON M5H 1T1',
  hstNumber: '123456789 RT0001',
};

const CUSTOMER = {
  customerName: 'Margaret Okonkwo-Fitzgerald',
  company: 'Okonkwo Design Studio Ltd.',
  serviceAddress: '48 Roxborough Drive, Toronto, ON M4W 1X1',
};

const ACCEPT_URL = 'https://homeservices.example/quotes/q1?token=abc';

function quoteOf(
  lines: readonly QuoteLineInput[],
  options: { chosen?: number[]; depositPercent?: number | null } & Partial<CustomerQuote> = {},
): CustomerQuote {
  return customerQuoteOf(lines, {
    revision: 2,
    ...CUSTOMER,
    terms: 'Payment of the balance within 15 days of the work.\nPrices hold until the date above.',
    note: 'We will protect the floors and take the debris away.',
    ...options,
  });
}

const LINES: QuoteLineInput[] = [
  {
    description: 'Build a cedar deck, 12 by 16 feet',
    quantity: 1,
    unitPriceCents: 850_000,
    optional: false,
  },
  { description: 'Stain and seal the deck', quantity: 2, unitPriceCents: 45_000, optional: false },
  {
    description: 'Built-in bench along the railing',
    quantity: 1,
    unitPriceCents: 120_000,
    optional: true,
  },
  { description: 'Deck lighting, 8 fixtures', quantity: 8, unitPriceCents: 9_900, optional: true },
];

/** The bench chosen, the lighting left out. */
const deck = quoteOf(LINES, { chosen: [2] });

/** Each part appears, after the one before it: a dropped or misplaced field fails here. */
function expectInOrder(text: string, parts: readonly string[]): void {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect(at, `"${part}" after position ${String(from)} in: ${text}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}

/** One table row as it reads: description (and mark), quantity, unit price, HST, total. */
function row(line: CustomerQuote['lines'][number], mark?: string): string {
  return [
    line.description,
    ...(mark === undefined ? [] : [mark]),
    String(line.quantity),
    formatCad(line.split.unitPriceCents),
    formatCad(line.split.hstCents),
    formatCad(line.split.totalCents),
  ].join(' ');
}

const lineAt = (quote: CustomerQuote, index: number) => {
  const line = quote.lines[index];
  if (!line) throw new Error(`no line ${String(index)}`);
  return line;
};

async function pagesOf(pdf: Buffer): Promise<string[]> {
  const parser = new PDFParse({ data: pdf });
  try {
    const result = await parser.getText();
    return result.pages.map((page) => page.text.replace(/\s+/g, ' '));
  } finally {
    await parser.destroy();
  }
}

describe('the PDF of a quote', () => {
  it('prints the seller, the quote, the customer, every line and the totals, in reading order', async () => {
    const pdf = await renderQuotePdf(deck, SELLER, ACCEPT_URL);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    const totals = quoteTotals(LINES, [2], null);

    expectInOrder(text, [
      'QUOTE',
      'Quote Q-2026-000042 revision 2',
      'Date sent: November 20, 2026 (2026-11-20)',
      'Valid until: December 20, 2026 (2026-12-20)',
      SELLER.tradingName,
      SELLER.legalName,
      SELLER.address,
      `GST/HST Registration No. ${SELLER.hstNumber}`,
      'Prepared for',
      CUSTOMER.customerName,
      CUSTOMER.company,
      `Service address: ${CUSTOMER.serviceAddress}`,
      'Description Qty Unit price (before tax) HST 13% Total (incl. HST)',
      row(lineAt(deck, 0)),
      row(lineAt(deck, 1)),
      row(lineAt(deck, 2), 'Optional'),
      row(lineAt(deck, 3), 'Optional (not included)'),
      `Subtotal ${formatCad(totals.subtotalCents)}`,
      `HST (13%) ${formatCad(totals.hstCents)}`,
      `Total ${formatCad(totals.totalCents)}`,
      `Deposit due on acceptance (25%) ${formatCad(totals.depositCents)}`,
      `Balance after the work ${formatCad(totals.balanceCents)}`,
      `Accept online: ${ACCEPT_URL}`,
      'Terms',
      'Payment of the balance within 15 days of the work.',
      'Prices hold until the date above.',
      'Note',
      deck.note,
      'Evergreen Home Services - Quote Q-2026-000042 revision 2 - Prices include 13% HST.',
    ]);
    // The figures themselves, not only as the fixture computed them: $8,500 + 2 x $450 + $1,200.
    expectInOrder(text, [
      'Build a cedar deck, 12 by 16 feet 1 $7,522.12 $977.88 $8,500',
      'Stain and seal the deck 2 $398.23 $103.54 $900',
      'Built-in bench along the railing Optional 1 $1,061.95 $138.05 $1,200',
      'Deck lighting, 8 fixtures Optional (not included) 8 $87.61 $91.12 $792',
      'Subtotal $9,380.53',
      'HST (13%) $1,219.47',
      'Total $10,600',
      'Deposit due on acceptance (25%) $2,650',
      'Balance after the work $7,950',
    ]);
  });

  it('counts an optional item only once chosen', async () => {
    const before = quoteOf(LINES);
    const text = await pdfText(await renderQuotePdf(before, SELLER));
    expect(text.match(/Optional \(not included\)/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`Total ${formatCad(quoteTotals(LINES, [], null).totalCents)}`);
    expect(text).toContain('Total $9,400');
    expect(text).not.toContain('Total $10,600');

    const everything = quoteOf(LINES, { chosen: [2, 3] });
    const all = await pdfText(await renderQuotePdf(everything, SELLER));
    expect(all).not.toContain('Optional (not included)');
    expect(all).toContain(`Total ${formatCad(quoteTotals(LINES, [2, 3], null).totalCents)}`);
    expect(all).toContain('Total $11,392');
  });

  it('says no deposit is due when there is none, and prints no accept link unless given one', async () => {
    const small = quoteOf([
      { description: 'Fix a door frame', quantity: 1, unitPriceCents: 35_000, optional: false },
    ]);
    expect(small.totals.depositCents).toBe(0);
    const text = await pdfText(await renderQuotePdf(small, SELLER));
    expectInOrder(text, [
      'Fix a door frame 1 $309.73 $40.27 $350',
      'Total $350',
      'No deposit is due on acceptance',
    ]);
    expect(text).not.toContain('Deposit due on acceptance');
    expect(text).not.toContain('Balance after the work');
    expect(text).not.toContain('Accept online');
  });

  it('leaves out the company line when the customer gave none', async () => {
    const text = await pdfText(await renderQuotePdf({ ...deck, company: null }, SELLER));
    expectInOrder(text, [
      `Prepared for ${CUSTOMER.customerName} Service address: ${CUSTOMER.serviceAddress}`,
    ]);
    expect(text).not.toContain(CUSTOMER.company);
  });

  it('prints markup as the text it is', async () => {
    const hostile = '<script>alert(1)</script>';
    const quote = quoteOf(
      [
        { description: hostile, quantity: 1, unitPriceCents: 10_000, optional: false },
        {
          description: '"><img src=x onerror=alert(1)>',
          quantity: 1,
          unitPriceCents: 100,
          optional: true,
        },
      ],
      { note: `<b>${hostile}</b>`, customerName: `${hostile} & Sons` },
    );
    const text = await pdfText(await renderQuotePdf(quote, SELLER));
    expect(text).toContain(`${hostile} 1 $88.50 $11.50 $100`);
    expect(text).toContain('"><img src=x onerror=alert(1)> Optional (not included)');
    expect(text).toContain(`<b>${hostile}</b>`);
    expect(text).toContain(`${hostile} & Sons`);
    expect(text).not.toContain('&lt;');
  });

  it('draws what the standard font lacks without garbling the rest of the line', async () => {
    const quote = quoteOf(LINES, {
      customerName: 'Nguyễn Thị Ánh Łukasz 中文 😀 Zoë O’Brien',
      serviceAddress: '12 Rue Saint‑Denis, Montréal',
    });
    const text = await pdfText(await renderQuotePdf(quote, SELLER));
    expectInOrder(text, [
      'Nguyen Thi Ánh Lukasz ?? ? Zoë O’Brien',
      'Service address: 12 Rue Saint-Denis, Montréal',
    ]);
    expect(winAnsi('a\u200Db\uFE0Fc\u202Fd')).toBe('abc d');
    expect(winAnsi('one\r\ntwo\tthree', true)).toBe('one\ntwo three');
    expect(winAnsi('one\ntwo')).toBe('one two');
  });

  it('renders the same quote to the same bytes', async () => {
    const first = await renderQuotePdf(deck, SELLER, ACCEPT_URL);
    const second = await renderQuotePdf(deck, SELLER, ACCEPT_URL);
    expect(first.equals(second)).toBe(true);
  });

  it('carries 100 lines over pages, the header above the rows on each, every line there', async () => {
    const lines: QuoteLineInput[] = Array.from({ length: 100 }, (_, index) => ({
      description:
        `Item ${String(index + 1)}: replace the baseboards of the room and caulk the joints, ` +
        'a long description that has to wrap inside its column of the table',
      quantity: (index % 4) + 1,
      unitPriceCents: 12_345 + index * 101,
      optional: index % 10 === 9,
    }));
    const chosen = [19, 49];
    const quote = quoteOf(lines, {
      chosen,
      // Paragraphs of terms, long enough to carry over a page themselves.
      terms: Array.from({ length: 60 }, (_, index) => `Term ${String(index + 1)}.`).join('\n\n'),
    });
    const pdf = await renderQuotePdf(quote, SELLER, ACCEPT_URL);
    const pages = await pagesOf(pdf);
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages) {
      // A page that carries rows carries the header above them.
      if (/Item \d+: replace/.test(page)) {
        expect(page).toMatch(
          /Description Qty Unit price \(before tax\) HST 13% Total \(incl\. HST\) Item \d+:/,
        );
      }
      expect(page.trimEnd()).toMatch(
        /Evergreen Home Services - Quote Q-2026-000042 revision 2 - Prices include 13% HST\.$/,
      );
    }
    const totals = quoteTotals(lines, chosen, null);
    const whole = pages.join(' ');
    expectInOrder(whole, [
      ...quote.lines.map((line) =>
        row(
          line,
          line.optional ? (line.included ? 'Optional' : 'Optional (not included)') : undefined,
        ),
      ),
      `Subtotal ${formatCad(totals.subtotalCents)}`,
      `HST (13%) ${formatCad(totals.hstCents)}`,
      `Total ${formatCad(totals.totalCents)}`,
      `Deposit due on acceptance (25%) ${formatCad(totals.depositCents)}`,
      `Balance after the work ${formatCad(totals.balanceCents)}`,
      `Accept online: ${ACCEPT_URL}`,
      ...Array.from({ length: 60 }, (_, index) => `Term ${String(index + 1)}.`),
    ]);
    expect(whole.match(/Optional \(not included\)/g)?.length).toBe(8 + 1);
  });

  it('says when the quote can no longer be answered', async () => {
    const text = await pdfText(
      await renderQuotePdf(
        { ...deck, status: 'expired', statusLabel: QUOTE_STATUS_LABELS.expired },
        SELLER,
      ),
    );
    expectInOrder(text, ['Valid until: December 20, 2026', 'Status: Expired', SELLER.tradingName]);
  });
});
