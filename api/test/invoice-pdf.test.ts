import { PDFParse } from 'pdf-parse';
import { lineOf } from '../src/domain/invoice/invoice-lines';
import { pdfText } from '../../tests/support/pdf-text';
import { describe, expect, it } from 'vitest';
import { formatCad } from '../src/domain/booking/catalogue';
import {
  InvoiceWords,
  invoiceViewSchema,
  type InvoiceLine,
  type InvoiceView,
} from '../src/domain/invoice/invoice-schema';
import { renderInvoicePdf } from '../src/invoices/invoice-pdf';

/**
 * The PDF of an issued document, read back as text the way a reader's copy-paste or a screen
 * reader gets it: every field a tax invoice needs is there, in the order a person reads it.
 */

const SELLER = {
  legalName: 'Evergreen Home Services Ontario Inc.',
  tradingName: 'Evergreen Home Services',
  address: '120 Adelaide Street West, Suite 2500, Toronto, ON M5H 1T1',
  hstNumber: '123456789 RT0001',
};

const BUYER = {
  name: 'Margaret Okonkwo-Fitzgerald',
  company: 'Okonkwo Design Studio Ltd.',
  email: 'margaret@example.com',
  serviceAddress: '48 Roxborough Drive, Toronto, ON M4W 1X1',
};

function issued(
  fields: Pick<InvoiceView, 'kind' | 'number' | 'issueDate' | 'issuedAt' | 'reference'> &
    Partial<InvoiceView> & { lines: InvoiceLine[] },
): InvoiceView {
  const view: InvoiceView = {
    id: `doc-${fields.number}`,
    seller: SELLER,
    buyer: BUYER,
    bookingId: 'booking-1',
    subscriptionId: null,
    serviceId: 'garden-maintenance',
    subtotalCents: fields.lines.reduce((sum, each) => sum + each.subtotalCents, 0),
    hstCents: fields.lines.reduce((sum, each) => sum + each.hstCents, 0),
    totalCents: fields.lines.reduce((sum, each) => sum + each.totalCents, 0),
    payment: { method: 'card', brand: 'visa', last4: '4242' },
    terms: InvoiceWords.paidInFull,
    creditedInvoice: null,
    ...fields,
  };
  // A fixture the API could never answer would prove nothing about the real documents.
  return invoiceViewSchema.parse(view);
}

const oneTimeVisit = issued({
  kind: 'invoice',
  number: 'HS-2026-000001',
  issueDate: '2026-11-29',
  issuedAt: '2026-11-29T15:30:00.000Z',
  reference: 'HS-7K3QX2',
  lines: [lineOf('Garden Maintenance - One-Time Visit', 14_900)],
});

const monthlyRenewal = issued({
  kind: 'invoice',
  number: 'HS-2026-000002',
  issueDate: '2026-12-01',
  issuedAt: '2026-12-01T05:00:00.000Z',
  reference: 'HS-PLAN9M',
  bookingId: null,
  subscriptionId: 'plan-1',
  // Long enough to wrap in the description column, as the issuer's real descriptions do.
  lines: [lineOf('Garden Maintenance - Monthly Visit plan, month from December 1, 2026', 24_900)],
});

const creditNote = issued({
  kind: 'credit_note',
  number: 'HS-CN-2026-000001',
  issueDate: '2026-12-03',
  issuedAt: '2026-12-03T14:00:00.000Z',
  reference: oneTimeVisit.reference,
  lines: [lineOf('Refund: Garden Maintenance - One-Time Visit', 14_900)],
  terms: InvoiceWords.creditTerms(oneTimeVisit.number),
  creditedInvoice: { id: oneTimeVisit.id, number: oneTimeVisit.number },
});

async function titleOf(pdf: Buffer): Promise<unknown> {
  const parser = new PDFParse({ data: pdf });
  try {
    const result = await parser.getInfo();
    const info: unknown = result.info;
    return typeof info === 'object' && info !== null && 'Title' in info ? info.Title : undefined;
  } finally {
    await parser.destroy();
  }
}

/** Each part appears, after the one before it: a dropped or misplaced field fails here. */
function expectInOrder(text: string, parts: readonly string[]): void {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect(at, `"${part}" after position ${String(from)} in: ${text}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}

/** One table row as it reads: description, quantity, unit price, HST, subtotal before tax. */
function row(each: InvoiceLine): string {
  return [
    each.description,
    String(each.quantity),
    formatCad(each.unitPriceCents),
    formatCad(each.hstCents),
    formatCad(each.subtotalCents),
  ].join(' ');
}

function expectedParts(view: InvoiceView, title: string, totalLabel: string): string[] {
  return [
    title,
    view.number,
    view.issueDate,
    SELLER.tradingName,
    SELLER.legalName,
    SELLER.address,
    `GST/HST Registration No. ${SELLER.hstNumber}`,
    'Bill to',
    BUYER.name,
    BUYER.company,
    BUYER.email,
    `Service address: ${BUYER.serviceAddress}`,
    `Reference: ${view.reference}`,
    'Description Qty Unit price (before tax) HST 13% Amount',
    ...view.lines.map(row),
    `Subtotal ${formatCad(view.subtotalCents)}`,
    `HST (13%) ${formatCad(view.hstCents)}`,
    `${totalLabel} ${formatCad(view.totalCents)}`,
    'Visa ending 4242',
    `Terms: ${view.terms}`,
  ];
}

describe('the PDF of an issued document', () => {
  it('prints a one-time visit invoice with every field a tax invoice needs, in reading order', async () => {
    const pdf = await renderInvoicePdf(oneTimeVisit);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);

    expectInOrder(text, [
      ...expectedParts(oneTimeVisit, 'INVOICE', 'Total paid'),
      'Evergreen Home Services - Prices include 13% HST.',
    ]);
    // The amounts themselves, not only as formatCad happens to write them today.
    expectInOrder(text, [
      'November 29, 2026',
      'Garden Maintenance - One-Time Visit 1 $131.86 $17.14 $131.86',
      'Subtotal $131.86',
      'HST (13%) $17.14',
      'Total paid $149',
      'Paid by Visa ending 4242',
      'Terms: Paid in full',
    ]);
    expect(text).not.toContain('CREDIT NOTE');
    expect(text).not.toContain('Credits invoice');
    expect(await titleOf(pdf)).toBe('HS-2026-000001');
  });

  it('prints a Monthly Visit renewal, its long description wrapped inside the table', async () => {
    const pdf = await renderInvoicePdf(monthlyRenewal);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);

    expectInOrder(text, expectedParts(monthlyRenewal, 'INVOICE', 'Total paid'));
    expectInOrder(text, [
      'December 1, 2026',
      'Garden Maintenance - Monthly Visit plan, month from December 1, 2026 1 $220.35 $28.65 $220.35',
      'Subtotal $220.35',
      'HST (13%) $28.65',
      'Total paid $249',
    ]);
    expect(await titleOf(pdf)).toBe('HS-2026-000002');
  });

  it('prints a credit note for the refunded booking, naming the invoice it credits', async () => {
    const pdf = await renderInvoicePdf(creditNote);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);

    expectInOrder(text, [
      ...expectedParts(creditNote, 'CREDIT NOTE', 'Total credited'),
      'Credits invoice HS-2026-000001',
      'Prices include 13% HST.',
    ]);
    expectInOrder(text, [
      'December 3, 2026',
      'Refund: Garden Maintenance - One-Time Visit 1 $131.86 $17.14 $131.86',
      'Total credited $149',
      `Terms: Credit on invoice HS-2026-000001, refunded to the card`,
    ]);
    expect(text).not.toContain('INVOICE ');
    expect(text).not.toContain('Total paid');
    expect(await titleOf(pdf)).toBe('HS-CN-2026-000001');
  });

  it('draws a name outside the standard font without garbling the rest of its line', async () => {
    const text = await pdfText(
      await renderInvoicePdf({
        ...oneTimeVisit,
        buyer: { ...BUYER, name: 'Nguyễn Łukasz 中 Smith' },
      }),
    );
    expect(text).toContain('Nguyen Lukasz ? Smith');
    expect(text).toContain(BUYER.email);
  });

  it('leaves out the company line when the buyer gave none', async () => {
    const text = await pdfText(
      await renderInvoicePdf({ ...oneTimeVisit, buyer: { ...BUYER, company: null } }),
    );
    expectInOrder(text, [
      `Bill to ${BUYER.name} ${BUYER.email} Service address: ${BUYER.serviceAddress}`,
    ]);
    expect(text).not.toContain(BUYER.company);
  });

  it('says "Paid by card" when the provider did not say which card paid', async () => {
    const text = await pdfText(
      await renderInvoicePdf({
        ...oneTimeVisit,
        payment: { method: 'card', brand: null, last4: null },
      }),
    );
    expectInOrder(text, ['Total paid $149', 'Paid by card Terms: Paid in full']);
    expect(text).not.toContain('ending');
  });

  it('renders the same document to the same bytes', async () => {
    const first = await renderInvoicePdf(oneTimeVisit);
    const second = await renderInvoicePdf(oneTimeVisit);
    expect(first.equals(second)).toBe(true);
  });

  it('carries a long table over pages, its header above the rows on each, the footer on all', async () => {
    const lines = Array.from({ length: 40 }, (_, index) =>
      lineOf(
        `Visit ${String(index + 1)}: hedge trimming, leaf removal and a very long note ` +
          'about the side gate that has to be closed behind the crew every single time',
        29_900,
        3,
      ),
    );
    const long = issued({
      kind: 'invoice',
      number: 'HS-2026-000003',
      issueDate: '2026-11-30',
      issuedAt: '2026-11-30T15:00:00.000Z',
      reference: 'HS-LONG01',
      lines,
      buyer: { ...BUYER, name: `${BUYER.name} ${'and family '.repeat(20).trim()}` },
    });
    const pdf = await renderInvoicePdf(long);
    const parser = new PDFParse({ data: pdf });
    try {
      const result = await parser.getText();
      expect(result.total).toBeGreaterThan(1);
      for (const page of result.pages) {
        const text = page.text.replace(/\s+/g, ' ');
        // A page that carries rows carries the header above them.
        if (text.includes('every single time 3')) {
          expect(text).toMatch(
            /Description Qty Unit price \(before tax\) HST 13% Amount Visit \d+:/,
          );
        }
        expect(text.trimEnd()).toMatch(/Evergreen Home Services - Prices include 13% HST\.$/);
      }
      const whole = result.text.replace(/\s+/g, ' ');
      expectInOrder(whole, [
        long.buyer.name,
        ...lines.map(row),
        `Subtotal ${formatCad(long.subtotalCents)}`,
        `Total paid ${formatCad(long.totalCents)}`,
      ]);
      // Three units: the unit price is the line's subtotal divided by three.
      expect(whole).toContain('every single time 3 $88.20 $34.40 $264.60');
    } finally {
      await parser.destroy();
    }
  });
});
