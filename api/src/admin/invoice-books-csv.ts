import { BOOKS_CSV_COLUMNS, type BooksDocument } from '../domain/admin/books-schema';

/**
 * The books as CSV (RFC 4180: comma-separated, CRLF line ends, a field quoted when it holds a
 * comma, a double quote or a line break, its double quotes doubled), one line per document in the
 * order of the JSON answer and with the same numbers: amounts in dollars with two decimals, a
 * credit note's negative.
 *
 * A spreadsheet runs a cell starting with = + - @ (or a tab or carriage return) as a formula, so
 * a name typed as `=HYPERLINK(...)` would run on the accountant's machine: such text cells start
 * with an apostrophe instead, which spreadsheets show as text. Amounts are numbers this module
 * writes itself, so a credit note's minus sign stays a minus sign.
 */

const LINE_END = '\r\n';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function quoted(cell: string): string {
  return NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** Text that came from a person (a name, a company): never read as a formula. */
function textCell(value: string): string {
  return quoted(FORMULA_START.test(value) ? `'${value}` : value);
}

/** Whole cents as dollars with two decimals, exactly: -1234 is -12.34. */
export function dollars(cents: number): string {
  const magnitude = Math.abs(cents);
  const whole = Math.floor(magnitude / 100);
  const rest = String(magnitude % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${String(whole)}.${rest}`;
}

export function booksCsvHeader(): string {
  return `${BOOKS_CSV_COLUMNS.join(',')}${LINE_END}`;
}

export function booksCsvLine(document: BooksDocument): string {
  const cells = [
    quoted(document.issueDate),
    textCell(document.number),
    quoted(document.kind),
    textCell(document.customer),
    textCell(document.company ?? ''),
    dollars(document.subtotalCents),
    dollars(document.hstCents),
    dollars(document.totalCents),
  ];
  return `${cells.join(',')}${LINE_END}`;
}

/** The file name the download is saved as. */
export function booksCsvFileName(from: string, to: string): string {
  return `books-${from}-to-${to}.csv`;
}
