import { longDate } from '../calendar/toronto-date';

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
  resumed: 'Your plan will keep renewing every month.',
  notEnding: 'Your plan is not set to end.',
  paused: (from: string, until: string) =>
    `Your plan is paused for the month from ${longDate(from)}: no payment and no visits then. It renews again on ${longDate(until)}.`,
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
