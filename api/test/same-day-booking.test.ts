import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingMessages, timeLabel } from '../src/domain/booking/booking-schema';
import { TIME_WINDOW_IDS } from '../src/domain/booking/catalogue';
import { windowOpenToBook } from '../src/domain/booking/same-day';
import { addDays, todayInToronto } from '../src/domain/calendar/toronto-date';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { bookingFields, withFields, workingDay } from '../../tests/support/booking-form';
import { dataChanges, snapshotData } from '../../tests/support/data-snapshot';
import { testEnv } from '../../tests/support/test-env';

/** 15:35 in Toronto on a winter day (UTC-5): when the customer in the issue booked the Morning. */
const AFTERNOON_TEA = new Date('2026-11-27T20:35:00Z');

describe('same-day booking: the rule', () => {
  it('closes the windows that started, and the next one inside the lead time', () => {
    const day = '2026-11-27';
    expect(TIME_WINDOW_IDS.map((time) => windowOpenToBook(day, time, AFTERNOON_TEA, 2))).toEqual([
      false,
      false,
      false,
    ]);
    // Without a lead time only the started windows close: the evening starts at 16:00.
    expect(TIME_WINDOW_IDS.map((time) => windowOpenToBook(day, time, AFTERNOON_TEA, 0))).toEqual([
      false,
      false,
      true,
    ]);
    expect(windowOpenToBook('2026-11-28', 'morning', AFTERNOON_TEA, 2)).toBe(true);
  });

  it('keeps a window open until exactly the lead time before it starts', () => {
    // 10:00 and 10:01 in Toronto; the afternoon starts at 12:00.
    expect(windowOpenToBook('2026-11-27', 'afternoon', new Date('2026-11-27T15:00:00Z'), 2)).toBe(
      true,
    );
    expect(windowOpenToBook('2026-11-27', 'afternoon', new Date('2026-11-27T15:01:00Z'), 2)).toBe(
      false,
    );
    // Summer time (UTC-4): 9:30 in Toronto is 13:30 UTC.
    expect(windowOpenToBook('2026-07-15', 'afternoon', new Date('2026-07-15T13:30:00Z'), 2)).toBe(
      true,
    );
  });

  it('closes every window of a day gone by', () => {
    expect(windowOpenToBook('2026-11-26', 'evening', AFTERNOON_TEA, 0)).toBe(false);
  });
});

/**
 * A lead time of 41 hours closes every window of tomorrow whatever the hour this runs at (each
 * starts 8 to 40 hours from now), and leaves every window three days ahead open.
 */
describe('same-day booking through the API (SAME_DAY_LEAD_HOURS=41)', () => {
  const env = testEnv({ FORM_RATE_LIMIT_MAX: '1000', SAME_DAY_LEAD_HOURS: '41' });
  let api: ApiHarness;
  const tomorrow = addDays(todayInToronto(), 1);
  const later = workingDay(addDays(todayInToronto(), 3));

  beforeAll(async () => {
    api = await startApi(env);
  });
  afterAll(async () => {
    await api.close();
  });

  const closedMessage = (date: string, time: 'morning' | 'afternoon' | 'evening') =>
    BookingMessages.windowClosed(date, timeLabel(time));

  it('shows the windows that closed as closed, with no places', async () => {
    const answer = await request(api.app)
      .get('/api/availability')
      .query({ from: todayInToronto(), to: later });
    expect(answer.status).toBe(200);
    const days = answer.body.days as { date: string; windows: object; closed: string[] }[];
    for (const day of days.slice(0, 2)) {
      expect(day.closed).toEqual(['morning', 'afternoon', 'evening']);
      expect(day.windows).toEqual({ morning: 0, afternoon: 0, evening: 0 });
    }
    expect(days.at(-1)).toEqual({
      date: later,
      windows: { morning: 3, afternoon: 3, evening: 3 },
      closed: [],
    });
  });

  it.each(['One-time Visit - $149', 'Monthly Visit - $249', 'Custom Estimate'])(
    'refuses a %s in a window that starts too soon, and changes nothing',
    async (plan) => {
      const fields = bookingFields({
        date: tomorrow,
        time: 'evening',
        plan,
        ...(plan === 'Custom Estimate' ? { service: 'Free Construction Estimate' } : {}),
      });
      const before = await snapshotData(api.context);
      const answer = await withFields(request(api.app).post('/api/bookings'), fields);
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toEqual({ time: closedMessage(tomorrow, 'evening') });
      expect(answer.body.error).toBe(closedMessage(tomorrow, 'evening'));
      expect(dataChanges(before, await snapshotData(api.context))).toEqual([]);
    },
  );

  it('refuses it on the original path and as JSON too', async () => {
    const fields = bookingFields({ date: tomorrow, time: 'morning' });
    const legacy = await withFields(request(api.app).post('/api-docs/api/bookings'), fields);
    expect(legacy.status).toBe(400);
    expect(legacy.body.fields.time).toBe(closedMessage(tomorrow, 'morning'));
    const json = await request(api.app).post('/api/bookings').send(fields);
    expect(json.status).toBe(400);
    expect(json.body.fields.time).toBe(closedMessage(tomorrow, 'morning'));
  });

  it('books a window that is still open, and will not move it into one that closed', async () => {
    const booked = await withFields(
      request(api.app).post('/api/bookings'),
      bookingFields({ date: later, time: 'morning' }),
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id = booked.body.booking.id as string;
    const before = await snapshotData(api.context);
    const moved = await request(api.app)
      .post(`/api/bookings/${id}/reschedule`)
      .send({ token: booked.body.token as string, date: tomorrow, time: 'afternoon' });
    expect(moved.status).toBe(400);
    expect(moved.body.fields.time).toBe(closedMessage(tomorrow, 'afternoon'));
    expect(dataChanges(before, await snapshotData(api.context))).toEqual([]);
  });
});
