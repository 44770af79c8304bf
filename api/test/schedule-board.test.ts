import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminScheduleWeek } from '../src/domain/admin/admin-views';
import { addDays, todayInToronto, weekdayOf } from '../src/domain/calendar/toronto-date';
import { signUp } from '../../tests/support/accounts';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { bookingFields, withFields, workingDay } from '../../tests/support/booking-form';
import { testEnv } from '../../tests/support/test-env';

describe("the schedule board's week", () => {
  let api: ApiHarness;
  let admin: string;
  // A Wednesday far enough ahead that only this file's bookings are on it.
  const ahead = workingDay(addDays(todayInToronto(), 200));
  const wednesday = addDays(ahead, (3 - weekdayOf(ahead) + 7) % 7);
  const monday = addDays(wednesday, -2);

  beforeAll(async () => {
    api = await startApi(
      testEnv({
        FORM_RATE_LIMIT_MAX: '1000',
        AUTH_RATE_LIMIT_MAX: '1000',
        UNPAID_HOLDS_PER_CONTACT: '10',
      }),
    );
    admin = (await signUp(api.app, 'schedule-Passw0rd!', 'admin')).token;
  });
  afterAll(async () => {
    await api.close();
  });

  async function book(fields: Record<string, string>) {
    const answer = await withFields(request(api.app).post('/api/bookings'), bookingFields(fields));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { booking: { id: string; reference: string }; token: string };
  }

  it('shows each day by window: places used of the capacity, the visits and their kind, and estimates apart', async () => {
    const oneTime = await book({ date: wednesday, time: 'morning', service: 'Painting' });
    const plan = await book({ date: wednesday, time: 'afternoon', plan: 'monthly' });
    const estimate = await book({
      date: addDays(wednesday, 1),
      service: 'Free Construction Estimate',
      plan: 'Custom Estimate',
    });
    const cancelled = await book({ date: wednesday, time: 'morning' });
    const off = await request(api.app)
      .post(`/api/bookings/${cancelled.booking.id}/cancel`)
      .send({ token: cancelled.token });
    expect(off.status).toBe(200);

    const answer = await request(api.app)
      .get(`/api/admin/schedule?week=${addDays(wednesday, 3)}`)
      .set('Authorization', `Bearer ${admin}`);
    expect(answer.status).toBe(200);
    const week = answer.body as AdminScheduleWeek;
    expect([week.from, week.to, week.capacity]).toEqual([monday, addDays(monday, 6), 3]);
    expect(week.days.map((day) => day.date)).toEqual(
      Array.from({ length: 7 }, (_, offset) => addDays(monday, offset)),
    );
    const day = week.days[2];
    const windows = Object.fromEntries((day?.windows ?? []).map((window) => [window.time, window]));
    expect(windows.morning).toMatchObject({ label: 'Morning (8am-12pm)', used: 1, capacity: 3 });
    expect(windows.morning?.visits.map((visit) => [visit.kind, visit.booking.reference])).toEqual([
      ['one-time', oneTime.booking.reference],
    ]);
    expect(windows.morning?.visits[0]?.booking).toMatchObject({
      name: 'Maya Singh',
      status: 'pending_payment',
    });
    expect(windows.afternoon?.used).toBe(1);
    expect(windows.afternoon?.visits.map((visit) => [visit.kind, visit.booking.id])).toEqual([
      ['plan', plan.booking.id],
    ]);
    expect(windows.evening).toMatchObject({ used: 0, visits: [] });
    expect(day?.estimates).toEqual([]);
    expect(week.days[3]?.estimates.map((visit) => [visit.kind, visit.booking.id])).toEqual([
      ['estimate', estimate.booking.id],
    ]);
    // An estimate holds no place.
    expect(week.days[3]?.windows.every((window) => window.used === 0)).toBe(true);

    const refused = await request(api.app)
      .get('/api/admin/schedule?week=next-week')
      .set('Authorization', `Bearer ${admin}`);
    expect(refused.status).toBe(400);
  });
});
