import { closedDaysBetween, type Closure } from '../domain/calendar/business-calendar';
import {
  ontarioHolidays,
  type Holiday,
  type OptionalHolidayId,
} from '../domain/calendar/ontario-holidays';
import { ClosureModel } from './closure-model';

/**
 * The business calendar with the operators' closures read from MongoDB: which days are closed,
 * and why. Read on every use (a closure set by one API instance is seen by all at once); the
 * closures of a range are a handful of small documents on an index.
 */
export class BusinessDays {
  constructor(private readonly extraHolidays: readonly OptionalHolidayId[] = []) {}

  /** The operators' closures overlapping `from` to `to`. */
  async closures(from: string, to: string): Promise<Closure[]> {
    const found = await ClosureModel.find({ to: { $gte: from }, from: { $lte: to } })
      .sort({ from: 1 })
      .lean();
    return found.map(({ from: start, to: end, reason }) => ({ from: start, to: end, reason }));
  }

  /** Closed days from `from` to `to` (inclusive) with their reasons. */
  async closedDays(from: string, to: string): Promise<Map<string, string>> {
    return closedDaysBetween(from, to, this.extraHolidays, await this.closures(from, to));
  }

  /** The holidays from `from` to `to` (inclusive), observed days and configured extras included. */
  holidays(from: string, to: string): Holiday[] {
    const holidays: Holiday[] = [];
    for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
      holidays.push(...ontarioHolidays(year, this.extraHolidays));
    }
    return holidays.filter((holiday) => holiday.date >= from && holiday.date <= to);
  }

  /** Why `date` is closed, or null when the business works that day. */
  async closedReason(date: string): Promise<string | null> {
    return (await this.closedDays(date, date)).get(date) ?? null;
  }
}
