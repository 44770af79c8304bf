import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../src/admin/list-cursor';
import { ContactMessageModel } from '../src/contact/contact-message-model';
import { ADMIN_PAGE_SIZE } from '../src/domain/admin/admin-views';
import { SERVICES, TIME_WINDOW_IDS } from '../src/domain/booking/catalogue';
import { SubscriberModel } from '../src/newsletter/subscriber-model';
import { ReviewModel } from '../src/reviews/review-model';
import { SubscriptionModel } from '../src/subscriptions/subscription-model';
import { signUp } from '../../tests/support/accounts';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { capturedOperations, explainOperation } from '../../tests/support/query-plans';
import { testEmail, testEnv } from '../../tests/support/test-env';

const PASSWORD = 'correct horse 42';
const CURSOR_REFUSED =
  'The list’s place (after/before) is not one this list gave; start again from the top.';
const BOTH_REFUSED = 'Ask for the rows after a place or before it, not both.';

/** More than four pages of each list: more than a page of each status. */
const ROWS = 4 * ADMIN_PAGE_SIZE + 17;
const SERVICE = SERVICES[0]?.id ?? '';
const START = Date.UTC(2030, 0, 15, 12);

/**
 * When row `index` was made: a minute apart, newest first, but a long run in the middle made in
 * the same millisecond (an import, a burst), which straddles the first page's end with or
 * without a filter: only the id tells those rows apart.
 */
function madeAt(index: number): Date {
  const tied = index >= 30 && index <= 150;
  return new Date(START - (tied ? 30 : index) * 60_000);
}

const bookingId = () => randomBytes(16).toString('hex');

interface Row {
  id: string;
  createdAt: string;
  status?: string;
}

interface Answer {
  rows: Row[];
  total: number;
  pageSize: number;
  next: string | null;
  previous: string | null;
}

interface KeyedList {
  name: string;
  path: string;
  /** The answer's field holding the rows. */
  field: string;
  /** The collection the rows are read from. */
  collection: string;
  /** The statuses the rows take in turn; none for a list without a status filter. */
  statuses: readonly string[];
  /** A cursor of the right shape whose id is not one of this list's. */
  foreignId: string;
  seed: (statusOf: (index: number) => string | undefined) => Promise<{ id?: unknown }[]>;
}

const LISTS: KeyedList[] = [
  {
    name: 'contact messages',
    path: '/api/admin/contact-messages',
    collection: 'contactmessages',
    field: 'messages',
    statuses: [],
    foreignId: bookingId(),
    seed: () =>
      ContactMessageModel.insertMany(
        Array.from({ length: ROWS }, (_, index) => ({
          reference: `CM-${String(index).padStart(6, '0')}`,
          fullName: 'Maya Singh',
          email: testEmail(`writer${index}`),
          phone: '416-555-0199',
          subject: `Question ${index}`,
          message: 'Could you quote a spring clean-up?',
          emailsPending: false,
          createdAt: madeAt(index),
        })),
      ),
  },
  {
    name: 'subscribers',
    path: '/api/admin/subscribers',
    collection: 'subscribers',
    field: 'subscribers',
    statuses: ['confirmed', 'pending', 'confirmed', 'unsubscribed'],
    foreignId: bookingId(),
    seed: (statusOf) =>
      SubscriberModel.insertMany(
        Array.from({ length: ROWS }, (_, index) => ({
          email: testEmail(`reader${index}`),
          status: statusOf(index),
          subscribedAt: madeAt(index),
          createdAt: madeAt(index),
        })),
      ),
  },
  {
    name: 'reviews',
    path: '/api/admin/reviews',
    collection: 'reviews',
    field: 'reviews',
    statuses: ['pending', 'approved', 'pending', 'hidden'],
    foreignId: '0123456789abcdef01234567',
    seed: (statusOf) =>
      ReviewModel.insertMany(
        Array.from({ length: ROWS }, (_, index) => ({
          _id: bookingId(),
          reference: `HS-${String(index).padStart(6, '0')}`,
          serviceId: SERVICE,
          visitDate: '2030-01-10',
          rating: 5,
          text: 'Tidy and on time.',
          name: 'Maya S.',
          status: statusOf(index),
          createdAt: madeAt(index),
        })),
      ),
  },
  {
    name: 'plans',
    path: '/api/admin/plans',
    collection: 'subscriptions',
    field: 'plans',
    statuses: ['active', 'past_due', 'active', 'ended'],
    foreignId: '0123456789abcdef01234567',
    seed: (statusOf) =>
      SubscriptionModel.insertMany(
        Array.from({ length: ROWS }, (_, index) => ({
          _id: bookingId(),
          reference: `HS-${String(index).padStart(6, '0')}`,
          name: 'Maya Singh',
          phone: '416-555-0199',
          email: testEmail(`member${index}`),
          address: '12 Elm Street, Toronto',
          serviceId: SERVICE,
          anchorDate: '2030-01-10',
          time: TIME_WINDOW_IDS[0],
          amountCents: 12_000,
          status: statusOf(index),
          createdAt: madeAt(index),
        })),
      ),
  },
];

/**
 * The operators' long lists, newest first, read by key (issue 35): forwards with `after`, back
 * with `before`, each page where the last one stopped, whatever was made in the same millisecond.
 */
let api: ApiHarness;
let admin: string;
let customer: string;

beforeAll(async () => {
  api = await startApi(testEnv({ AUTH_RATE_LIMIT_MAX: '1000' }));
  admin = (await signUp(api.app, PASSWORD, 'admin')).token;
  customer = (await signUp(api.app, PASSWORD, 'customer')).token;
});

afterAll(async () => {
  await api.close();
});

describe.each(LISTS)('the operators’ $name list, paged by key', (list) => {
  /** Every row's id and status, in the order the list shows them: newest first, then by id. */
  let expected: { id: string; status: string | undefined }[];

  const statusOf = (index: number) =>
    list.statuses.length === 0 ? undefined : list.statuses[index % list.statuses.length];

  const read = async (query: Record<string, string>, token = admin): Promise<Answer> => {
    const response = await request(api.app)
      .get(list.path)
      .query(query)
      .set({ Authorization: `Bearer ${token}` });
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    const body = response.body as Record<string, unknown>;
    return { ...(body as unknown as Answer), rows: body[list.field] as Row[] };
  };

  beforeAll(async () => {
    const made = await list.seed(statusOf);
    expected = made
      .map((row, index) => ({ id: String(row.id), at: madeAt(index), status: statusOf(index) }))
      .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1))
      .map(({ id, status }) => ({ id, status }));
  }, 60_000);

  const filters = (): (string | undefined)[] => [undefined, ...new Set(list.statuses)];

  it.each([['every row'], ['each status']])(
    'pages %s forwards and back, none missing or repeated, the filter kept',
    async (which) => {
      for (const status of which === 'every row' ? [undefined] : filters().slice(1)) {
        const query: Record<string, string> = status === undefined ? {} : { status };
        const wanted = expected.filter((row) => status === undefined || row.status === status);
        expect(wanted.length).toBeGreaterThan(ADMIN_PAGE_SIZE);

        const pages = [await read(query)];
        expect(pages[0]?.previous).toBeNull();
        for (let last = pages[0]; last?.next; last = pages[pages.length - 1]) {
          pages.push(await read({ ...query, after: last.next }));
          expect(pages.length).toBeLessThan(10);
        }
        for (const page of pages) {
          expect(page.total).toBe(wanted.length);
          expect(page.pageSize).toBe(ADMIN_PAGE_SIZE);
          if (status !== undefined) {
            expect(new Set(page.rows.map((row) => row.status))).toEqual(new Set([status]));
          }
        }
        const ids = (page: Answer) => page.rows.map((row) => row.id);
        const forwards = pages.map(ids);
        expect(forwards.flat()).toEqual(wanted.map((row) => row.id));
        expect(forwards.slice(0, -1).every((page) => page.length === ADMIN_PAGE_SIZE)).toBe(true);
        expect(pages.at(-1)?.next).toBeNull();
        expect(pages.slice(1).every((page) => page.previous !== null)).toBe(true);

        // Back from the last page, one page at a time: the same pages, the top one whole.
        const back: string[][] = [];
        for (let at = pages.at(-1); at?.previous;) {
          at = await read({ ...query, before: at.previous });
          back.unshift(ids(at));
          expect(back.length).toBeLessThan(10);
        }
        expect(back).toEqual(forwards.slice(0, -1));
      }
    },
  );

  it('answers the whole first page for `before` a place near the top', async () => {
    const first = await read({});
    // Two rows come before the first page's third: the top is shown whole, not those two.
    const third = first.rows[2];
    const near = encodeCursor([new Date(third?.createdAt ?? '').getTime(), third?.id ?? '']);
    const top = await read({ before: near });
    expect(top.rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id));
    expect(top.previous).toBeNull();
    expect(top.next).toBe(first.next);
  });

  it('reads each page, from the top or a place, on the filter’s own index', async () => {
    for (const status of filters()) {
      const query: Record<string, string> = status === undefined ? {} : { status };
      const first = await read(query);
      const second = await read({ ...query, after: first.next ?? '' });
      const index = status === undefined ? 'createdAt_-1__id_-1' : 'status_1_createdAt_-1__id_-1';
      const places: Record<string, string>[] = [
        {},
        { after: first.next ?? '' },
        { before: second.next ?? second.previous ?? '' },
      ];
      for (const place of places) {
        const sent = await capturedOperations(() => read({ ...query, ...place }));
        const finds = sent.filter(
          (operation) => operation.method === 'find' && operation.collection === list.collection,
        );
        expect(finds.length, JSON.stringify(place)).toBeGreaterThan(0);
        for (const find of finds) {
          const plan = await explainOperation(find);
          // One range of it, or two merged in order (before the place's millisecond, and within it).
          expect([...new Set(plan?.indexes)], JSON.stringify({ status, place })).toEqual([index]);
          expect(plan?.problems).toEqual([]);
        }
      }
    }
  });

  it('refuses a place that is not one the list gave, and both ways at once', async () => {
    const first = await read({});
    const place = first.next ?? '';
    const refusals: [Record<string, string>, string][] = [
      [{ after: 'not a cursor!' }, CURSOR_REFUSED],
      [{ after: 'x'.repeat(201) }, CURSOR_REFUSED],
      [{ before: 'bm9wZQ' }, CURSOR_REFUSED],
      [{ after: encodeCursor([START]) }, CURSOR_REFUSED],
      [{ after: encodeCursor(['2030-01-15', expected[0]?.id ?? '']) }, CURSOR_REFUSED],
      [{ after: encodeCursor([-1, expected[0]?.id ?? '']) }, CURSOR_REFUSED],
      [{ after: encodeCursor([START, '{"$gt":""}']) }, CURSOR_REFUSED],
      [{ after: encodeCursor([START, list.foreignId]) }, CURSOR_REFUSED],
      [{ after: place, before: place }, BOTH_REFUSED],
    ];
    for (const [query, message] of refusals) {
      const response = await request(api.app)
        .get(list.path)
        .query(query)
        .set({ Authorization: `Bearer ${admin}` });
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.error).toBe(message);
    }
  });

  it('shows its pages to operators only', async () => {
    const first = await read({});
    const visitor = await request(api.app)
      .get(list.path)
      .query({ after: first.next ?? '' });
    expect(visitor.status).toBe(401);
    const asCustomer = await request(api.app)
      .get(list.path)
      .query({ after: first.next ?? '' })
      .set({ Authorization: `Bearer ${customer}` });
    expect(asCustomer.status).toBe(403);
  });
});
