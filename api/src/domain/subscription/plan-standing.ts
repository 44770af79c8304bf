import type { BookingStatus } from '../booking/booking-status';
import type { TimeWindowId } from '../booking/catalogue';
import { PlanMessages } from './plan-messages';

/**
 * Where a Monthly Visit plan stands, said once: the server computes it (subscriptions/plan-view.ts)
 * and the plan's page, the dashboard, the emails and the operators' console all show this, so
 * none of them can say a renewal date or a paused month the others do not. Browser-safe.
 */

/** The plan's billing status, as the payment provider's events leave it. */
export type PlanBillingStatus = 'incomplete' | 'active' | 'past_due' | 'ended';

export const PLAN_STANDING_KINDS = [
  'incomplete',
  'active',
  // Active, with the coming month paused: no payment and no visits then.
  'paused',
  // Active until the end of this month, then no more.
  'ending',
  'past_due',
  'ended',
] as const;
export type PlanStandingKind = (typeof PLAN_STANDING_KINDS)[number];

export interface PlanStanding {
  kind: PlanStandingKind;
  /** How it reads in a status row: 'Active, next month paused'. */
  label: string;
  /**
   * The next renewal: the day the next month is paid for and its visits booked. After a paused
   * month when one is; null when the plan will not renew (ending, ended).
   */
  renewsOn: string | null;
  /** The first day of the coming month the customer paused, or null. */
  pausedFrom: string | null;
  /** The day the plan stops (ending) or stopped (ended); null while it renews. */
  endsOn: string | null;
  /** Where it stands in a sentence or two, as the emails and the change's answer say it. */
  summary: string;
  /**
   * What the customer may change now; the API refuses the rest with its reason. `keep` undoes an
   * ending and `resume` a paused month: both are `POST /api/plans/{id}/resume`.
   */
  changes: { cancel: boolean; keep: boolean; pause: boolean; resume: boolean };
}

/** What the standing is computed from: the plan's facts, its dates already worked out. */
export interface PlanStandingFacts {
  status: PlanBillingStatus;
  /** The first day of the month after the current one. */
  nextPeriodStart: string;
  /**
   * The month the customer paused, under way or to come: its first day, the first day of the
   * month after it (when billing resumes), and whether it has begun. Null when none is.
   */
  pausedMonth: { from: string; until: string; begun: boolean } | null;
  cancelAtPeriodEnd: boolean;
  /** The day an ended plan ended. */
  endedOn: string | null;
}

const NO_CHANGES = { cancel: false, keep: false, pause: false, resume: false };

/**
 * The one rule of what a plan's state means. An ending wins over a paused month: a plan that stops
 * at the end of this month has no next month to pause (the service drops such a pause when the
 * customer asks to stop, so both are never stored together; older records may still have both).
 */
export function planStanding(facts: PlanStandingFacts): PlanStanding {
  const { status, nextPeriodStart, pausedMonth, cancelAtPeriodEnd, endedOn } = facts;
  const labels = PlanMessages.standingLabels;
  if (status === 'ended') {
    const ended = endedOn ?? nextPeriodStart;
    return {
      kind: 'ended',
      label: labels.ended,
      renewsOn: null,
      pausedFrom: null,
      endsOn: ended,
      summary: PlanMessages.endedOn(ended),
      changes: NO_CHANGES,
    };
  }
  if (status === 'incomplete') {
    return {
      kind: 'incomplete',
      label: labels.incomplete,
      renewsOn: nextPeriodStart,
      pausedFrom: null,
      endsOn: null,
      summary: PlanMessages.notStarted,
      changes: NO_CHANGES,
    };
  }
  if (cancelAtPeriodEnd) {
    return {
      kind: 'ending',
      label: labels.ending,
      renewsOn: null,
      pausedFrom: null,
      endsOn: nextPeriodStart,
      summary: PlanMessages.cancelScheduled(nextPeriodStart),
      changes: { ...NO_CHANGES, keep: true },
    };
  }
  // A month paused under way, or the very next one, moves the renewal to the month after it.
  const pausesNext =
    pausedMonth !== null && (pausedMonth.begun || pausedMonth.from === nextPeriodStart);
  const renewsOn = pausesNext ? pausedMonth.until : nextPeriodStart;
  const pausedFrom = pausedMonth?.from ?? null;
  // Only a month still to come can be given back.
  const resumable = pausedMonth !== null && !pausedMonth.begun;
  if (status === 'past_due') {
    return {
      kind: 'past_due',
      label: labels.past_due,
      renewsOn,
      pausedFrom,
      endsOn: null,
      summary: PlanMessages.pastDue,
      changes: { ...NO_CHANGES, cancel: true, resume: resumable },
    };
  }
  if (pausedMonth) {
    return {
      kind: 'paused',
      label: pausedMonth.begun ? labels.pausedNow : labels.paused,
      renewsOn,
      pausedFrom,
      endsOn: null,
      summary: PlanMessages.paused(pausedMonth.from, pausedMonth.until),
      changes: { ...NO_CHANGES, cancel: true, resume: resumable },
    };
  }
  return {
    kind: 'active',
    label: labels.active,
    renewsOn,
    pausedFrom: null,
    endsOn: null,
    summary: PlanMessages.renews(renewsOn),
    changes: { ...NO_CHANGES, cancel: true, pause: true },
  };
}

/** One visit of a Monthly Visit plan, as its customer sees it. */
export interface PlanVisitView {
  id: string;
  date: string;
  time: TimeWindowId;
  timeLabel: string;
  status: BookingStatus;
}

/** A Monthly Visit plan as the booking answer, the manage page and the dashboard show it. */
export interface MonthlyPlanView {
  /** The plan's id (its first visit's booking id). */
  id: string;
  status: PlanBillingStatus;
  /** The rule every period follows, in words. */
  rule: string;
  /** CAD cents a month. */
  amountCents: number;
  /**
   * The current month: from `periodStart` up to the day before `nextPeriodStart`. A visit moves
   * within its own month, which is paid for as a whole.
   */
  periodStart: string;
  nextPeriodStart: string;
  /** Where the plan stands: its renewal, a paused month, its end. What every screen says. */
  standing: PlanStanding;
  /**
   * No month of it was ever paid: it is one unpaid hold, so calling off any of its visits cancels
   * the whole plan (a paid plan's visit is skipped instead).
   */
  neverPaid: boolean;
  /** The visits of the current period (and of the next one, once it is scheduled), by date. */
  visits: PlanVisitView[];
}
