import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const fail = (): never => {
  throw new Error('Expected a value.');
};
import {
  bookingCursorText,
  firstPartQuery,
  listBookings,
  searchClauses,
  type BookingListQuery,
} from '../src/admin/admin-booking-list';
import { encodeCursor } from '../src/admin/list-cursor';
import { fillDerivedBookingFields } from '../src/bookings/booking-derived-fields';
import { BookingModel } from '../src/bookings/booking-model';
import { addDays, todayInToronto } from '../src/domain/calendar/toronto-date';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { bookingFields, withFields } from '../../tests/support/booking-form';
import { signUp } from '../../tests/support/accounts';
import { testEmail, testEnv } from '../../tests/support/test-env';

const PASSWORD = 'correct horse 42';
const CURSOR_REFUSED =
  'The list’s place (after/before) is not one this list gave; start again from the top.';

interface Listed {
  id: string;
  reference: string;
  date: string;
  time: string;
  status: string;
  allowedStatuses: string[];
}

/**
 * The operators' bookings list as an operator uses it on a busy day: found by whatever the
 * customer says on the phone, and today's work on top (docs/product.md, Decisions).
 */
describe('the operators’ bookings list', () => {
  let api: ApiHarness;
  let admin: string;
  const bearer = () => ({ Authorization: `Bearer ${admin}` });
  const today = todayInToronto();

  /** A booking made through the form, then put on `date` (past days cannot be booked). */
  async function booking(
    fields: Record<string, string>,
    date?: string,
  ): Promise<{ id: string; reference: string }> {
    const response = await withFields(
      request(api.app).post('/api/bookings'),
      bookingFields(fields),
    );
    expect(response.status, response.text).toBe(201);
    const id = response.body.booking.id as string;
    if (date !== undefined) await BookingModel.updateOne({ _id: id }, { $set: { date } });
    return { id, reference: response.body.booking.reference as string };
  }

  const list = (query: Record<string, string>) =>
    request(api.app).get('/api/admin/bookings').query(query).set(bearer());
  const found = async (q: string) => {
    const response = await list({ q });
    expect(response.status, response.text).toBe(200);
    return (response.body.bookings as Listed[]).map((listed) => listed.id);
  };

  beforeAll(async () => {
    api = await startApi(
      testEnv({
        AUTH_RATE_LIMIT_MAX: '1000',
        FORM_RATE_LIMIT_MAX: '1000',
        // One address books the whole order below, unpaid.
        UNPAID_HOLDS_PER_CONTACT: '100',
      }),
    );
    admin = (await signUp(api.app, PASSWORD, 'admin')).token;
    await BookingModel.init();
  });
  afterAll(async () => {
    await api.close();
  });

  describe('search', () => {
    const email = testEmail('emilie');
    let emilie: { id: string; reference: string };
    let other: { id: string; reference: string };

    beforeAll(async () => {
      emilie = await booking({
        name: 'Émilie Côté',
        email,
        phone: '(416) 317-0802',
        postalCode: 'M5V 3L9',
        address: '45 Rue Saint-Laurent, Toronto',
      });
      other = await booking({ name: 'Vera Victim', phone: '416-555-0142' });
    });

    it.each([
      ['the reference', () => emilie.reference],
      [
        'the reference in lower case, without its prefix',
        () => emilie.reference.slice(3).toLowerCase(),
      ],
      ['the email, in another case', () => email.toUpperCase()],
      ['the phone as dialled', () => '416 317 0802'],
      ['the phone with the country code and dots', () => '+1.416.317.0802'],
      ['the phone as digits', () => '4163170802'],
      ['the postal code without its space, in lower case', () => 'm5v3l9'],
      ['the postal code’s area', () => 'M5V'],
      ['the start of the first name', () => 'Émil'],
      ['the last name in lower case', () => 'côté'],
      ['the whole name', () => 'émilie côté'],
    ])('finds a booking by %s', async (_, q) => {
      expect(await found(q())).toEqual([emilie.id]);
    });

    it('finds nothing for what matches no booking, and never everything', async () => {
      expect(await found('Nobody Here')).toEqual([]);
      expect(await found('!!!')).toEqual([]);
      // Part of a word that is not its start, and part of a phone number, are not a match.
      expect(await found('milie')).toEqual([]);
      expect(await found('3170802')).toEqual([]);
      // Regex characters are searched as themselves.
      expect(await found('.*')).toEqual([]);
      expect(await found('Vera')).toEqual([other.id]);
    });

    it('finds a booking written before its search fields existed, once db:indexes fills them', async () => {
      const old = await booking({ name: 'Oskar Oldrow', email: testEmail('oskar') });
      // As a booking of an earlier release is stored: without the derived fields.
      await BookingModel.collection.updateOne(
        { _id: old.id as unknown as never },
        { $unset: { windowRank: '', nameKeys: '' } },
      );
      expect(await found('Oldrow')).toEqual([]);
      expect(await fillDerivedBookingFields()).toBeGreaterThanOrEqual(1);
      expect(await found('Oldrow')).toEqual([old.id]);
      const stored = await BookingModel.findById(old.id).lean();
      expect(stored?.nameKeys).toEqual(['oskar oldrow', 'oldrow']);
      expect(stored?.windowRank).toBeGreaterThanOrEqual(0);
      // Run again, it finds nothing left to fill.
      expect(await fillDerivedBookingFields()).toBe(0);
    });

    it('combines the search with the filters', async () => {
      const response = await list({ q: email, status: 'paid' });
      // A search is not counted: the list says whether more follow instead.
      expect(response.body).toMatchObject({ bookings: [], total: null, next: null });
      const pending = await list({ q: email, status: 'pending_payment' });
      expect(pending.body).toMatchObject({ total: null, next: null, previous: null });
      expect(pending.body.bookings).toHaveLength(1);
    });

    it.each([
      ['emilie@example.test'],
      ['416-317-0802'],
      ['HS-ABC234'],
      ['M5V 3L9'],
      ['M5V'],
      ['Côté'],
      ['4163170802'],
    ])('answers %s from indexes, never by reading every booking', async (q) => {
      const plan = JSON.stringify(
        await BookingModel.find({ $or: searchClauses(q) }).explain('queryPlanner'),
      );
      expect(plan).toContain('IXSCAN');
      expect(plan).not.toContain('COLLSCAN');
    });

    it('reads a name as a prefix range of its index, not every key', async () => {
      const plan = JSON.stringify(
        await BookingModel.find({ $or: searchClauses('Côté') }).explain('queryPlanner'),
      );
      expect(plan).toContain('"nameKeys":["[\\"côté\\", \\"côtê\\")"');
    });

    it.each([
      [{ q: '' }, 'q must be 1 to 100 characters on one line.'],
      [{ q: '   ' }, 'q must be 1 to 100 characters on one line.'],
      [{ q: 'x'.repeat(101) }, 'q must be 1 to 100 characters on one line.'],
      [{ q: 'Maya\nSingh' }, 'q must be 1 to 100 characters on one line.'],
      [{ sort: 'random' }, 'sort must be one of: upcoming, latest.'],
      [{ after: 'not a cursor!' }, CURSOR_REFUSED],
      [{ after: 'x'.repeat(201) }, CURSOR_REFUSED],
      [{ before: 'bm9wZQ' }, CURSOR_REFUSED],
      [{ after: encodeCursor(['soon', '2030-02-30', 0, 0, 'abc']) }, CURSOR_REFUSED],
      [{ after: encodeCursor(['soon', '2030-02-03', 7, 0, 'abc']) }, CURSOR_REFUSED],
      [{ after: encodeCursor(['soon', '2030-02-03', 0, 0, '{"$gt":""}']) }, CURSOR_REFUSED],
      [{ after: encodeCursor(['all', '2030-02-03', 0, 0, 'abc']) }, CURSOR_REFUSED],
      [
        { sort: 'latest', after: encodeCursor(['past', '2030-02-03', 0, 0, 'abc']) },
        CURSOR_REFUSED,
      ],
      [
        {
          after: encodeCursor(['soon', '2030-02-03', 0, 0, 'abc']),
          before: encodeCursor(['soon', '2030-02-03', 0, 0, 'abc']),
        },
        'Ask for the rows after a place or before it, not both.',
      ],
    ])('refuses %j with 400', async (query, message) => {
      const response = await list(query);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(message);
    });

    it('refuses a search given twice', async () => {
      const response = await request(api.app)
        .get('/api/admin/bookings?q=Maya&q=Vera')
        .set(bearer());
      expect(response.status).toBe(400);
    });
  });

  describe('order', () => {
    const sortEmail = testEmail('order');
    const visits: Record<string, { id: string }> = {};

    beforeAll(async () => {
      const at = (days: number) => addDays(today, days);
      // Made in an order unlike the one the list shows.
      visits.lastWeek = await booking({ email: sortEmail }, at(-7));
      visits.nextMonth = await booking({ email: sortEmail }, at(30));
      visits.todayEvening = await booking({ email: sortEmail, time: 'evening' }, today);
      visits.yesterday = await booking({ email: sortEmail }, at(-1));
      visits.tomorrow = await booking({ email: sortEmail }, at(1));
      visits.todayMorning = await booking({ email: sortEmail, time: 'morning' }, today);
    });

    const order = async (query: Record<string, string>) => {
      const response = await list({ q: sortEmail, ...query });
      expect(response.status, response.text).toBe(200);
      const ids = (response.body.bookings as Listed[]).map((listed) => listed.id);
      return ids.map((id) => Object.keys(visits).find((name) => visits[name]?.id === id));
    };

    it('puts today’s and upcoming visits first, soonest first, then past ones, latest first', async () => {
      const expected = [
        'todayMorning',
        'todayEvening',
        'tomorrow',
        'nextMonth',
        'yesterday',
        'lastWeek',
      ];
      expect(await order({})).toEqual(expected);
      expect(await order({ sort: 'upcoming' })).toEqual(expected);
    });

    it('lists every visit latest first when asked', async () => {
      expect(await order({ sort: 'latest' })).toEqual([
        'nextMonth',
        'tomorrow',
        'todayEvening',
        'todayMorning',
        'yesterday',
        'lastWeek',
      ]);
    });

    it.each(['upcoming', 'latest'] as const)(
      'pages %s by key, older and newer, across today without repeating or skipping',
      async (sort) => {
        const whole = await order({ sort });
        const base: BookingListQuery = { q: sortEmail, sort, limit: 2 };
        const name = (id: string) => Object.keys(visits).find((key) => visits[key]?.id === id);
        const names = (page: Awaited<ReturnType<typeof listBookings>>) =>
          page.bookings.map((booking) => name(booking._id));
        const pages = [await listBookings(base, today)];
        expect(pages[0]?.previous).toBeNull();
        for (let last = pages[0]; last?.next; last = pages[pages.length - 1]) {
          pages.push(await listBookings({ ...base, after: last.next }, today));
        }
        expect(pages.map(names)).toEqual([whole.slice(0, 2), whole.slice(2, 4), whole.slice(4)]);
        expect(pages[2]?.next).toBeNull();
        // Newer from the last page is the middle one; newer from the middle one is the top.
        const middle = await listBookings(
          { ...base, before: pages[2]?.previous ?? undefined },
          today,
        );
        expect(names(middle)).toEqual(whole.slice(2, 4));
        expect(middle.previous).not.toBeNull();
        const top = await listBookings({ ...base, before: middle.previous ?? undefined }, today);
        expect(names(top)).toEqual(whole.slice(0, 2));
        expect(top.previous).toBeNull();
      },
    );

    it('answers the places as cursors, and the next page from one', async () => {
      const first = await list({ q: sortEmail });
      expect(first.body).toMatchObject({ total: null, previous: null, next: null, pageSize: 50 });
      const page = await listBookings({ q: sortEmail, sort: 'upcoming', limit: 3 }, today);
      expect(page.next?.part).toBe('soon');
      const after = bookingCursorText(page.next ?? fail());
      expect(after).toMatch(/^[A-Za-z0-9_-]+$/);
      const second = await list({ q: sortEmail, after });
      expect(second.status, second.text).toBe(200);
      expect(second.body.previous).toEqual(expect.any(String));
      expect((second.body.bookings as Listed[]).map((listed) => listed.id)).toEqual(
        [visits.nextMonth, visits.yesterday, visits.lastWeek].map((visit) => visit?.id),
      );
    });

    it('reads each order on its index, in its order, never sorting or skipping', async () => {
      const plans: string[] = [];
      const explained = async (query: Omit<BookingListQuery, 'limit'>) => {
        const explanation = (await firstPartQuery({ ...query, limit: 50 }, today).explain(
          'queryPlanner',
        )) as unknown as { queryPlanner: { winningPlan: unknown } };
        // The plan MongoDB chose, not the ones it tried and rejected.
        const plan = JSON.stringify(explanation.queryPlanner.winningPlan);
        plans.push(plan);
        expect(plan).toContain('IXSCAN');
        expect(plan).not.toContain('COLLSCAN');
        expect(plan).not.toContain('"stage":"SORT"');
        expect(plan).not.toContain('SKIP');
      };
      const anywhere = await listBookings({ sort: 'latest', limit: 1 }, today);
      const cursor = anywhere.next ?? fail();
      for (const sort of ['upcoming', 'latest'] as const) {
        await explained({ sort });
        await explained({ sort, status: 'paid' });
        await explained({ sort, date: today });
        await explained({ sort, date: today, status: 'paid' });
      }
      await explained({ sort: 'latest', after: cursor });
      await explained({ sort: 'latest', before: cursor });
      await explained({ sort: 'latest', status: 'paid', after: cursor });
      await explained({ sort: 'upcoming', after: { ...cursor, part: 'past' } });
      await explained({ sort: 'upcoming', before: { ...cursor, part: 'soon' } });
      expect(plans.length).toBe(13);
    });

    it('counts what the filters find on an index, and never counts a search', async () => {
      const all = await list({});
      expect(all.body.total).toBe(await BookingModel.countDocuments({}));
      const paid = await list({ status: 'pending_payment' });
      expect(paid.body.total).toBe(
        await BookingModel.countDocuments({ status: 'pending_payment' }),
      );
      const plan = JSON.stringify(
        await BookingModel.find({ status: 'pending_payment', date: today }).explain('queryPlanner'),
      );
      expect(plan).toContain('IXSCAN');
    });

    it('keeps the window’s place in the day as the visit moves to another window', async () => {
      const visit = visits.todayMorning?.id ?? fail();
      expect((await BookingModel.findById(visit))?.windowRank).toBe(0);
      await BookingModel.updateOne({ _id: visit }, { $set: { time: 'evening' } });
      expect((await BookingModel.findById(visit))?.windowRank).toBe(2);
      await BookingModel.findOneAndUpdate({ _id: visit }, { $set: { time: 'morning' } });
      expect((await BookingModel.findById(visit))?.windowRank).toBe(0);
    });

    it('pages through that order without repeating or skipping a booking', async () => {
      const all = await list({ sort: 'upcoming' });
      const total = all.body.total as number;
      expect(total).toBeGreaterThanOrEqual(8);
      const firstPage = (all.body.bookings as Listed[]).map((listed) => listed.id);
      expect(new Set(firstPage).size).toBe(firstPage.length);
      // The upcoming part comes first, by date; the past part after it, by date backwards.
      const dates = (all.body.bookings as Listed[]).map((listed) => listed.date);
      const upcoming = dates.filter((date) => date >= today);
      const past = dates.filter((date) => date < today);
      expect(dates).toEqual([...upcoming, ...past]);
      expect(upcoming).toEqual([...upcoming].sort());
      expect(past).toEqual([...past].sort().reverse());
    });
  });

  describe('status moves', () => {
    it('offers only the moves the booking lifecycle allows from each status', async () => {
      const today = todayInToronto();
      const future = await booking({});
      const due = await booking({}, today);
      const estimate = await booking({
        service: 'Free Construction Estimate',
        plan: 'Custom Estimate',
      });
      const patch = (id: string, status: string) =>
        request(api.app).patch(`/api/admin/bookings/${id}`).set(bearer()).send({ status });
      expect((await patch(due.id, 'paid')).status).toBe(200);
      expect((await patch(future.id, 'paid')).status).toBe(200);

      const allowed = async (id: string) => {
        const response = await list({ q: (await BookingModel.findById(id))?.reference ?? '' });
        return (response.body.bookings as Listed[])[0]?.allowedStatuses;
      };
      // A paid visit still to come is cancelled; it is done or missed only from its day on.
      expect(await allowed(future.id)).toEqual(['cancelled']);
      expect(await allowed(due.id)).toEqual(['cancelled', 'done', 'no_show']);
      expect(await allowed(estimate.id)).toEqual(['cancelled']);

      // What is not offered is refused, and changes nothing.
      const early = await patch(future.id, 'done');
      expect(early.status).toBe(409);
      expect((await patch(estimate.id, 'done')).status).toBe(409);
      expect((await BookingModel.findById(future.id))?.status).toBe('paid');

      expect((await patch(due.id, 'done')).status).toBe(200);
      expect(await allowed(due.id)).toEqual([]);
    });
  });
});
