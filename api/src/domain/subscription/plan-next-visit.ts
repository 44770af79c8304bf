import type { BookingStatus } from '../booking/booking-status';
import { longDate, todayInToronto } from '../calendar/toronto-date';
import { PlanMessages } from './plan-messages';
import type { MonthlyPlanView } from './plan-standing';

/**
 * What a plan's customer is told comes next after skipping a visit: read from the plan's view
 * alone, so the manage page's answer (bookings/) and the skip email (subscriptions/) say the same.
 */

/** Visits that still take place: booked, paid or waiting for their month's money. */
const STILL_ON: readonly BookingStatus[] = ['pending_payment', 'payment_failed', 'paid'];

/** The next visit of the plan from `today` on, as a sentence names it; null when none is booked. */
export function nextVisitOf(plan: MonthlyPlanView, today: string): string | null {
  const next = plan.visits.find((visit) => visit.date >= today && STILL_ON.includes(visit.status));
  return next ? `${longDate(next.date)}, ${next.timeLabel}` : null;
}

/** After a skip: the plan goes on, and what comes next (the manage page's answer, the email's). */
export function whatComesNext(plan: MonthlyPlanView, today: string): string {
  return PlanMessages.whatComesNext(plan.standing, nextVisitOf(plan, today));
}

/** The manage page's answer to a skipped visit. */
export function skippedVisitMessage(plan: MonthlyPlanView, today = todayInToronto()): string {
  return PlanMessages.visitSkipped(whatComesNext(plan, today));
}
