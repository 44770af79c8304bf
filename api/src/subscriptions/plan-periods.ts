import { createHash } from 'node:crypto';
import {
  anchorDayOf,
  nextPeriodStart,
  visitsOfPeriod,
  type VisitSlot,
} from '../domain/subscription/visit-schedule';
import type { TimeWindowId } from '../domain/booking/catalogue';
import { weekdayOf } from '../domain/calendar/toronto-date';
import { addMonthsUtc } from '../domain/calendar/utc-months';

/**
 * Which period of a plan is which: the plan's own periods run from its first visit's date, the
 * provider's from the moment it began billing. An invoice names the provider's period; the plan's
 * period with the same index is the one it pays for.
 */

/** The start of period `index` of a plan whose first visit is on `anchorDate`. */
export function periodStartOf(anchorDate: string, index: number): string {
  const anchorDay = anchorDayOf(anchorDate);
  let start = anchorDate;
  for (let period = 0; period < index; period += 1) start = nextPeriodStart(start, anchorDay);
  return start;
}

/** The plan's period under way on `today`: the last begun, or the first before it begins. */
export function currentPeriodIndex(anchorDate: string, today: string): number {
  let index = 0;
  while (periodStartOf(anchorDate, index + 1) <= today) index += 1;
  return index;
}

/**
 * The rule's visits of period `index` (before any is moved for a full window): on the first
 * visit's weekday and in its window.
 */
export function ruleVisitsOf(
  plan: { anchorDate: string; time: string },
  index: number,
): VisitSlot[] {
  return visitsOfPeriod(
    periodStartOf(plan.anchorDate, index),
    weekdayOf(plan.anchorDate),
    plan.time as TimeWindowId,
  );
}

/**
 * The index of the provider's billing period starting at `periodStart`, for a plan created at
 * `createdAt`: the nearest whole number of months between the two. The provider began billing
 * when the first payment went through, within the plan's payment hold (a week at most), and its
 * timestamps are whole seconds, so its period k starts within days of k months after creation.
 */
export function periodIndexOf(createdAt: Date, periodStart: Date): number {
  const HALF_MONTH_MS = 14 * 24 * 3600 * 1000;
  let index = 0;
  while (addMonthsUtc(createdAt, index + 1).getTime() <= periodStart.getTime() + HALF_MONTH_MS) {
    index += 1;
  }
  return index;
}

/**
 * The booking id of visit `visitIndex` of period `periodIndex`: the plan's own id for the very
 * first, otherwise derived from it. Derived, so a renewal applied twice names the same bookings
 * (and their places) instead of making new ones; from a secret 128-bit id, so as unguessable.
 */
export function visitBookingId(subscriptionId: string, periodIndex: number, visitIndex: number) {
  if (periodIndex === 0 && visitIndex === 0) return subscriptionId;
  return createHash('sha256')
    .update(`${subscriptionId}|${String(periodIndex)}|${String(visitIndex)}`)
    .digest('hex')
    .slice(0, 32);
}
