import { BookingModel, type BookingDocument } from '../bookings/booking-model';
import { timeLabel } from '../domain/booking/booking-schema';
import { addDays, todayInToronto, torontoDate } from '../domain/calendar/toronto-date';
import {
  planStanding,
  type MonthlyPlanView,
  type PlanStanding,
} from '../domain/subscription/plan-standing';
import { scheduleRule } from '../domain/subscription/visit-schedule';
import { currentPeriodIndex, periodStartOf } from './plan-periods';
import { SubscriptionModel, type Subscription } from './subscription-model';

type PlanFacts = Pick<
  Subscription,
  'status' | 'anchorDate' | 'paidPeriods' | 'pausedPeriods' | 'cancelAtPeriodEnd' | 'endedAt'
>;

/**
 * The paused periods not yet gone by: neither before today's period nor before a period already
 * paid for (billing has passed them, whatever the calendar says).
 */
function pausesToCome(
  plan: Pick<Subscription, 'anchorDate' | 'paidPeriods' | 'pausedPeriods'>,
  today: string,
): number[] {
  const current = currentPeriodIndex(plan.anchorDate, today);
  const lastPaid = Math.max(-1, ...plan.paidPeriods);
  return plan.pausedPeriods
    .filter((period) => period >= current && period > lastPaid)
    .sort((a, b) => a - b);
}

/**
 * A plan no month of which was ever paid: one unpaid hold, its visits kept or given up together
 * (SubscriptionLifecycle.withdrawn), never one by one.
 */
export function neverPaid(plan: Pick<Subscription, 'paidPeriods'>): boolean {
  return plan.paidPeriods.length === 0;
}

/**
 * Where the plan stands on `today`: the one computation behind the plan's page, the dashboard,
 * the emails and the console (domain/subscription/plan-standing.ts says what each state means).
 */
export function standingOf(plan: PlanFacts, today: string): PlanStanding {
  const current = currentPeriodIndex(plan.anchorDate, today);
  const [paused] = pausesToCome(plan, today);
  return planStanding({
    status: plan.status,
    nextPeriodStart: periodStartOf(plan.anchorDate, current + 1),
    pausedMonth:
      paused === undefined
        ? null
        : {
            from: periodStartOf(plan.anchorDate, paused),
            until: periodStartOf(plan.anchorDate, paused + 1),
            begun: paused === current,
          },
    cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
    endedOn: plan.endedAt ? torontoDate(plan.endedAt) : null,
  });
}

/** The paused periods that have not begun: the customer may still give them back. */
export function pausedAhead(
  plan: Pick<Subscription, 'anchorDate' | 'paidPeriods' | 'pausedPeriods'>,
  today: string,
): number[] {
  const current = currentPeriodIndex(plan.anchorDate, today);
  return pausesToCome(plan, today).filter((period) => period > current);
}

/** Whether the month under way is one the customer paused. */
export function pauseUnderWay(
  plan: Pick<Subscription, 'anchorDate' | 'paidPeriods' | 'pausedPeriods'>,
  today: string,
): boolean {
  return pausesToCome(plan, today).includes(currentPeriodIndex(plan.anchorDate, today));
}

/**
 * The plan a visit belongs to, as its customer sees it: the rule, the current period (the latest
 * one begun by today, or the first before it begins) and its visits, with the next period's once
 * they are scheduled, and where it stands. Null for a booking that is no plan's visit.
 */
export async function planViewOf(
  booking: Pick<BookingDocument, 'subscriptionId'>,
  today = todayInToronto(),
): Promise<MonthlyPlanView | null> {
  if (!booking.subscriptionId) return null;
  const plan = await SubscriptionModel.findById(booking.subscriptionId);
  if (!plan) return null;
  const current = currentPeriodIndex(plan.anchorDate, today);
  const visits = await BookingModel.find({
    subscriptionId: plan.id as string,
    periodIndex: { $in: [current, current + 1] },
  }).sort({ date: 1, time: 1 });
  return {
    id: plan.id as string,
    status: plan.status,
    rule: scheduleRule({ date: plan.anchorDate, time: plan.time }),
    amountCents: plan.amountCents,
    periodStart: periodStartOf(plan.anchorDate, current),
    nextPeriodStart: periodStartOf(plan.anchorDate, current + 1),
    standing: standingOf(plan, today),
    neverPaid: neverPaid(plan),
    visits: visits.map((visit) => ({
      id: visit.id as string,
      date: visit.date,
      time: visit.time,
      timeLabel: timeLabel(visit.time),
      status: visit.status,
    })),
  };
}

/** The first and last day of the plan's period a visit belongs to; null for no plan's visit. */
export async function periodBoundsOf(
  visit: Pick<BookingDocument, 'subscriptionId' | 'periodIndex'>,
): Promise<{ first: string; last: string } | null> {
  if (!visit.subscriptionId || visit.periodIndex === null || visit.periodIndex === undefined) {
    return null;
  }
  const plan = await SubscriptionModel.findById(visit.subscriptionId);
  if (!plan) return null;
  return {
    first: periodStartOf(plan.anchorDate, visit.periodIndex),
    last: addDays(periodStartOf(plan.anchorDate, visit.periodIndex + 1), -1),
  };
}
