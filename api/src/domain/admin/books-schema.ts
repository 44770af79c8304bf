import '../zod-config';
import { z } from 'zod';

/**
 * The operator's books (`GET /api/admin/books`): the invoices and credit notes issued in a period,
 * and what they add up to. One definition for both sides: the API answers it, the admin console's
 * Payments tab reads it.
 *
 * Signs: a document's amounts are signed as they count in the books, an invoice's positive and a
 * credit note's negative, so a column of documents adds up to the net. Totals name their side
 * instead (sales and refunds are both amounts of money, 0 or more), and the net figures are signed.
 * Revenue is counted before HST, which is tax collected for the government, not the business's.
 */
const cents = z.number().int();

/**
 * The documents the books count: sales and refunds. A receipt acknowledges the payment of an
 * invoice the books already count, so it is never in them.
 */
export const BOOKS_KINDS = ['invoice', 'credit_note'] as const;
export type BooksKind = (typeof BOOKS_KINDS)[number];

export const booksDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(BOOKS_KINDS),
  number: z.string(),
  /** The day it was issued, in Toronto (YYYY-MM-DD). */
  issueDate: z.string(),
  reference: z.string(),
  customer: z.string().describe('The buyer’s name, as issued.'),
  company: z.string().nullable().describe('The buyer’s company, as issued; null for none.'),
  serviceId: z.string(),
  subtotalCents: cents.describe('Before HST; negative on a credit note.'),
  hstCents: cents.describe('Negative on a credit note.'),
  totalCents: cents.describe('HST included; negative on a credit note.'),
});

export const booksTotalsSchema = z.object({
  salesCents: cents.describe('The invoices’ amounts before HST.'),
  salesHstCents: cents.describe('The HST on the invoices.'),
  refundsCents: cents.describe('The credit notes’ amounts before HST, as a positive amount.'),
  refundsHstCents: cents.describe('The HST on the credit notes, as a positive amount.'),
  netCents: cents.describe('Sales less refunds, before HST.'),
  hstCollectedCents: cents.describe('The invoices’ HST less the credit notes’.'),
});

export const booksWeekSchema = z.object({
  weekStart: z.string().describe('The Monday of the week (YYYY-MM-DD).'),
  byService: z
    .record(z.string(), cents)
    .describe(
      'Revenue before HST by service id, net of credit notes; services with none left out.',
    ),
});

export const booksQuarterSchema = z.object({
  quarter: z.string().describe('2026-Q4'),
  hstCents: cents.describe('The invoices’ HST less the credit notes’.'),
});

export const adminBooksSchema = z.object({
  from: z.string().describe('The first day of the period, included (YYYY-MM-DD).'),
  to: z.string().describe('The last day of the period, included (YYYY-MM-DD).'),
  documents: z.array(booksDocumentSchema).describe('Newest first, at most BOOKS_DOCUMENTS_MAX.'),
  truncated: z.boolean().describe('More documents match than the list holds (the CSV has all).'),
  totals: booksTotalsSchema,
  weekly: z.array(booksWeekSchema).describe('Every week the period touches, oldest first.'),
  quarters: z.array(booksQuarterSchema).describe('Every quarter the period touches, oldest first.'),
});

export type BooksDocument = z.infer<typeof booksDocumentSchema>;
export type BooksTotals = z.infer<typeof booksTotalsSchema>;
export type BooksWeek = z.infer<typeof booksWeekSchema>;
export type BooksQuarter = z.infer<typeof booksQuarterSchema>;
export type AdminBooks = z.infer<typeof adminBooksSchema>;

/** The most documents the JSON answer lists; the totals, weeks and quarters count them all. */
export const BOOKS_DOCUMENTS_MAX = 500;

/** The columns of the books' CSV, in order. */
export const BOOKS_CSV_COLUMNS = [
  'date',
  'number',
  'kind',
  'customer',
  'company',
  'subtotal',
  'hst',
  'total',
] as const;
