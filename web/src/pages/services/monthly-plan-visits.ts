import {
  BookingMessages,
  formatPlanVisits,
  timeLabel,
} from '@hs/api/domain/booking/booking-schema';
import { longDate } from '@hs/api/domain/calendar/toronto-date';
import type {
  MonthlyPlanPreview,
  PlannedVisit,
  VisitSlot,
} from '@hs/api/domain/subscription/visit-schedule';
import { monthlyVisitsCopy as copy } from '../../content/services-content';
import type { VisitChoices } from './booking-draft';
import type { FieldErrors } from './booking-form-fields';

/** One visit as the form's `visits` field and the choice selects write it: '2026-12-08:morning'. */
export function slotValue(slot: VisitSlot): string {
  return formatPlanVisits([slot]);
}

/** What the visitor has to do about one visit of the plan. */
export type VisitRow =
  | { readonly kind: 'free'; readonly visit: PlannedVisit }
  /** The chosen date and window themselves: only another date or time above can fix it. */
  | { readonly kind: 'first-full'; readonly visit: PlannedVisit }
  /** Nothing left in its week: only another start date can fix it. */
  | { readonly kind: 'week-full'; readonly visit: PlannedVisit }
  | { readonly kind: 'choose'; readonly visit: PlannedVisit; readonly chosen: VisitSlot | null };

/**
 * The preview's visits with the visitor's choices. A choice counts only while the preview still
 * offers it: a window taken since, or a choice left from another plan, asks again.
 */
export function visitRows(preview: MonthlyPlanPreview, choices: VisitChoices): VisitRow[] {
  return preview.visits.map((visit, index) => {
    if (visit.available) return { kind: 'free', visit };
    if (index === 0) return { kind: 'first-full', visit };
    if (visit.alternatives.length === 0) return { kind: 'week-full', visit };
    const choice = choices[visit.date];
    const chosen = visit.alternatives.find((slot) => slotValue(slot) === choice) ?? null;
    return { kind: 'choose', visit, chosen };
  });
}

export type PlanVisitsCheck =
  | { readonly ok: true; readonly visits: string }
  | { readonly ok: false; readonly fields: FieldErrors };

/**
 * Whether the plan can be booked as the preview shows it, and the `visits` field that books it.
 * A full first visit or a full week is the date's or time's problem, so its error goes there.
 */
export function checkPlanVisits(
  preview: MonthlyPlanPreview,
  choices: VisitChoices,
): PlanVisitsCheck {
  const rows = visitRows(preview, choices);
  const fields: FieldErrors = {};
  const slots: VisitSlot[] = [];
  for (const row of rows) {
    const { visit } = row;
    if (row.kind === 'free') slots.push({ date: visit.date, time: visit.time });
    else if (row.kind === 'first-full') {
      fields.time ??= BookingMessages.windowFull(visit.date, timeLabel(visit.time));
    } else if (row.kind === 'week-full') fields.date ??= copy.weekFull(longDate(visit.date));
    else if (row.chosen === null) fields.visits ??= copy.chooseRequired;
    else slots.push(row.chosen);
  }
  return Object.keys(fields).length === 0
    ? { ok: true, visits: formatPlanVisits(slots) }
    : { ok: false, fields };
}
