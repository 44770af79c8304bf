import request from 'supertest';
import { booksFilter, booksSummaryPipeline } from '../src/admin/invoice-books';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quarterPeriod } from '../src/domain/admin/books-period';
import type { AdminBooks, BooksDocument } from '../src/domain/admin/books-schema';
import { todayInToronto, torontoDate, torontoTimeToUtc } from '../src/domain/calendar/toronto-date';
import { documentNumber, type DocumentKind } from '../src/domain/invoice/document-number';
import { splitHstIncluded } from '../src/domain/invoice/hst';
import { InvoiceModel } from '../src/invoices/invoice-model';
import { signUp } from '../../tests/support/accounts';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { testEnv } from '../../tests/support/test-env';

const PASSWORD = 'correct horse 42';

interface Issue {
  kind?: DocumentKind;
  /** The instant it is issued. */
  at: Date;
  serviceId: string;
  /** Tax included, as paid (or refunded). */
  totalCents: number;
  name?: string;
  company?: string | null;
  credits?: { id: string; number: string };
}

const sequences: Record<string, number> = {};

/** A document as the issuer stores it (its issue date is the instant's day in Toronto). */
function invoiceRecord({
  kind = 'invoice',
  at,
  serviceId,
  totalCents,
  name = 'Alex Doe',
  company = null,
  credits,
}: Issue) {
  const year = Number(torontoDate(at).slice(0, 4));
  const counter = `${kind}:${String(year)}`;
  const sequence = (sequences[counter] = (sequences[counter] ?? 0) + 1);
  const split = splitHstIncluded(totalCents);
  return {
    kind,
    number: documentNumber(kind, year, sequence),
    year,
    sequence,
    source: `test:${counter}:${String(sequence)}`,
    issuedAt: at,
    issueDate: torontoDate(at),
    userId: null,
    bookingId: null,
    subscriptionId: null,
    reference: `HS-${String(sequence).padStart(6, '0')}`,
    serviceId,
    seller: {
      legalName: 'Home Services Inc.',
      tradingName: 'Home Services',
      address: '1 Yonge St, Toronto ON',
      hstNumber: '123456789RT0001',
    },
    buyer: { name, company, email: 'alex@example.test', serviceAddress: '1 Queen St W, Toronto' },
    lines: [
      {
        description: serviceId,
        quantity: 1,
        unitPriceCents: split.subtotalCents,
        subtotalCents: split.subtotalCents,
        hstRatePercent: 13,
        hstCents: split.hstCents,
        totalCents,
      },
    ],
    ...split,
    payment: { method: 'card', brand: 'visa', last4: '4242' },
    terms: credits ? `Credit on invoice ${credits.number}` : 'Paid in full',
    creditedInvoice: credits ?? null,
  };
}

async function issue(fields: Issue): Promise<{ id: string; number: string }> {
  const created = await InvoiceModel.create(invoiceRecord(fields));
  return { id: created._id, number: created.number };
}

/** The instant the clocks in Toronto show `hour`:`minute` on `date`. */
function toronto(date: string, hour: number, minute = 0): Date {
  return new Date(torontoTimeToUtc(date, hour).getTime() + minute * 60_000);
}

/** RFC 4180, as a spreadsheet reads it: quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** A CSV amount (dollars) back in cents, exactly. */
function cents(amount: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`not an amount: ${amount}`);
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

/** A person's text as the CSV shows it: a formula's first character behind an apostrophe. */
const shownAsText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

describe('the operator’s books', () => {
  let api: ApiHarness;
  let admin: string;
  let customer: string;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  const books = (query: Record<string, string>, token = admin) =>
    request(api.app).get('/api/admin/books').query(query).set(bearer(token));
  const csv = (query: Record<string, string>, token = admin) =>
    request(api.app)
      .get('/api/admin/books.csv')
      .query(query)
      .set(bearer(token))
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => done(null, text));
      });

  const Q4 = { from: '2026-10-01', to: '2026-12-31' };
  // Each amount split as the issuer splits it: 149.00 is 131.86 + 17.14 HST, and so on.
  const GARDEN = { total: 14_900, subtotal: 13_186, hst: 1_714 };
  const PAINT = { total: 24_900, subtotal: 22_035, hst: 2_865 };
  const LATE = { total: 5_000, subtotal: 4_425, hst: 575 };
  const EARLY = { total: 9_999, subtotal: 8_849, hst: 1_150 };
  const NEXT_YEAR = { total: 12_345, subtotal: 10_925, hst: 1_420 };

  let garden: { id: string; number: string };
  let paint: { id: string; number: string };
  let credit: { id: string; number: string };
  let late: { id: string; number: string };
  let early: { id: string; number: string };

  beforeAll(async () => {
    api = await startApi(testEnv({ AUTH_RATE_LIMIT_MAX: '1000' }));
    admin = (await signUp(api.app, PASSWORD, 'admin')).token;
    customer = (await signUp(api.app, PASSWORD, 'customer')).token;

    // 2026-10-05 is a Monday: the first two share its week.
    garden = await issue({
      at: toronto('2026-10-05', 10),
      serviceId: 'garden-maintenance',
      totalCents: GARDEN.total,
    });
    paint = await issue({
      at: toronto('2026-10-07', 11),
      serviceId: 'painting',
      totalCents: PAINT.total,
      name: '=HYPERLINK("http://evil.example","click")',
      company: '+Acme, "Painters" Ltd',
    });
    credit = await issue({
      kind: 'credit_note',
      at: toronto('2026-10-14', 12),
      serviceId: 'garden-maintenance',
      totalCents: GARDEN.total,
      credits: garden,
    });
    // 23:30 on New Year's Eve in Toronto is already 2027 in UTC: it belongs to 2026's books.
    late = await issue({
      at: toronto('2026-12-31', 23, 30),
      serviceId: 'painting',
      totalCents: LATE.total,
      name: '-2+3',
      company: '@SUM(A1)',
    });
    // 23:30 on September 30 in Toronto is October 1 in UTC: it belongs to the third quarter.
    early = await issue({
      at: toronto('2026-09-30', 23, 30),
      serviceId: 'garden-maintenance',
      totalCents: EARLY.total,
    });
    await issue({
      at: toronto('2027-01-02', 9),
      serviceId: 'painting',
      totalCents: NEXT_YEAR.total,
    });
  });

  afterAll(async () => {
    await api.close();
  });

  it('lists a quarter’s documents newest first, credit notes negative', async () => {
    const response = await books(Q4);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body as AdminBooks;
    expect(body.from).toBe(Q4.from);
    expect(body.to).toBe(Q4.to);
    expect(body.truncated).toBe(false);
    expect(body.documents.map((document) => document.number)).toEqual([
      late.number,
      credit.number,
      paint.number,
      garden.number,
    ]);
    expect(credit.number).toBe('HS-CN-2026-000001');
    expect(body.documents[1]).toEqual({
      id: credit.id,
      kind: 'credit_note',
      number: 'HS-CN-2026-000001',
      issueDate: '2026-10-14',
      reference: expect.stringMatching(/^HS-/),
      customer: 'Alex Doe',
      company: null,
      serviceId: 'garden-maintenance',
      subtotalCents: -GARDEN.subtotal,
      hstCents: -GARDEN.hst,
      totalCents: -GARDEN.total,
    } satisfies Record<keyof BooksDocument, unknown>);
    expect(body.documents[0]).toMatchObject({
      kind: 'invoice',
      issueDate: '2026-12-31',
      customer: '-2+3',
      company: '@SUM(A1)',
      subtotalCents: LATE.subtotal,
      hstCents: LATE.hst,
      totalCents: LATE.total,
    });
  });

  it('adds up sales, refunds and HST collected to the cent', async () => {
    const { body } = await books(Q4);
    const sales = GARDEN.subtotal + PAINT.subtotal + LATE.subtotal;
    const salesHst = GARDEN.hst + PAINT.hst + LATE.hst;
    expect((body as AdminBooks).totals).toEqual({
      salesCents: sales,
      salesHstCents: salesHst,
      refundsCents: GARDEN.subtotal,
      refundsHstCents: GARDEN.hst,
      netCents: sales - GARDEN.subtotal,
      hstCollectedCents: salesHst - GARDEN.hst,
    });
    expect(sales).toBe(39_646);
    expect(salesHst - GARDEN.hst).toBe(3_440);
  });

  it('buckets revenue by Monday week and service, net of credit notes, and HST by quarter', async () => {
    const { body } = (await books(Q4)) as { body: AdminBooks };
    // Every week the quarter touches: from the Monday before October 1 to the one of December 31.
    expect(body.weekly).toHaveLength(14);
    expect(body.weekly[0]).toEqual({ weekStart: '2026-09-28', byService: {} });
    expect(body.weekly.at(-1)).toEqual({
      weekStart: '2026-12-28',
      byService: { painting: LATE.subtotal },
    });
    const filled = body.weekly.filter((week) => Object.keys(week.byService).length > 0);
    expect(filled).toEqual([
      {
        weekStart: '2026-10-05',
        byService: { 'garden-maintenance': GARDEN.subtotal, painting: PAINT.subtotal },
      },
      { weekStart: '2026-10-12', byService: { 'garden-maintenance': -GARDEN.subtotal } },
      { weekStart: '2026-12-28', byService: { painting: LATE.subtotal } },
    ]);
    expect(body.quarters).toEqual([{ quarter: '2026-Q4', hstCents: 3_440 }]);

    const year = (await books({ from: '2026-07-01', to: '2027-03-31' })).body as AdminBooks;
    expect(year.quarters).toEqual([
      { quarter: '2026-Q3', hstCents: EARLY.hst },
      { quarter: '2026-Q4', hstCents: 3_440 },
      { quarter: '2027-Q1', hstCents: NEXT_YEAR.hst },
    ]);
    expect(year.documents).toHaveLength(6);
  });

  it('reads the period on Toronto’s calendar, both ends included', async () => {
    const lastDay = (await books({ from: '2026-12-31', to: '2026-12-31' })).body as AdminBooks;
    expect(lastDay.documents.map((document) => document.id)).toEqual([late.id]);
    const september = (await books({ from: '2026-09-30', to: '2026-09-30' })).body as AdminBooks;
    expect(september.documents.map((document) => document.id)).toEqual([early.id]);
    const newYear = (await books({ from: '2027-01-01', to: '2027-01-01' })).body as AdminBooks;
    expect(newYear.documents).toEqual([]);
    expect(newYear.totals).toEqual({
      salesCents: 0,
      salesHstCents: 0,
      refundsCents: 0,
      refundsHstCents: 0,
      netCents: 0,
      hstCollectedCents: 0,
    });
    expect(newYear.weekly).toEqual([{ weekStart: '2026-12-28', byService: {} }]);
    expect(newYear.quarters).toEqual([{ quarter: '2027-Q1', hstCents: 0 }]);
  });

  it('filters by service and by kind, totals included', async () => {
    const painting = (await books({ ...Q4, service: 'painting' })).body as AdminBooks;
    expect(painting.documents.map((document) => document.id)).toEqual([late.id, paint.id]);
    expect(painting.totals).toMatchObject({
      salesCents: PAINT.subtotal + LATE.subtotal,
      salesHstCents: PAINT.hst + LATE.hst,
      refundsCents: 0,
      hstCollectedCents: PAINT.hst + LATE.hst,
    });
    expect(painting.weekly.flatMap((week) => Object.keys(week.byService))).not.toContain(
      'garden-maintenance',
    );

    const credits = (await books({ ...Q4, kind: 'credit_note' })).body as AdminBooks;
    expect(credits.documents.map((document) => document.id)).toEqual([credit.id]);
    expect(credits.totals).toEqual({
      salesCents: 0,
      salesHstCents: 0,
      refundsCents: GARDEN.subtotal,
      refundsHstCents: GARDEN.hst,
      netCents: -GARDEN.subtotal,
      hstCollectedCents: -GARDEN.hst,
    });
    expect(credits.quarters).toEqual([{ quarter: '2026-Q4', hstCents: -GARDEN.hst }]);

    const invoices = (await books({ ...Q4, kind: 'invoice', service: 'garden-maintenance' }))
      .body as AdminBooks;
    expect(invoices.documents.map((document) => document.id)).toEqual([garden.id]);
  });

  it('defaults to the current quarter, and one end to its quarter', async () => {
    const today = todayInToronto();
    const now = await issue({ at: new Date(), serviceId: 'eavestrough', totalCents: 11_300 });
    try {
      const current = (await books({})).body as AdminBooks;
      expect({ from: current.from, to: current.to }).toEqual(quarterPeriod(today));
      expect(current.documents.map((document) => document.id)).toContain(now.id);
      expect(current.totals.salesCents).toBeGreaterThanOrEqual(10_000);
    } finally {
      await InvoiceModel.deleteOne({ _id: now.id });
    }
    const fromOnly = (await books({ from: '2026-11-15' })).body as AdminBooks;
    expect({ from: fromOnly.from, to: fromOnly.to }).toEqual({ from: '2026-11-15', to: Q4.to });
    const toOnly = (await books({ to: '2026-10-10' })).body as AdminBooks;
    expect({ from: toOnly.from, to: toOnly.to }).toEqual({ from: Q4.from, to: '2026-10-10' });
    expect(toOnly.documents.map((document) => document.id)).toEqual([paint.id, garden.id]);
  });

  it('gives the same documents and numbers as CSV, formulas escaped', async () => {
    const json = (await books(Q4)).body as AdminBooks;
    const response = await csv(Q4);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="books-2026-10-01-to-2026-12-31.csv"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body as string;
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([
      'date',
      'number',
      'kind',
      'customer',
      'company',
      'subtotal',
      'hst',
      'total',
    ]);
    expect(rows).toEqual(
      json.documents.map((document) => [
        document.issueDate,
        document.number,
        document.kind,
        shownAsText(document.customer),
        shownAsText(document.company ?? ''),
        (document.subtotalCents / 100).toFixed(2),
        (document.hstCents / 100).toFixed(2),
        (document.totalCents / 100).toFixed(2),
      ]),
    );
    // The amounts read back to the JSON's totals, to the cent.
    const sum = (kind: string, column: number) =>
      rows
        .filter((row) => row[2] === kind)
        .reduce((total, row) => total + cents(row[column] ?? ''), 0);
    expect(sum('invoice', 5)).toBe(json.totals.salesCents);
    expect(sum('invoice', 6)).toBe(json.totals.salesHstCents);
    expect(-sum('credit_note', 5)).toBe(json.totals.refundsCents);
    expect(-sum('credit_note', 6)).toBe(json.totals.refundsHstCents);
    expect(sum('invoice', 5) + sum('credit_note', 5)).toBe(json.totals.netCents);
    expect(sum('invoice', 6) + sum('credit_note', 6)).toBe(json.totals.hstCollectedCents);

    // As written: a person's text never starts a formula, and quoting keeps commas and quotes.
    const lines = text.split('\r\n');
    expect(lines).toContain(
      `2026-10-07,${paint.number},invoice,"'=HYPERLINK(""http://evil.example"",""click"")",` +
        `"'+Acme, ""Painters"" Ltd",220.35,28.65,249.00`,
    );
    expect(lines).toContain(`2026-12-31,${late.number},invoice,'-2+3,'@SUM(A1),44.25,5.75,50.00`);
    expect(lines).toContain(
      `2026-10-14,${credit.number},credit_note,Alex Doe,,-131.86,-17.14,-149.00`,
    );
  });

  it('filters the CSV as the JSON, and writes only the header for an empty period', async () => {
    const filtered = await csv({ ...Q4, service: 'painting', kind: 'invoice' });
    const [, ...rows] = parseCsv(filtered.body as string);
    expect(rows.map((row) => row[1])).toEqual([late.number, paint.number]);
    const empty = await csv({ from: '2027-01-01', to: '2027-01-01' });
    expect(empty.status).toBe(200);
    expect(empty.body).toBe('date,number,kind,customer,company,subtotal,hst,total\r\n');
  });

  it('caps the list at 500 documents, and counts them all in the totals and the CSV', async () => {
    const period = { from: '2025-01-01', to: '2025-03-31' };
    const records = Array.from({ length: 501 }, (_, index) =>
      invoiceRecord({
        at: toronto('2025-02-03', 9, index % 60),
        serviceId: 'weed-control',
        totalCents: 1_130,
      }),
    );
    await InvoiceModel.insertMany(records);
    const body = (await books(period)).body as AdminBooks;
    expect(body.truncated).toBe(true);
    expect(body.documents).toHaveLength(500);
    expect(body.totals.salesCents).toBe(501 * 1_000);
    expect(body.totals.hstCollectedCents).toBe(501 * 130);
    expect(body.weekly.find((week) => week.weekStart === '2025-02-03')?.byService).toEqual({
      'weed-control': 501 * 1_000,
    });
    const [, ...rows] = parseCsv((await csv(period)).body as string);
    expect(rows).toHaveLength(501);
    expect(rows.slice(0, 500).map((row) => row[1])).toEqual(
      body.documents.map((document) => document.number),
    );
  });

  it('reads the period on the issuedAt index, for the list and the sums alike', async () => {
    await InvoiceModel.createIndexes();
    const query = { ...Q4, service: 'painting' };
    const plans = [
      await InvoiceModel.find(booksFilter(query)).sort({ issuedAt: -1, number: -1 }).explain(),
      // The command itself: driver 6.16 refuses `aggregate().explain()` on a connection with a
      // write concern of its own (NODE-4184), which every connection has (platform/mongo.ts).
      await InvoiceModel.db.db?.command({
        explain: {
          aggregate: InvoiceModel.collection.collectionName,
          pipeline: booksSummaryPipeline(query),
          cursor: {},
        },
        verbosity: 'queryPlanner',
      }),
    ].map((plan) => JSON.stringify(plan));
    for (const plan of plans) {
      expect(plan).toContain('"stage":"IXSCAN"');
      // issuedAt_-1, or issuedAt_-1_number_-1 (the list's order): a range of the period either way.
      expect(plan).toMatch(/"indexName":"issuedAt_-1(?:_number_-1)?"/);
      expect(plan).not.toContain('COLLSCAN');
    }
  });

  it.each([
    ['a month that does not exist', { from: '2026-13-01', to: '2026-12-31' }, 'from'],
    ['a day that does not exist', { from: '2026-02-30', to: '2026-03-31' }, 'from'],
    ['words for a date', { from: '2026-10-01', to: 'yesterday' }, 'to'],
    ['a period that ends before it starts', { from: '2026-12-31', to: '2026-10-01' }, 'to'],
    ['a period of more than ten years', { from: '2016-01-01', to: '2026-12-31' }, 'to'],
    ['a service that is not in the catalogue', { ...Q4, service: 'alchemy' }, 'service'],
    ['a kind that is not one', { ...Q4, kind: 'receipt' }, 'kind'],
  ])('refuses %s (400), JSON and CSV alike', async (_, query, field) => {
    const before = await InvoiceModel.countDocuments();
    for (const response of [await books(query), await csv(query)]) {
      expect(response.status).toBe(400);
      const body = (
        typeof response.body === 'string' ? JSON.parse(response.body) : response.body
      ) as { error: string; code: string; message: string; fields: Record<string, string> };
      expect(body.code).toBe('validation.invalid');
      expect(body.message).toBe(body.error);
      expect(Object.keys(body.fields)).toEqual([field]);
    }
    expect(await InvoiceModel.countDocuments()).toBe(before);
  });

  it('is for the team only: 401 signed out, 403 for a customer', async () => {
    for (const path of ['/api/admin/books', '/api/admin/books.csv']) {
      const visitor = await request(api.app).get(path).query(Q4);
      expect(visitor.status).toBe(401);
      const asCustomer = await request(api.app).get(path).query(Q4).set(bearer(customer));
      expect(asCustomer.status).toBe(403);
      expect(asCustomer.body.error).toBe('This area is for the Home Services team only.');
      expect(JSON.stringify(asCustomer.body)).not.toContain('HS-2026');
    }
  });
});
