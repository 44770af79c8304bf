import {
  addDays,
  daysBetween,
  isCalendarDate,
  longDate,
  weekdayName,
  weekdayOf,
} from '../calendar/toronto-date';
import { timeLabel, type Availability } from '../booking/booking-schema';
import { TIME_WINDOW_IDS, type TimeWindowId } from '../booking/catalogue';

/**
 * The Monthly Visit plan's schedule (issue 18): "4 visits per month", as a rule the customer reads
 * before paying and every renewal follows. Browser-safe and pure, so the booking form shows the
 * same four dates the API books.
 *
 * - A period runs from its start to the same day of the next month (the day of the month the
 *   subscription began, clamped to a shorter month: Jan 31 → Feb 28 → Mar 31), which is how Stripe
 *   anchors a monthly subscription's billing.
 * - Its four visits are weekly, on the weekday and in the window of the first visit: the first
 *   such weekday on or after the period's start, then every 7 days. Four weeks fit in every month
 *   (28 days or more), so a period's visits never spill into the next one.
 * - A visit whose window is full moves, by the customer's choice, to another window or day of its
 *   week (Monday to Sunday, within the period): never silently dropped, never overbooked.
 */

export const VISITS_PER_PERIOD = 4;
const WEEK_DAYS = 7;

export interface VisitSlot {
  date: string;
  time: TimeWindowId;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The start of the period after the one starting `periodStart`, for a subscription begun on day
 * `anchorDay` of a month: the same day next month, or that month's last day when it is shorter.
 */
export function nextPeriodStart(periodStart: string, anchorDay: number): string {
  if (!isCalendarDate(periodStart)) throw new Error(`not a date: ${periodStart}`);
  const [year, month] = periodStart.split('-').map(Number) as [number, number];
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const day = Math.min(anchorDay, daysInMonth(nextYear, nextMonth));
  return `${String(nextYear)}-${String(nextMonth).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The day of the month a subscription started on `firstVisit` is anchored to. */
export function anchorDayOf(firstVisit: string): number {
  return Number(firstVisit.slice(8, 10));
}

/**
 * The four visits of the period starting `periodStart`: the first `weekday` (0-6) on or after
 * it, then weekly, all in `time`.
 */
export function visitsOfPeriod(
  periodStart: string,
  weekday: number,
  time: TimeWindowId,
): VisitSlot[] {
  const first = addDays(periodStart, (weekday - weekdayOf(periodStart) + WEEK_DAYS) % WEEK_DAYS);
  return Array.from({ length: VISITS_PER_PERIOD }, (_, week) => ({
    date: addDays(first, week * WEEK_DAYS),
    time,
  }));
}

/** The first period's visits: the customer's chosen date and window, then weekly. */
export function firstPeriodVisits(firstVisit: VisitSlot): VisitSlot[] {
  return visitsOfPeriod(firstVisit.date, weekdayOf(firstVisit.date), firstVisit.time);
}

/** What the summary says of the rule before the customer pays. */
export function scheduleRule(firstVisit: VisitSlot): string {
  return `${String(VISITS_PER_PERIOD)} visits a month: every ${weekdayName(firstVisit.date)}, ${timeLabel(firstVisit.time)}, starting ${longDate(firstVisit.date)}. A window that is full one week moves to another day or window of that week.`;
}

/**
 * The days of the Monday-to-Sunday week holding `date` that a visit of that week may move to:
 * not before `earliest` (today, or the period's start) and before `periodEnd` (exclusive).
 */
export function weekOf(date: string, earliest: string, periodEnd: string): string[] {
  const monday = addDays(date, -((weekdayOf(date) + 6) % WEEK_DAYS));
  return Array.from({ length: WEEK_DAYS }, (_, offset) => addDays(monday, offset)).filter(
    (day) => day >= earliest && day < periodEnd,
  );
}

export interface PlannedVisit extends VisitSlot {
  /** A place is free in its window. */
  available: boolean;
  /** When it is not: the free windows of its week, nearest day first, to choose from. */
  alternatives: VisitSlot[];
  /**
   * Set when the rule's day is closed (the business calendar): the visit stepped from that day
   * to this one, the nearest open day of its week in the same window (else another window).
   * When no day of the week has room it stays there, unavailable, with no alternatives.
   */
  movedFrom?: { date: string; reason: string };
}

/** The days of a visit's week it may move to, nearest first (the earlier of two as near). */
function nearestDaysOf(date: string, bounds: { earliest: string; periodEnd: string }): string[] {
  return weekOf(date, bounds.earliest, bounds.periodEnd).sort(
    (a, b) => Math.abs(daysBetween(date, a)) - Math.abs(daysBetween(date, b)) || (a < b ? -1 : 1),
  );
}

/**
 * The period's visits against the places left (`availability` must cover their weeks): which are
 * free, and for each full one the free windows of its week that no other visit of the plan uses.
 * A visit on a closed day (`closedReason`) steps to the nearest open day of its week with room in
 * its own window, else in another window: the business calendar moves it, nobody has to choose.
 */
export function planVisits(
  visits: VisitSlot[],
  availability: Availability,
  bounds: { earliest: string; periodEnd: string },
): PlannedVisit[] {
  const left = new Map<string, number>();
  const closedReasons = new Map<string, string>();
  for (const day of availability.days) {
    for (const time of TIME_WINDOW_IDS) left.set(`${day.date}|${time}`, day.windows[time]);
    if (day.closedReason !== undefined) closedReasons.set(day.date, day.closedReason);
  }
  const key = (slot: VisitSlot) => `${slot.date}|${slot.time}`;
  const used = new Set(visits.map(key));
  const free = (slot: VisitSlot) => (left.get(key(slot)) ?? 0) > 0 && !used.has(key(slot));
  return visits.map((visit) => {
    const reason = closedReasons.get(visit.date);
    const days = nearestDaysOf(visit.date, bounds);
    if (reason !== undefined) {
      const sameWindow = days.map((date) => ({ date, time: visit.time }));
      const otherWindows = days.flatMap((date) =>
        TIME_WINDOW_IDS.filter((time) => time !== visit.time).map((time) => ({ date, time })),
      );
      const moved = [...sameWindow, ...otherWindows].find(free);
      if (!moved) return { ...visit, available: false, alternatives: [] };
      used.add(key(moved));
      return {
        ...moved,
        available: true,
        alternatives: [],
        movedFrom: { date: visit.date, reason },
      };
    }
    const available = (left.get(key(visit)) ?? 0) > 0;
    if (available) return { ...visit, available, alternatives: [] };
    const alternatives = days.flatMap((date) =>
      TIME_WINDOW_IDS.map((time) => ({ date, time })).filter(free),
    );
    return { ...visit, available, alternatives };
  });
}

/** What the booking form shows of a Monthly Visit plan before the customer pays. */
export interface MonthlyPlanPreview {
  /** The rule every period follows, in words (`scheduleRule`). */
  rule: string;
  periodStart: string;
  /** The first renewal: the next period's start. */
  renewsOn: string;
  visits: PlannedVisit[];
}

/**
 * Whether `chosen` are a first period the rule allows, for a plan begun on `first`: four
 * distinct visits, the first the customer's date and window, each other on its rule day or
 * another day or window of that day's week within the period. The places are the ledger's to judge.
 */
export function followsPlanRule(first: VisitSlot, chosen: readonly VisitSlot[]): boolean {
  const rule = firstPeriodVisits(first);
  if (chosen.length !== rule.length) return false;
  const periodEnd = nextPeriodStart(first.date, anchorDayOf(first.date));
  const distinct = new Set(chosen.map((visit) => `${visit.date}|${visit.time}`));
  if (distinct.size !== chosen.length) return false;
  return rule.every((ruled, index) => {
    const visit = chosen[index];
    if (!visit) return false;
    if (index === 0) return visit.date === first.date && visit.time === first.time;
    return weekOf(ruled.date, first.date, periodEnd).includes(visit.date);
  });
}
