import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import express, { type Router } from 'express';
import { z } from 'zod';
import {
  BooksPeriodMessages,
  isBooksDate,
  periodProblem,
  requestedPeriod,
} from '../domain/admin/books-period';
import { adminBooksSchema, BOOKS_DOCUMENTS_MAX, BOOKS_KINDS } from '../domain/admin/books-schema';
import { SERVICES } from '../domain/booking/catalogue';
import { todayInToronto } from '../domain/calendar/toronto-date';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { jsonResponse } from '../http/openapi/shared-responses';
import { queryOf } from '../http/request-schemas';
import { booksCsvFileName, booksCsvHeader, booksCsvLine } from './invoice-books-csv';
import { booksDocuments, readBooks, type BooksQuery } from './invoice-books';

export interface AdminInvoiceRouteDependencies {
  guards: Guards;
}

const SERVICE_IDS = SERVICES.map((entry) => entry.id);

const dateParam = (message: string) =>
  z.string({ error: message }).refine(isBooksDate, message).optional();

/**
 * The books' filters. The period is read in Toronto dates on the documents' issue date, both ends
 * included; without it, the quarter of today (books-period.ts says what one end alone means).
 */
const booksQuery = z
  .object({
    from: dateParam(BooksPeriodMessages.from),
    to: dateParam(BooksPeriodMessages.to),
    service: z
      .enum(SERVICE_IDS, { error: `service must be one of: ${SERVICE_IDS.join(', ')}.` })
      .optional(),
    kind: z
      .enum(BOOKS_KINDS, { error: `kind must be one of: ${BOOKS_KINDS.join(', ')}.` })
      .optional(),
  })
  .transform((query, context): BooksQuery => {
    const period = requestedPeriod(query.from, query.to, todayInToronto());
    const problem = periodProblem(period);
    if (problem !== null) {
      context.issues.push({
        code: 'custom',
        path: [problem.field],
        message: problem.message,
        input: query,
      });
      return z.NEVER;
    }
    return {
      ...period,
      ...(query.service === undefined ? {} : { service: query.service }),
      ...(query.kind === undefined ? {} : { kind: query.kind }),
    };
  });

const QUERY_DESCRIPTIONS = {
  from: 'The first issue date, included (YYYY-MM-DD, Toronto). Default: the start of the quarter.',
  to: 'The last issue date, included (YYYY-MM-DD, Toronto). Default: the end of the quarter.',
  service: 'Only documents of this service (a catalogue service id).',
  kind: 'Only invoices (`invoice`) or only credit notes (`credit_note`).',
};

const PERIOD_RULES =
  'Without `from` and `to`, the current quarter; with one of them, that end of its quarter. ' +
  'A period that ends before it starts, or is longer than ten years, is refused (400).';

/** GET /admin/books (the books as JSON) and GET /admin/books.csv (its documents, every one). */
export const adminInvoiceEndpoints = endpointGroup<AdminInvoiceRouteDependencies>('admin', [
  endpoint({
    method: 'get',
    path: '/api/admin/books',
    operationId: 'adminBooks',
    summary: 'The books: invoices and credit notes of a period, with their totals',
    description:
      `The documents newest first (at most ${String(BOOKS_DOCUMENTS_MAX)}; \`truncated\` says ` +
      'when there are more), and the totals, revenue by week and service and HST by quarter ' +
      'of all of them. Amounts in cents; a credit note’s are negative; revenue is before HST. ' +
      PERIOD_RULES,
    access: 'admin',
    request: { query: queryOf(booksQuery, QUERY_DESCRIPTIONS) },
    responses: { '200': jsonResponse('The books of the period.', adminBooksSchema) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handle: async ({ query, res }) => {
      res.json(await readBooks(query));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/admin/books.csv',
    operationId: 'adminBooksCsv',
    summary: 'The books’ documents as a CSV file',
    description:
      'The same filters and numbers as `GET /api/admin/books`, every document (no cap), newest ' +
      'first: `date,number,kind,customer,company,subtotal,hst,total`, amounts in dollars with ' +
      'two decimals, a credit note’s negative. Text a spreadsheet would run as a formula ' +
      `starts with an apostrophe. ${PERIOD_RULES}`,
    access: 'admin',
    request: { query: queryOf(booksQuery, QUERY_DESCRIPTIONS) },
    responses: {
      '200': {
        description: 'The CSV file (RFC 4180, UTF-8), as an attachment.',
        headers: {
          'Content-Disposition': {
            description: 'attachment; filename="books-<from>-to-<to>.csv"',
            schema: { type: 'string' },
          },
        },
        content: { 'text/csv': { schema: { type: 'string' } } },
      },
    },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handle: async ({ query, req, res }) => {
      const documents = booksDocuments(query);
      // The first read before the first byte: a database that is down is still a clean 503.
      const first = await documents.next();
      async function* lines() {
        yield booksCsvHeader();
        if (first.done === true) return;
        yield booksCsvLine(first.value);
        for await (const document of documents) yield booksCsvLine(document);
      }
      res.status(200);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="${booksCsvFileName(query.from, query.to)}"`,
      );
      try {
        await pipeline(Readable.from(lines()), res);
      } catch (error) {
        if (!res.headersSent) throw error;
        // The operator left, or the database broke off mid-file: nothing more can be said.
        req.log.warn({ err: error }, 'books CSV ended early');
        res.destroy();
      } finally {
        await documents.return(undefined);
      }
    },
  }),
]);

export function adminInvoiceRoutes(deps: AdminInvoiceRouteDependencies): Router {
  return mountEndpoints(express.Router(), adminInvoiceEndpoints, deps, { guards: deps.guards });
}
