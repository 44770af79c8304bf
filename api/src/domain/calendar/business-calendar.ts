import { addDays, daysBetween } from './toronto-date';
import { ontarioHolidays, type OptionalHolidayId } from './ontario-holidays';

/**
 * The business calendar (docs/product.md, Decisions): the days no crew works. Ontario's public
 * holidays and their observed days, the optional holidays the configuration adds, and the
 * closures an operator sets in the console (a snowstorm, a staff day). Nothing is booked on a
 * closed day, and a plan's visit that falls on one steps to an open day of its week.
 * Browser-safe and pure: the API reads closures from MongoDB and hands them in.
 */

/** A closure an operator set: `from` to `to`, both included, with the reason customers read. */
export interface Closure {
  from: string;
  to: string;
  reason: string;
}

/** Why a day is closed, as customers read it after "Closed: ". */
export type ClosedDays = ReadonlyMap<string, string>;

/** The longest closure one operator action may set (a fortnight's storm is already extreme). */
export const MAX_CLOSURE_DAYS = 31;

/** The closed days from `from` to `to` (inclusive), each with its reason; holidays first. */
export function closedDaysBetween(
  from: string,
  to: string,
  extras: readonly OptionalHolidayId[],
  closures: readonly Closure[],
): Map<string, string> {
  const closed = new Map<string, string>();
  const firstYear = Number(from.slice(0, 4));
  const lastYear = Number(to.slice(0, 4));
  for (let year = firstYear; year <= lastYear; year += 1) {
    for (const holiday of ontarioHolidays(year, extras)) {
      if (holiday.date >= from && holiday.date <= to && !closed.has(holiday.date)) {
        closed.set(holiday.date, holiday.name);
      }
    }
  }
  for (const closure of closures) {
    const start = closure.from > from ? closure.from : from;
    const end = closure.to < to ? closure.to : to;
    for (let offset = 0; offset <= daysBetween(start, end); offset += 1) {
      const date = addDays(start, offset);
      if (!closed.has(date)) closed.set(date, closure.reason);
    }
  }
  return closed;
}

/** 'Closed: Christmas Day': what a customer reads of a closed day. */
export function closedLabel(reason: string): string {
  return `Closed: ${reason}`;
}
