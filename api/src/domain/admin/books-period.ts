import { addDays, isCalendarDate, weekdayOf } from '../calendar/toronto-date';

/**
 * The periods of the operator's books (the admin console's Payments tab): calendar dates in
 * Toronto (YYYY-MM-DD), both ends included. Browser-safe: the API reads its default period here
 * and the site its quick choices, so both mean the same quarter.
 */
export interface BooksPeriod {
  /** The first day, included. */
  readonly from: string;
  /** The last day, included. */
  readonly to: string;
}

/** The longest period the books answer at once, in years (its weeks are listed one by one). */
export const BOOKS_MAX_YEARS = 10;

/** The days the books can be read for: the business's years, not the calendar's last. */
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2999-12-31';

export const BooksPeriodMessages = {
  from: `from must be a date (YYYY-MM-DD) from ${FIRST_DAY} to ${LAST_DAY}.`,
  to: `to must be a date (YYYY-MM-DD) from ${FIRST_DAY} to ${LAST_DAY}.`,
  order: 'The period must not end before it starts.',
  tooLong: `The period can be at most ${String(BOOKS_MAX_YEARS)} years.`,
} as const;

const pad = (value: number) => String(value).padStart(2, '0');

function yearMonth(isoDate: string): { year: number; month: number } {
  return { year: Number(isoDate.slice(0, 4)), month: Number(isoDate.slice(5, 7)) };
}

/** The last day of a month (1 to 12): the day before the next month's first. */
function lastDayOf(year: number, month: number): string {
  const next = month === 12 ? `${String(year + 1)}-01-01` : `${String(year)}-${pad(month + 1)}-01`;
  return addDays(next, -1);
}

/** 1 to 4: the quarter of the year a date is in. */
function quarterNumber(isoDate: string): number {
  return Math.ceil(yearMonth(isoDate).month / 3);
}

/** The calendar quarter holding `isoDate`: 2026-10-01 to 2026-12-31 for 2026-11-25. */
export function quarterPeriod(isoDate: string): BooksPeriod {
  const { year } = yearMonth(isoDate);
  const quarter = quarterNumber(isoDate);
  const firstMonth = quarter * 3 - 2;
  return {
    from: `${String(year)}-${pad(firstMonth)}-01`,
    to: lastDayOf(year, firstMonth + 2),
  };
}

/** The quarter before the one holding `isoDate`. */
export function previousQuarterPeriod(isoDate: string): BooksPeriod {
  return quarterPeriod(addDays(quarterPeriod(isoDate).from, -1));
}

/** The calendar year holding `isoDate`. */
export function yearPeriod(isoDate: string): BooksPeriod {
  const year = isoDate.slice(0, 4);
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

/** '2026-Q4' for any day of October to December 2026. */
export function quarterLabel(isoDate: string): string {
  return `${isoDate.slice(0, 4)}-Q${String(quarterNumber(isoDate))}`;
}

/** The Monday of the week (Monday to Sunday) holding `isoDate`. */
export function weekStartOf(isoDate: string): string {
  return addDays(isoDate, -((weekdayOf(isoDate) + 6) % 7));
}

/** The Mondays of every week the period touches, in order. */
export function weekStartsOf(period: BooksPeriod): string[] {
  const weeks: string[] = [];
  for (let week = weekStartOf(period.from); week <= period.to; week = addDays(week, 7)) {
    weeks.push(week);
  }
  return weeks;
}

/** The labels of every quarter the period touches, in order ('2026-Q3', '2026-Q4'). */
export function quarterLabelsOf(period: BooksPeriod): string[] {
  const quarters: string[] = [];
  for (
    let start = quarterPeriod(period.from).from;
    start <= period.to;
    start = addDays(quarterPeriod(start).to, 1)
  ) {
    quarters.push(quarterLabel(start));
  }
  return quarters;
}

/** A real date (YYYY-MM-DD) the books can be read for. */
export function isBooksDate(value: string): boolean {
  return isCalendarDate(value) && value >= FIRST_DAY && value <= LAST_DAY;
}

/**
 * Why a period cannot be read, or null when it can: both ends real dates, in order, and no longer
 * than BOOKS_MAX_YEARS.
 */
export function periodProblem(
  period: BooksPeriod,
): { field: 'from' | 'to'; message: string } | null {
  if (!isBooksDate(period.from)) return { field: 'from', message: BooksPeriodMessages.from };
  if (!isBooksDate(period.to)) return { field: 'to', message: BooksPeriodMessages.to };
  if (period.to < period.from) return { field: 'to', message: BooksPeriodMessages.order };
  const limit = `${String(Number(period.from.slice(0, 4)) + BOOKS_MAX_YEARS)}${period.from.slice(4)}`;
  if (period.to >= limit) return { field: 'to', message: BooksPeriodMessages.tooLong };
  return null;
}

/**
 * The period a request names: both ends as sent; one end alone, with the other end of its
 * quarter; neither, the quarter holding `today`.
 */
export function requestedPeriod(
  from: string | undefined,
  to: string | undefined,
  today: string,
): BooksPeriod {
  if (from === undefined && to === undefined) return quarterPeriod(today);
  if (from === undefined) return { from: quarterPeriod(to ?? today).from, to: to ?? today };
  return { from, to: to ?? quarterPeriod(from).to };
}
