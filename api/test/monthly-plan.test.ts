import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingMessages } from '../src/domain/booking/booking-schema';
import { addDays, todayInToronto, weekdayOf } from '../src/domain/calendar/toronto-date';
import { nextPeriodStart } from '../src/domain/subscription/visit-schedule';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { testEnv } from '../../tests/support/test-env';

/** The first Wednesday at least two weeks ahead: a date of this file's own. */
function aWednesdayAhead(): string {
  let date = addDays(todayInToronto(), 14);
  while (weekdayOf(date) !== 3) date = addDays(date, 1);
  return date;
}

describe("a Monthly Visit plan's first period, read before paying", () => {
  let api: ApiHarness;
  const first = aWednesdayAhead();

  beforeAll(async () => {
    api = await startApi(testEnv({ SLOT_CAPACITY: '2' }));
  });
  afterAll(async () => {
    await api.close();
  });

  const preview = (query: string) => request(api.app).get(`/api/monthly-plan?${query}`);

  it('states the rule and the four weekly visits, all free on an empty calendar', async () => {
    const response = await preview(`date=${first}&time=afternoon`);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.body.rule).toMatch(
      /^4 visits a month: every Wednesday, Afternoon \(12pm-4pm\), starting \w+day, \w+ \d{1,2}, \d{4}\./,
    );
    expect(response.body.periodStart).toBe(first);
    // Its own tests pin the month arithmetic (visit-schedule.test.ts).
    expect(response.body.renewsOn).toBe(nextPeriodStart(first, Number(first.slice(8))));
    expect(response.body.visits).toEqual(
      [0, 7, 14, 21].map((days) => ({
        date: addDays(first, days),
        time: 'afternoon',
        available: true,
        alternatives: [],
      })),
    );
  });

  it('shows a full week before paying, with the free windows of that week, and holds nothing', async () => {
    const full = addDays(first, 7);
    for (const holder of ['a'.repeat(32), 'b'.repeat(32)]) {
      expect(await api.context.slots.take(full, 'morning', holder)).toBe(true);
    }
    const before = await api.context.slots.remaining(first, addDays(first, 30));
    const response = await preview(`date=${first}&time=morning`);
    expect(response.status).toBe(200);
    const visits = response.body.visits as {
      date: string;
      available: boolean;
      alternatives: { date: string; time: string }[];
    }[];
    expect(visits.map((visit) => visit.available)).toEqual([true, false, true, true]);
    // Same day first, then the days around it, all within that Monday-to-Sunday week.
    expect(visits[1]?.alternatives.slice(0, 3)).toEqual([
      { date: full, time: 'afternoon' },
      { date: full, time: 'evening' },
      { date: addDays(full, -1), time: 'morning' },
    ]);
    expect(visits[1]?.alternatives).not.toContainEqual({ date: full, time: 'morning' });
    expect(visits[1]?.alternatives.every((slot) => slot.date >= addDays(full, -2))).toBe(true);
    expect(visits[1]?.alternatives.every((slot) => slot.date <= addDays(full, 4))).toBe(true);
    expect(await api.context.slots.remaining(first, addDays(first, 30))).toEqual(before);
  });

  it.each([
    ['no date', 'time=morning', BookingMessages.dateRequired],
    ['a past date', `date=${addDays(todayInToronto(), -1)}`, BookingMessages.dateInPast],
    [
      'a date past the horizon',
      `date=${addDays(todayInToronto(), 400)}`,
      BookingMessages.dateTooFar,
    ],
    ['a non-date', 'date=2026-02-30', BookingMessages.dateFormat],
    ['an unknown window', `date=${first}&time=night`, BookingMessages.timeUnknown],
  ])('refuses %s with the form’s own message', async (_case, query, message) => {
    const response = await preview(query);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(message);
  });
});
