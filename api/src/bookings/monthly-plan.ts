import { addDays } from '../domain/calendar/toronto-date';
import {
  anchorDayOf,
  firstPeriodVisits,
  nextPeriodStart,
  planVisits,
  scheduleRule,
  type MonthlyPlanPreview,
  type VisitSlot,
} from '../domain/subscription/visit-schedule';
import type { SlotLedger } from './slot-ledger';

/**
 * The first period of a Monthly Visit plan begun with `firstVisit`, against the places left now:
 * its four visits, which of them are free, and what each full one may move to within its week
 * (docs of the rule: domain/subscription/visit-schedule.ts). Read-only: nothing is held until the
 * booking is made, so the form asks again before paying.
 */
export async function previewMonthlyPlan(
  slots: Pick<SlotLedger, 'remaining'>,
  firstVisit: VisitSlot,
): Promise<MonthlyPlanPreview> {
  const renewsOn = nextPeriodStart(firstVisit.date, anchorDayOf(firstVisit.date));
  // A period is at most 31 days, within what one availability read may cover.
  const availability = await slots.remaining(firstVisit.date, addDays(renewsOn, -1));
  return {
    rule: scheduleRule(firstVisit),
    periodStart: firstVisit.date,
    renewsOn,
    visits: planVisits(firstPeriodVisits(firstVisit), availability, {
      earliest: firstVisit.date,
      periodEnd: renewsOn,
    }),
  };
}
