import { BookingModel, type BookingDocument } from '../bookings/booking-model';
import { timeLabel, type MonthlyPlanView } from '../domain/booking/booking-schema';
import { addDays, todayInToronto } from '../domain/calendar/toronto-date';
import { scheduleRule } from '../domain/subscription/visit-schedule';
import { currentPeriodIndex, periodStartOf } from './plan-periods';
import { SubscriptionModel } from './subscription-model';

/**
 * The plan a visit belongs to, as its customer sees it: the rule, the current period (the latest
 * one begun by today, or the first before it begins) and its visits, with the next period's once
 * they are scheduled. Null for a booking that is no plan's visit.
 */
export async function planViewOf(
  booking: Pick<BookingDocument, 'subscriptionId'>,
  today = todayInToronto(),
): Promise<MonthlyPlanView | null> {
  if (!booking.subscriptionId) return null;
  const plan = await SubscriptionModel.findById(booking.subscriptionId);
  if (!plan) return null;
  const current = currentPeriodIndex(plan.anchorDate, today);
  const pausedAhead = plan.pausedPeriods.filter((period) => period > current).sort()[0];
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
    renewsOn: periodStartOf(plan.anchorDate, current + 1),
    cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
    pausedMonth: pausedAhead === undefined ? null : periodStartOf(plan.anchorDate, pausedAhead),
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
