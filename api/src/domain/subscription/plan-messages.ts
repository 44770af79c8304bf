import { longDate } from '../calendar/toronto-date';
import type { PlanStanding } from './plan-standing';

/**
 * What the Monthly Visit plan's customer and operators are told, shared by the API and the site
 * (browser-safe): one wording for each rule.
 */
export const PlanMessages = {
  notFound: 'We could not find that plan.',
  notStarted: 'This plan has not started yet: its first month is not paid.',
  ended: 'This plan has ended.',
  /** Said before the customer confirms a cancel. */
  cancelNotice: (periodEnd: string) =>
    `Cancelling stops the plan at the end of the current month, on ${longDate(periodEnd)}. This month is not refunded, and its visits stay booked.`,
  cancelScheduled: (periodEnd: string) =>
    `Your plan will end on ${longDate(periodEnd)}. This month's visits stay booked; this month is not refunded.`,
  alreadyEnding: 'Your plan already ends at the end of this month.',
  /** Resume refused: there is no ending and no paused month to undo. */
  nothingToResume: 'Your plan is not set to end and no month of it is paused: it renews as usual.',
  /** Resume refused: the paused month has begun, so it is no longer a month to come. */
  pauseBegun: 'The paused month has already begun: your plan renews again at its end.',
  renews: (renewsOn: string) =>
    `Your plan renews on ${longDate(renewsOn)}, and every month after that.`,
  paused: (from: string, until: string) =>
    `Your plan is paused for the month from ${longDate(from)}: no payment and no visits then. It renews again on ${longDate(until)}.`,
  pastDue: 'Your last payment did not go through: please update your card.',
  endedOn: (ended: string) => `Your plan ended on ${longDate(ended)}.`,
  /** How each standing (plan-standing.ts) reads in a status row. */
  standingLabels: {
    incomplete: 'Waiting for the first payment',
    active: 'Active',
    paused: 'Active, next month paused',
    pausedNow: 'Paused this month',
    ending: 'Active until the end of this month',
    past_due: 'Payment overdue',
    ended: 'Ended',
  },
  /** The paused month, named where the plan's renewal is (the plan's page, the emails). */
  pausedMonth: (from: string) => `The month from ${longDate(from)}: no payment, no visits`,
  /** The operators' list: `from` as their table writes dates. */
  pausedFromShort: (from: string) => `Next month paused (from ${from})`,
  /** Said before a cancel is confirmed when a month is paused: the ending wins. */
  cancelDropsPause: 'Your paused month goes too: the plan ends before it.',
  /**
   * After a skip, what comes next: `nextVisit` is the next visit still booked ('Monday,
   * December 21, 2026, Morning (8am-12pm)'), or null when none is before the renewal or the end.
   */
  whatComesNext: (
    standing: Pick<PlanStanding, 'kind' | 'renewsOn' | 'endsOn'>,
    nextVisit: string | null,
  ) => {
    const { kind, renewsOn, endsOn } = standing;
    if ((kind === 'ending' || kind === 'ended') && endsOn !== null) {
      const end =
        kind === 'ending'
          ? `Your plan ends on ${longDate(endsOn)}, as you asked`
          : `Your plan ended on ${longDate(endsOn)}`;
      return nextVisit === null
        ? `${end}: no visit is left.`
        : `Your next visit is ${nextVisit}. ${end}.`;
    }
    if (nextVisit !== null) return `Your plan goes on: your next visit is ${nextVisit}.`;
    return renewsOn === null
      ? 'Your plan goes on.'
      : `Your plan goes on: it renews on ${longDate(renewsOn)}, and that month's visits are booked then.`;
  },
  /** The manage page's answer to a skip: a skipped visit is not a cancelled booking. */
  visitSkipped: (goesOn: string) => `This visit is skipped. ${goesOn}`,
  cannotSkip: 'This visit can no longer be skipped.',
  /** The answer to calling off a visit of a plan never paid: the whole plan goes. */
  cancelledUnpaid:
    'Your plan is cancelled. It was not paid yet, so all its visits are called off and nothing is charged.',
  alreadyPaused: 'The next month of your plan is already paused.',
  pauseWhileEnding: 'Your plan ends at the end of this month: there is no next month to pause.',
  /** A plan visit moves within its own month: the month is paid for as a whole. */
  moveWithinPeriod: (first: string, last: string) =>
    `A visit of your plan can move within its month: from ${longDate(first)} to ${longDate(last)}.`,
  noCardOnFile: 'This plan has no card on file yet.',
  cancelledByOperator: 'The plan is cancelled. Its visits still to come are called off.',
  memberLinkSent:
    'If a Monthly Visit plan is active for this address, we have emailed it a link for 10% off other services.',
  renewalOnlyInTestMode: 'Renewing now is only for the local test provider.',
} as const;
