import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchClauses } from '../src/admin/admin-booking-list';
import { BookingModel } from '../src/bookings/booking-model';
import { addDays, todayInToronto } from '../src/domain/calendar/toronto-date';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { bookingFields, withFields } from '../../tests/support/booking-form';
import { signUp } from '../../tests/support/accounts';
import { testEmail, testEnv } from '../../tests/support/test-env';

const PASSWORD = 'correct horse 42';

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

    it('combines the search with the filters', async () => {
      const response = await list({ q: email, status: 'paid' });
      expect(response.body).toMatchObject({ bookings: [], total: 0 });
      const pending = await list({ q: email, status: 'pending_payment' });
      expect(pending.body).toMatchObject({ total: 1 });
    });

    it.each([
      ['emilie@example.test'],
      ['416-317-0802'],
      ['HS-ABC234'],
      ['M5V 3L9'],
      ['M5V'],
      ['Côté'],
    ])('answers %s from indexes, never by reading every booking', async (q) => {
      const plan = JSON.stringify(
        await BookingModel.find({ $or: searchClauses(q) }).explain('queryPlanner'),
      );
      expect(plan).toContain('IXSCAN');
      expect(plan).not.toContain('COLLSCAN');
    });

    it.each([
      [{ q: '' }, 'q must be 1 to 100 characters on one line.'],
      [{ q: '   ' }, 'q must be 1 to 100 characters on one line.'],
      [{ q: 'x'.repeat(101) }, 'q must be 1 to 100 characters on one line.'],
      [{ q: 'Maya\nSingh' }, 'q must be 1 to 100 characters on one line.'],
      [{ sort: 'random' }, 'sort must be one of: upcoming, latest.'],
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
