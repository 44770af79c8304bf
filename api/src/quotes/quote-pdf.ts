import { formatCad } from '../domain/booking/catalogue';
import { HST_RATE_PERCENT } from '../domain/invoice/hst';
import type { CustomerQuote } from '../domain/quote/quote-schema';
import type { Seller } from '../invoices/invoice-issuer';
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
} from '../invoices/pdf-basics';

/**
 * A quote as a PDF, laid out as the invoice's is (invoices/invoice-pdf.ts): one column, top to
 * bottom, so a text extractor, a screen reader and a test read it in the order a person does
 * (title, seller, customer, lines, totals, how to accept, terms, note), with nothing side by side
 * that could interleave. Every value, the operator's and the customer's alike, is drawn as text:
 * nothing in it is ever read as markup or a link but the accept link we generate.
 * Its page, fonts and text rule are every document's (invoices/pdf-basics.ts).
 */

/** The marks on an optional item's description, as the table prints them. */
export const QuotePdfWords = {
  optional: 'Optional',
  optionalNotIncluded: 'Optional (not included)',
  noDeposit: 'No deposit is due on acceptance: the total is paid after the work.',
} as const;

interface Cell {
  readonly description: string;
  readonly quantity: string;
  readonly unitPrice: string;
  readonly hst: string;
  readonly total: string;
}

interface Column {
  readonly width: number;
  readonly align: 'left' | 'right';
  readonly key: keyof Cell;
}

/** The columns share the page's width between margins (612 - 2 * 50 = 512 points). */
const COLUMNS: readonly Column[] = [
  { width: 212, align: 'left', key: 'description' },
  { width: 40, align: 'right', key: 'quantity' },
  { width: 95, align: 'right', key: 'unitPrice' },
  { width: 70, align: 'right', key: 'hst' },
  { width: 95, align: 'right', key: 'total' },
];

const HEADER: Cell = {
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price (before tax)',
  hst: `HST ${String(HST_RATE_PERCENT)}%`,
  total: 'Total (incl. HST)',
};

type QuoteLine = CustomerQuote['lines'][number];

/** The mark under an optional item's description: whether the customer's totals count it. */
export function optionalMark(line: Pick<QuoteLine, 'optional' | 'included'>): string | null {
  if (!line.optional) return null;
  return line.included ? QuotePdfWords.optional : QuotePdfWords.optionalNotIncluded;
}

function cellsOf(line: QuoteLine): Cell {
  const mark = optionalMark(line);
  return {
    description: winAnsi(line.description) + (mark === null ? '' : `\n${mark}`),
    quantity: String(line.split.quantity),
    unitPrice: formatCad(line.split.unitPriceCents),
    hst: formatCad(line.split.hstCents),
    total: formatCad(line.split.totalCents),
  };
}

/**
 * The instant the PDF says it was made: the day it was sent (or, for a draft, the validity date),
 * never the render time, so the same quote renders to the same bytes (pdfkit derives the file's
 * ID from it).
 */
function stampOf(quote: CustomerQuote): Date {
  const day = quote.sentDate ?? quote.validUntil;
  const stamp = new Date(/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T12:00:00.000Z` : day);
  return Number.isNaN(stamp.getTime()) ? new Date(0) : stamp;
}

/** The words a quote's number goes by: "Q-2026-000001 revision 2". */
export function quoteTitle(quote: Pick<CustomerQuote, 'number' | 'revision'>): string {
  return `${quote.number} revision ${String(quote.revision)}`;
}

/**
 * The quote as its customer reads it, with the seller's details; `acceptUrl`, when given, is
 * printed as the link to accept it online. The caller chooses what the customer typed may show
 * (quote-emails.ts, quoteForReader): this prints what it is given.
 */
export function renderQuotePdf(
  quote: CustomerQuote,
  seller: Seller,
  acceptUrl?: string,
): Promise<Buffer> {
  const stamp = stampOf(quote);
  const { doc, done } = openDocumentPdf({
    title: `Quote ${quoteTitle(quote)}`,
    author: seller.legalName,
    subject: 'Quote',
    stamp,
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const footer = winAnsi(
    `${seller.tradingName} - Quote ${quoteTitle(quote)} - Prices include ${String(HST_RATE_PERCENT)}% HST.`,
  );
  doc.font(REGULAR).fontSize(SMALL_SIZE);
  const footerHeight = doc.heightOfString(footer, { width, align: 'center' });
  const footerTop = doc.page.height - MARGIN - footerHeight;
  // The body stops above the footer; pdfkit's own page break knows nothing of it.
  const bodyBottom = (): number => footerTop - FOOTER_GAP;
  let y = MARGIN;

  const newPage = (): void => {
    doc.addPage();
    y = MARGIN;
  };

  const ensureRoom = (height: number): void => {
    // A page already empty gains nothing from another: what is taller than a page overflows.
    if (y + height > bodyBottom() && y > MARGIN) newPage();
  };

  /** One paragraph on one line of the source, wrapped to the page; moves the cursor below it. */
  const para = (
    text: string,
    options: { font?: string; size?: number; gap?: number; link?: string } = {},
  ): void => {
    const safe = winAnsi(text);
    doc.font(options.font ?? REGULAR).fontSize(options.size ?? BODY_SIZE);
    const height = doc.heightOfString(safe, { width });
    ensureRoom(height);
    doc.text(safe, left, y, {
      width,
      ...(options.link === undefined ? {} : { link: options.link, underline: true }),
    });
    y += height + (options.gap ?? 2);
  };

  /**
   * Text of several paragraphs (terms, the note), a line of the source at a time so that each
   * finds its own room and a long text carries over pages; runs of blank lines read as one.
   */
  const paragraphs = (text: string): void => {
    let blank = false;
    for (const line of winAnsi(text, true).split('\n')) {
      if (line.trim() === '') {
        if (!blank) y += BODY_SIZE;
        blank = true;
        continue;
      }
      blank = false;
      para(line);
    }
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

  // Title, number, dates.
  para('QUOTE', { font: BOLD, size: 22, gap: 6 });
  para(`Quote ${quoteTitle(quote)}`, { font: BOLD, size: 12 });
  para(
    quote.sentDate === null
      ? 'Draft: not sent yet'
      : `Date sent: ${documentDate(quote.sentDate)} (${quote.sentDate})`,
  );
  para(`Valid until: ${documentDate(quote.validUntil)} (${quote.validUntil})`);
  if (!['draft', 'sent', 'viewed'].includes(quote.status)) {
    para(`Status: ${quote.statusLabel}`, { font: BOLD });
  }
  space(14);

  // The seller, as on its invoices: name, address, HST registration.
  para(seller.tradingName, { font: BOLD, size: 12 });
  para(seller.legalName);
  para(seller.address);
  para(`GST/HST Registration No. ${seller.hstNumber}`);
  space(14);

  para('Prepared for', { font: BOLD, size: 11 });
  para(quote.customerName);
  if (quote.company !== null && quote.company.trim() !== '') para(quote.company);
  para(`Service address: ${quote.serviceAddress}`);
  space(12);

  const inner = (column: Column): number => column.width - 2 * CELL_PADDING;
  const rowHeight = (cells: Cell, font: string): number => {
    doc.font(font).fontSize(TABLE_SIZE);
    const heights = COLUMNS.map((column) =>
      doc.heightOfString(cells[column.key], { width: inner(column) }),
    );
    return Math.max(...heights) + 2 * CELL_PADDING;
  };
  const drawRow = (cells: Cell, font: string, ruleWeight: number): void => {
    const height = rowHeight(cells, font);
    let x = left;
    doc.font(font).fontSize(TABLE_SIZE);
    for (const column of COLUMNS) {
      doc.text(cells[column.key], x + CELL_PADDING, y + CELL_PADDING, {
        width: inner(column),
        align: column.align,
      });
      x += column.width;
    }
    y += height;
    rule(ruleWeight);
  };

  const header = HEADER;
  const rows = quote.lines.map(cellsOf);
  const first = rows[0];
  // The header never sits alone at the foot of a page: it moves with the first row.
  ensureRoom(rowHeight(header, BOLD) + (first ? rowHeight(first, REGULAR) : 0));
  drawRow(header, BOLD, 1);
  for (const cells of rows) {
    if (y + rowHeight(cells, REGULAR) > bodyBottom() && y > MARGIN) {
      newPage();
      // A table carried over to a new page repeats its header, so its columns still read.
      drawRow(header, BOLD, 1);
    }
    drawRow(cells, REGULAR, 0.5);
  }
  if (quote.lines.some((line) => line.optional && !line.included)) {
    space(4);
    para(`${QuotePdfWords.optionalNotIncluded}: not counted in the totals below.`, {
      size: SMALL_SIZE,
    });
  }
  space(10);

  // Totals, right-aligned under the amount columns.
  const labelWidth = 230;
  const amountWidth = COLUMNS.at(-1)?.width ?? 95;
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
  const totals = quote.totals;
  totalRow('Subtotal', totals.subtotalCents, REGULAR);
  totalRow(`HST (${String(HST_RATE_PERCENT)}%)`, totals.hstCents, REGULAR);
  totalRow('Total', totals.totalCents, BOLD);
  if (totals.depositCents > 0) {
    totalRow(
      `Deposit due on acceptance (${String(totals.depositPercent)}%)`,
      totals.depositCents,
      REGULAR,
    );
    totalRow('Balance after the work', totals.balanceCents, REGULAR);
  }
  space(12);
  if (totals.depositCents === 0) para(QuotePdfWords.noDeposit);

  // Only a web address of ours becomes a link; anything else is printed, as everything is.
  if (acceptUrl !== undefined && acceptUrl !== '') {
    space(4);
    para(
      `Accept online: ${acceptUrl}`,
      /^https?:\/\//i.test(acceptUrl) ? { font: BOLD, link: acceptUrl } : { font: BOLD },
    );
  }

  if (quote.terms.trim() !== '') {
    space(12);
    para('Terms', { font: BOLD, size: 11 });
    paragraphs(quote.terms);
  }
  if (quote.note.trim() !== '') {
    space(12);
    para('Note', { font: BOLD, size: 11 });
    paragraphs(quote.note);
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
