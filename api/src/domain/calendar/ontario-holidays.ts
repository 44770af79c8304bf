import { addDays, weekdayOf } from './toronto-date';

/**
 * Ontario's public holidays (Employment Standards Act, 2000, s. 1: the nine), computed for any
 * year, and the optional ones a business may also close on (configuration: EXTRA_HOLIDAYS).
 * Browser-safe and pure: the site and the API read the same days.
 *
 * Substitution: a fixed-date holiday that falls on a Saturday or Sunday is observed on the next
 * weekday that is not itself a holiday (Christmas on a Saturday: Monday the 27th, Boxing Day on
 * the Sunday: Tuesday the 28th). The business works weekends, so the day itself stays closed
 * too: no crew works Christmas Day whatever its weekday, and the observed day is the crews' day off.
 */

export interface Holiday {
  /** YYYY-MM-DD. */
  date: string;
  /** 'Christmas Day', 'Boxing Day (observed)'. */
  name: string;
}

/** Holidays a business may add to the nine (EXTRA_HOLIDAYS, comma-separated). */
export const OPTIONAL_HOLIDAY_IDS = [
  'civic-holiday',
  'easter-monday',
  'remembrance-day',
  'christmas-eve',
  'new-years-eve',
] as const;

export type OptionalHolidayId = (typeof OPTIONAL_HOLIDAY_IDS)[number];

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The `nth` (1-based) `weekday` (0 Sunday - 6 Saturday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  const first = iso(year, month, 1);
  const offset = (weekday - weekdayOf(first) + 7) % 7;
  return addDays(first, offset + (nth - 1) * 7);
}

/** Easter Sunday (Gregorian), by the anonymous algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

/** Victoria Day: the last Monday before May 25. */
function victoriaDay(year: number): string {
  const may24 = iso(year, 5, 24);
  return addDays(may24, -((weekdayOf(may24) + 6) % 7));
}

const isWeekend = (date: string) => weekdayOf(date) === 0 || weekdayOf(date) === 6;

/** The nine public holidays of `year` with their observed days, plus the optional ones asked for. */
export function ontarioHolidays(
  year: number,
  extras: readonly OptionalHolidayId[] = [],
): Holiday[] {
  const fixed: Holiday[] = [
    { date: iso(year, 1, 1), name: "New Year's Day" },
    { date: iso(year, 7, 1), name: 'Canada Day' },
    { date: iso(year, 12, 25), name: 'Christmas Day' },
    { date: iso(year, 12, 26), name: 'Boxing Day' },
  ];
  const moving: Holiday[] = [
    { date: nthWeekday(year, 2, 1, 3), name: 'Family Day' },
    { date: addDays(easterSunday(year), -2), name: 'Good Friday' },
    { date: victoriaDay(year), name: 'Victoria Day' },
    { date: nthWeekday(year, 9, 1, 1), name: 'Labour Day' },
    { date: nthWeekday(year, 10, 1, 2), name: 'Thanksgiving' },
  ];
  const optional: Record<OptionalHolidayId, Holiday> = {
    'civic-holiday': { date: nthWeekday(year, 8, 1, 1), name: 'Civic Holiday' },
    'easter-monday': { date: addDays(easterSunday(year), 1), name: 'Easter Monday' },
    'remembrance-day': { date: iso(year, 11, 11), name: 'Remembrance Day' },
    'christmas-eve': { date: iso(year, 12, 24), name: 'Christmas Eve' },
    'new-years-eve': { date: iso(year, 12, 31), name: "New Year's Eve" },
  };
  const days: Holiday[] = [...fixed, ...moving, ...extras.map((id) => optional[id])];
  const taken = new Set(days.map((day) => day.date));
  // In date order, so Christmas on a Saturday is observed before Boxing Day looks for its day.
  for (const holiday of [...fixed].sort((a, b) => (a.date < b.date ? -1 : 1))) {
    if (!isWeekend(holiday.date)) continue;
    let observed = addDays(holiday.date, 1);
    while (isWeekend(observed) || taken.has(observed)) observed = addDays(observed, 1);
    taken.add(observed);
    days.push({ date: observed, name: `${holiday.name} (observed)` });
  }
  return days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
