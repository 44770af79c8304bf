import type { FilterQuery, PipelineStage } from 'mongoose';
import { quarterLabelsOf, weekStartsOf, type BooksPeriod } from '../domain/admin/books-period';
import {
  BOOKS_DOCUMENTS_MAX,
  type AdminBooks,
  type BooksDocument,
  type BooksTotals,
} from '../domain/admin/books-schema';
import { addDays, torontoTimeToUtc } from '../domain/calendar/toronto-date';
import { BOOKS_KINDS, type BooksKind } from '../domain/admin/books-schema';
import { InvoiceModel, type Invoice } from '../invoices/invoice-model';

/**
 * The operator's books: the invoices and credit notes issued in a period (by their Toronto issue
 * date, both ends included), optionally of one service or one kind, and what they add up to.
 * domain/admin/books-schema.ts says how the amounts are signed.
 */
export interface BooksQuery extends BooksPeriod {
  service?: string;
  kind?: BooksKind;
}

/**
 * The documents of the query. The period is read on the `issuedAt` index (the instants at which
 * the first day starts and the day after the last starts, in Toronto) and checked on `issueDate`
 * too, which is the same day written out: the two never disagree, and the index does the work.
 */
export function booksFilter(query: BooksQuery): FilterQuery<Invoice> {
  const filter: FilterQuery<Invoice> = {
    issuedAt: {
      $gte: torontoTimeToUtc(query.from, 0),
      $lt: torontoTimeToUtc(addDays(query.to, 1), 0),
    },
    issueDate: { $gte: query.from, $lte: query.to },
  };
  if (query.service !== undefined) filter.serviceId = query.service;
  // A receipt acknowledges the payment of an invoice already in the books: never a sale again.
  filter.kind = query.kind ?? { $in: [...BOOKS_KINDS] };
  return filter;
}

/** Newest first; documents issued at the same instant by number, the later first. */
const NEWEST_FIRST = { issuedAt: -1, number: -1 } as const;

const DOCUMENT_FIELDS = {
  kind: 1,
  number: 1,
  issueDate: 1,
  reference: 1,
  buyer: 1,
  serviceId: 1,
  subtotalCents: 1,
  hstCents: 1,
  totalCents: 1,
} as const;

type StoredDocument = Pick<Invoice, '_id' | keyof typeof DOCUMENT_FIELDS>;

/** A stored document as a line of the books: a credit note's amounts count against the sales. */
function booksDocument(stored: StoredDocument): BooksDocument {
  // A credit note of nothing reads 0, not -0.
  const counted = (cents: number) =>
    stored.kind === 'credit_note' && cents !== 0 ? -cents : cents;
  return {
    id: stored._id,
    // The filter lets only the books' kinds through (booksFilter).
    kind: stored.kind === 'credit_note' ? 'credit_note' : 'invoice',
    number: stored.number,
    issueDate: stored.issueDate,
    reference: stored.reference,
    customer: stored.buyer.name,
    company: stored.buyer.company ?? null,
    serviceId: stored.serviceId,
    subtotalCents: counted(stored.subtotalCents),
    hstCents: counted(stored.hstCents),
    totalCents: counted(stored.totalCents),
  };
}

/** Every document of the query, newest first, read one batch at a time (for the CSV). */
export async function* booksDocuments(query: BooksQuery): AsyncGenerator<BooksDocument> {
  const cursor = InvoiceModel.find(booksFilter(query), DOCUMENT_FIELDS)
    .sort(NEWEST_FIRST)
    .lean<StoredDocument[]>()
    .cursor();
  for await (const stored of cursor) yield booksDocument(stored);
}

const DAY_MS = 86_400_000;

/** An amount of a field, as it counts in the books: negative on a credit note. */
const signed = (field: string) => ({
  $cond: [{ $eq: ['$kind', 'credit_note'] }, { $multiply: [-1, `$${field}`] }, `$${field}`],
});

/** An amount of a field on documents of one kind only, 0 on the others. */
const onlyOf = (kind: BooksKind, field: string) => ({
  $cond: [{ $eq: ['$kind', kind] }, `$${field}`, 0],
});

/** The issue date (a calendar date, so read as UTC midnight) as a date MongoDB can count with. */
const issueDay = {
  $dateFromString: { dateString: '$issueDate', format: '%Y-%m-%d', timezone: 'UTC' },
};

/**
 * The Monday of the issue date's week: the day less its ISO weekday (Monday 1) less one, in
 * days. Written out rather than with $dateTrunc, which needs MongoDB 5 (the tests' server is 4.0).
 */
const mondayOfIssue = {
  $subtract: [issueDay, { $multiply: [{ $subtract: [{ $isoDayOfWeek: issueDay }, 1] }, DAY_MS] }],
};

interface TotalsRow {
  sales: number;
  salesHst: number;
  refunds: number;
  refundsHst: number;
}

interface Summary {
  totals: TotalsRow[];
  weekly: { _id: { week: string; service: string }; cents: number }[];
  quarters: { _id: string; hstCents: number }[];
}

/** Totals, weeks by service and quarters' HST of every document of the query, in one pass. */
export function booksSummaryPipeline(query: BooksQuery): PipelineStage[] {
  return [
    { $match: booksFilter(query) },
    { $project: { kind: 1, issueDate: 1, serviceId: 1, subtotalCents: 1, hstCents: 1 } },
    {
      $facet: {
        totals: [
          {
            $group: {
              _id: null,
              sales: { $sum: onlyOf('invoice', 'subtotalCents') },
              salesHst: { $sum: onlyOf('invoice', 'hstCents') },
              refunds: { $sum: onlyOf('credit_note', 'subtotalCents') },
              refundsHst: { $sum: onlyOf('credit_note', 'hstCents') },
            },
          },
        ],
        weekly: [
          {
            $group: {
              _id: {
                week: { $dateToString: { format: '%Y-%m-%d', date: mondayOfIssue } },
                service: '$serviceId',
              },
              cents: { $sum: signed('subtotalCents') },
            },
          },
        ],
        quarters: [
          {
            $group: {
              // '2026-Q4': the year, then the month's quarter (months 10 to 12 are the 4th).
              _id: {
                $concat: [
                  { $substrBytes: ['$issueDate', 0, 4] },
                  '-Q',
                  {
                    $toString: {
                      $toInt: {
                        $ceil: { $divide: [{ $toInt: { $substrBytes: ['$issueDate', 5, 2] } }, 3] },
                      },
                    },
                  },
                ],
              },
              hstCents: { $sum: signed('hstCents') },
            },
          },
        ],
      },
    },
  ];
}

function totalsOf(row: TotalsRow | undefined): BooksTotals {
  const sales = row?.sales ?? 0;
  const salesHst = row?.salesHst ?? 0;
  const refunds = row?.refunds ?? 0;
  const refundsHst = row?.refundsHst ?? 0;
  return {
    salesCents: sales,
    salesHstCents: salesHst,
    refundsCents: refunds,
    refundsHstCents: refundsHst,
    netCents: sales - refunds,
    hstCollectedCents: salesHst - refundsHst,
  };
}

/**
 * The books of a period: its documents newest first (the first BOOKS_DOCUMENTS_MAX of them), and
 * totals, weekly revenue by service and HST by quarter of all of them, summed by MongoDB. Every
 * week and quarter the period touches is listed, with nothing in it when nothing was issued.
 */
export async function readBooks(query: BooksQuery): Promise<AdminBooks> {
  const [stored, summaries] = await Promise.all([
    InvoiceModel.find(booksFilter(query), DOCUMENT_FIELDS)
      .sort(NEWEST_FIRST)
      .limit(BOOKS_DOCUMENTS_MAX + 1)
      .lean<StoredDocument[]>(),
    InvoiceModel.aggregate<Summary>(booksSummaryPipeline(query)),
  ]);
  const summary = summaries[0] ?? { totals: [], weekly: [], quarters: [] };

  const weeks = new Map<string, Record<string, number>>(
    weekStartsOf(query).map((week) => [week, {}]),
  );
  const byWeek = [...summary.weekly].sort((a, b) => a._id.service.localeCompare(b._id.service));
  for (const { _id, cents } of byWeek) {
    const services = weeks.get(_id.week);
    if (services !== undefined) services[_id.service] = cents;
  }
  const quarterHst = new Map(summary.quarters.map((row) => [row._id, row.hstCents]));

  return {
    from: query.from,
    to: query.to,
    documents: stored.slice(0, BOOKS_DOCUMENTS_MAX).map(booksDocument),
    truncated: stored.length > BOOKS_DOCUMENTS_MAX,
    totals: totalsOf(summary.totals[0]),
    weekly: [...weeks].map(([weekStart, byService]) => ({ weekStart, byService })),
    quarters: quarterLabelsOf(query).map((quarter) => ({
      quarter,
      hstCents: quarterHst.get(quarter) ?? 0,
    })),
  };
}
