import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Availability } from '../src/domain/booking/booking-schema';
import { TIME_WINDOW_IDS, type TimeWindowId } from '../src/domain/booking/catalogue';
import { addDays, daysBetween, weekdayOf } from '../src/domain/calendar/toronto-date';
import {
  anchorDayOf,
  firstPeriodVisits,
  nextPeriodStart,
  planVisits,
  scheduleRule,
  visitsOfPeriod,
  weekOf,
} from '../src/domain/subscription/visit-schedule';

/** Every window of every day from `from` to `to` with `places` left, but for `full` ones. */
function availability(from: string, to: string, full: string[] = [], places = 3): Availability {
  const days: Availability['days'] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const windows = {} as Record<TimeWindowId, number>;
    for (const time of TIME_WINDOW_IDS)
      windows[time] = full.includes(`${date}|${time}`) ? 0 : places;
    days.push({ date, windows, closed: [] });
  }
  return { capacity: places, days };
}

describe('the Monthly Visit schedule', () => {
  it('books the chosen date and window, then the same weekday weekly: four visits', () => {
    expect(firstPeriodVisits({ date: '2026-12-08', time: 'afternoon' })).toEqual([
      { date: '2026-12-08', time: 'afternoon' },
      { date: '2026-12-15', time: 'afternoon' },
      { date: '2026-12-22', time: 'afternoon' },
      { date: '2026-12-29', time: 'afternoon' },
    ]);
  });

  it('says the rule before paying', () => {
    expect(scheduleRule({ date: '2026-12-08', time: 'morning' })).toBe(
      '4 visits a month: every Tuesday, Morning (8am-12pm), starting Tuesday, December 8, 2026. A window that is full one week moves to another day or window of that week.',
    );
  });

  it("renews on the first visit's day of the month, clamped to shorter months", () => {
    const starts = ['2027-01-31'];
    for (let n = 0; n < 4; n += 1) starts.push(nextPeriodStart(starts.at(-1) ?? '', 31));
    expect(starts).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(nextPeriodStart('2027-12-15', 15)).toBe('2028-01-15');
    expect(nextPeriodStart('2028-01-30', 30)).toBe('2028-02-29');
    expect(anchorDayOf('2027-01-31')).toBe(31);
  });

  it("keeps every period's four visits on the weekday, weekly, inside the period", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2026-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 24 }),
        (when, periods) => {
          const first = when.toISOString().slice(0, 10);
          const anchor = anchorDayOf(first);
          const weekday = weekdayOf(first);
          let start = first;
          for (let n = 0; n < periods; n += 1) {
            const end = nextPeriodStart(start, anchor);
            const visits = visitsOfPeriod(start, weekday, 'evening');
            expect(visits).toHaveLength(4);
            for (const [index, visit] of visits.entries()) {
              expect(weekdayOf(visit.date)).toBe(weekday);
              expect(visit.date >= start && visit.date < end).toBe(true);
              if (index > 0) expect(daysBetween(visits[index - 1]?.date ?? '', visit.date)).toBe(7);
            }
            if (n === 0) expect(visits[0]?.date).toBe(first);
            start = end;
          }
        },
      ),
    );
  });

  it('gives a week Monday to Sunday, cut to the period and to today', () => {
    // 2026-12-10 is a Thursday.
    expect(weekOf('2026-12-10', '2026-12-01', '2027-01-01')).toEqual([
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
      '2026-12-13',
    ]);
    expect(weekOf('2026-12-10', '2026-12-09', '2026-12-12')).toEqual([
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
    ]);
  });

  it('marks a full week and offers the free windows of that week, nearest first', () => {
    const visits = firstPeriodVisits({ date: '2026-12-08', time: 'morning' });
    const places = availability('2026-12-01', '2027-01-10', [
      '2026-12-15|morning',
      '2026-12-15|afternoon',
      '2026-12-14|morning',
      '2026-12-16|morning',
    ]);
    const planned = planVisits(visits, places, { earliest: '2026-12-08', periodEnd: '2027-01-08' });
    expect(planned.map((visit) => visit.available)).toEqual([true, false, true, true]);
    expect(planned[1]?.alternatives.slice(0, 5)).toEqual([
      { date: '2026-12-15', time: 'evening' },
      { date: '2026-12-14', time: 'afternoon' },
      { date: '2026-12-14', time: 'evening' },
      { date: '2026-12-16', time: 'afternoon' },
      { date: '2026-12-16', time: 'evening' },
    ]);
    for (const visit of planned) if (visit.available) expect(visit.alternatives).toEqual([]);
  });

  it("offers no day outside the period, before today, or already one of the plan's visits", () => {
    const visits = [
      { date: '2026-12-08', time: 'morning' as const },
      { date: '2026-12-09', time: 'morning' as const },
    ];
    const full = TIME_WINDOW_IDS.flatMap((time) => [`2026-12-07|${time}`]).concat(
      '2026-12-08|morning',
    );
    const planned = planVisits(visits, availability('2026-12-01', '2026-12-31', full), {
      earliest: '2026-12-08',
      periodEnd: '2026-12-11',
    });
    const offered = planned[0]?.alternatives ?? [];
    expect(offered.every((slot) => slot.date >= '2026-12-08' && slot.date < '2026-12-11')).toBe(
      true,
    );
    expect(offered).not.toContainEqual({ date: '2026-12-09', time: 'morning' });
    expect(offered[0]).toEqual({ date: '2026-12-08', time: 'afternoon' });
  });

  it('offers nothing when the whole week is full: the customer must pick another start', () => {
    const visits = firstPeriodVisits({ date: '2026-12-08', time: 'morning' });
    const week = weekOf('2026-12-15', '2026-12-08', '2027-01-08');
    const full = week.flatMap((date) => TIME_WINDOW_IDS.map((time) => `${date}|${time}`));
    const planned = planVisits(visits, availability('2026-12-01', '2027-01-10', full), {
      earliest: '2026-12-08',
      periodEnd: '2027-01-08',
    });
    expect(planned[1]).toMatchObject({ available: false, alternatives: [] });
  });
});
