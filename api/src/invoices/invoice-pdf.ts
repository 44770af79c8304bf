import { formatCad } from '../domain/booking/catalogue';
import { HST_RATE_PERCENT } from '../domain/invoice/hst';
import type { InvoiceLine, InvoiceView } from '../domain/invoice/invoice-schema';
import {
  BODY_SIZE,
  BOLD,
  CELL_PADDING,
  documentDate,
  FOOTER_GAP,
  MARGIN,
  REGULAR,
  SMALL_SIZE,
  TABLE_SIZE,
  openDocumentPdf,
  winAnsi,
} from './pdf-basics';

/**
 * An issued invoice or credit note as a one-page (or longer) PDF, written top to bottom in a
 * single column: a text extractor, a screen reader and a test all read it in the order a person
 * does (title, seller, buyer, lines, totals, payment, terms), with nothing side by side that
 * could interleave.
 *
 * Only pdfkit's standard Helvetica is used: it is built into every PDF reader, so no font file is
 * read or embedded. Its encoding is WinAnsi (Latin-1 and a few more), which covers the names
 * and addresses of an Ontario business's customers.
 */

/** Card brands as the payment provider spells them, where a capital first letter is wrong. */
const CARD_BRANDS: Readonly<Record<string, string>> = {
  amex: 'American Express',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  eftpos_au: 'eftpos Australia',
};

interface Column {
  readonly header: string;
  readonly width: number;
  readonly align: 'left' | 'right';
  readonly cell: (line: InvoiceLine) => string;
}

/** The columns share the page's width between margins (612 - 2 * 50 = 512 points). */
const COLUMNS: readonly Column[] = [
  { header: 'Description', width: 212, align: 'left', cell: (line) => line.description },
  { header: 'Qty', width: 40, align: 'right', cell: (line) => String(line.quantity) },
  {
    header: 'Unit price (before tax)',
    width: 105,
    align: 'right',
    cell: (line) => formatCad(line.unitPriceCents),
  },
  {
    header: `HST ${HST_RATE_PERCENT}%`,
    width: 75,
    align: 'right',
    cell: (line) => formatCad(line.hstCents),
  },
  { header: 'Amount', width: 80, align: 'right', cell: (line) => formatCad(line.subtotalCents) },
];

/**
 * "Paid by Visa ending 4242", or on a credit note where the money goes back ("Refunded to ...").
 * The provider may know neither the brand nor the digits, and says "card" for a brand it lacks.
 */
function paymentLine(invoice: InvoiceView): string {
  if (invoice.payment.method === 'due') return 'Not paid yet: due on receipt';
  const verb = invoice.kind === 'credit_note' ? 'Refunded to' : 'Paid by';
  const raw = invoice.payment.brand?.trim().toLowerCase() ?? '';
  const known = raw !== '' && raw !== 'card' && raw !== 'unknown';
  const brand = known ? (CARD_BRANDS[raw] ?? raw.charAt(0).toUpperCase() + raw.slice(1)) : null;
  const last4 = invoice.payment.last4?.trim() ? invoice.payment.last4.trim() : null;
  if (brand && last4) return `${verb} ${brand} ending ${last4}`;
  if (last4) return `${verb} card ending ${last4}`;
  if (brand) return `${verb} ${brand} card`;
  return `${verb} card`;
}

/** What each kind of document is called at its head. */
const DOCUMENT_TITLES: Record<InvoiceView['kind'], string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  receipt: 'Receipt',
};

export function renderInvoicePdf(invoice: InvoiceView): Promise<Buffer> {
  const isCredit = invoice.kind === 'credit_note';
  const title = DOCUMENT_TITLES[invoice.kind];
  const issuedAt = new Date(invoice.issuedAt);
  const { doc, done } = openDocumentPdf({
    title: invoice.number,
    author: invoice.seller.legalName,
    subject: title,
    stamp: issuedAt,
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  // Measured first, so the body knows where to stop: a long trading name wraps the footer onto
  // a second line rather than running off the page.
  const footer = `${invoice.seller.tradingName} - Prices include ${HST_RATE_PERCENT}% HST.`;
  doc.font(REGULAR).fontSize(SMALL_SIZE);
  const footerHeight = doc.heightOfString(footer, { width, align: 'center' });
  const footerTop = doc.page.height - MARGIN - footerHeight;
  // The body stops above the footer; pdfkit's own page break knows nothing of it.
  const bodyBottom = (): number => footerTop - FOOTER_GAP;
  let y = MARGIN;

  const ensureRoom = (height: number): void => {
    // A page already empty gains nothing from another: what is taller than a page overflows.
    if (y + height > bodyBottom() && y > MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
  };

  /** One paragraph, wrapped to `w`; moves the cursor below it. */
  const para = (
    raw: string,
    options: { font?: string; size?: number; x?: number; w?: number; gap?: number } = {},
  ): void => {
    const text = winAnsi(raw, true);
    const x = options.x ?? left;
    const w = options.w ?? width;
    doc.font(options.font ?? REGULAR).fontSize(options.size ?? BODY_SIZE);
    const height = doc.heightOfString(text, { width: w });
    ensureRoom(height);
    doc.text(text, x, y, { width: w });
    y += height + (options.gap ?? 2);
  };

  const space = (points: number): void => {
    y += points;
  };

  const rule = (weight = 0.5): void => {
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(weight)
      .strokeColor('#888888')
      .stroke();
  };

  // Title, number and date.
  para(title.toUpperCase(), { font: BOLD, size: 22, gap: 6 });
  para(`No. ${invoice.number}`, { font: BOLD, size: 12 });
  para(`Date: ${documentDate(invoice.issueDate)} (${invoice.issueDate})`);
  space(14);

  // The seller, as the law wants it on a tax invoice: name, address, HST registration.
  para(invoice.seller.tradingName, { font: BOLD, size: 12 });
  para(invoice.seller.legalName);
  para(invoice.seller.address);
  para(`GST/HST Registration No. ${invoice.seller.hstNumber}`);
  space(14);

  para('Bill to', { font: BOLD, size: 11 });
  para(invoice.buyer.name);
  if (invoice.buyer.company !== null) para(invoice.buyer.company);
  para(invoice.buyer.email);
  para(`Service address: ${invoice.buyer.serviceAddress}`);
  space(10);

  para(`Reference: ${invoice.reference}`, { font: BOLD });
  space(12);

  const inner = (column: Column): number => column.width - 2 * CELL_PADDING;
  const rowHeight = (cells: readonly string[], font: string): number => {
    doc.font(font).fontSize(TABLE_SIZE);
    const heights = COLUMNS.map((column, index) =>
      doc.heightOfString(cells[index] ?? '', { width: inner(column) }),
    );
    return Math.max(...heights) + 2 * CELL_PADDING;
  };
  const drawRow = (raw: readonly string[], font: string, ruleWeight: number): void => {
    const cells = raw.map((cell) => winAnsi(cell, true));
    const height = rowHeight(cells, font);
    let x = left;
    COLUMNS.forEach((column, index) => {
      doc.text(cells[index] ?? '', x + CELL_PADDING, y + CELL_PADDING, {
        width: inner(column),
        align: column.align,
      });
      x += column.width;
    });
    y += height;
    rule(ruleWeight);
  };

  const header = COLUMNS.map((column) => column.header);
  const rows = invoice.lines.map((line) => COLUMNS.map((column) => column.cell(line)));
  // The header never sits alone at the foot of a page: it moves with the first row.
  ensureRoom(rowHeight(header, BOLD) + rowHeight(rows[0] ?? [], REGULAR));
  drawRow(header, BOLD, 1);
  for (const cells of rows) {
    const height = rowHeight(cells, REGULAR);
    if (y + height > bodyBottom() && y > MARGIN) {
      doc.addPage();
      y = MARGIN;
      // A table carried over to a new page repeats its header, so its columns still read.
      drawRow(header, BOLD, 1);
    }
    drawRow(cells, REGULAR, 0.5);
  }
  space(10);

  // Totals, right-aligned under the amount columns.
  const labelWidth = 140;
  const amountWidth = COLUMNS.at(-1)?.width ?? 80;
  const totalsX = left + width - labelWidth - amountWidth;
  const totalRow = (label: string, cents: number, font: string): void => {
    doc.font(font).fontSize(BODY_SIZE);
    const height = doc.heightOfString(label, { width: labelWidth }) + 4;
    ensureRoom(height);
    doc.text(label, totalsX, y, { width: labelWidth, align: 'right' });
    doc.text(formatCad(cents), totalsX + labelWidth, y, {
      width: amountWidth - CELL_PADDING,
      align: 'right',
    });
    y += height;
  };
  totalRow('Subtotal', invoice.subtotalCents, REGULAR);
  totalRow(`HST (${HST_RATE_PERCENT}%)`, invoice.hstCents, REGULAR);
  totalRow(
    isCredit ? 'Total credited' : invoice.payment.method === 'due' ? 'Total due' : 'Total paid',
    invoice.totalCents,
    BOLD,
  );
  space(16);

  para(paymentLine(invoice));
  para(`Terms: ${invoice.terms}`);
  if (isCredit && invoice.creditedInvoice !== null) {
    para(`Credits invoice ${invoice.creditedInvoice.number}`, { font: BOLD });
  }

  // The footer goes last on each page, so an extractor reads it after that page's body. It sits
  // inside the bottom margin's line, where pdfkit writes without opening a page of its own.
  const pages = doc.bufferedPageRange();
  for (let index = pages.start; index < pages.start + pages.count; index += 1) {
    doc.switchToPage(index);
    doc
      .moveTo(left, footerTop - 6)
      .lineTo(left + width, footerTop - 6)
      .lineWidth(0.5)
      .strokeColor('#888888')
      .stroke();
    doc.font(REGULAR).fontSize(SMALL_SIZE).fillColor('#555555');
    doc.text(footer, left, footerTop, { width, align: 'center' });
    doc.fillColor('#000000');
  }

  doc.end();
  return done;
}
