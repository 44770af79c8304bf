/**
 * The words of the Closures tab (the business calendar). A module of its own, as reviews have,
 * because it reads the closure rules (zod) that the admin gate (AdminPage) must not download.
 */

import type { ScheduleVisitKind } from '@hs/api/domain/admin/admin-views';
import { CLOSURE_REASON_MAX } from '@hs/api/domain/calendar/closure-schema';

const plural = (count: number, one: string, many: string) =>
  `${String(count)} ${count === 1 ? one : many}`;

/** The business calendar: days an operator closes, and the holidays closed every year. */
export const closuresContent = {
  tab: 'Closures',
  heading: 'Closed days',
  intro:
    'Nobody can book a visit on Ontario’s public holidays or on a day closed here. Customers ' +
    'see the reason you give.',
  loading: 'Loading closed days…',

  formHeading: 'Close a day or a range of days',
  fromLabel: 'First day',
  toLabel: 'Last day (optional)',
  toHint: 'Leave it empty to close one day.',
  reasonLabel: 'Reason',
  reasonHint: `Customers read it as “Closed: Snowstorm”. One line, at most ${String(CLOSURE_REASON_MAX)} characters.`,
  check: 'Check visits',
  checking: 'Checking visits…',
  fixErrors: 'Please correct the fields marked below.',

  /** 'Tue, May 14, 2030' or 'Tue, May 14, 2030 to Thu, May 16, 2030'. */
  range: (from: string, to: string) => (from === to ? from : `${from} to ${to}`),
  previewHeading: (range: string) => `Before closing ${range}`,
  previewReason: (label: string) => `Customers will read “${label}”.`,
  alreadyClosedHeading: 'Closed already',
  alreadyClosed: (day: string, why: string) => `${day}: ${why}`,
  allClosedAlready: 'Every one of these days is closed already.',
  visitsFound: (count: number) =>
    count === 0
      ? 'No visits on these days: nobody needs to be told.'
      : `${plural(count, 'visit is', 'visits are')} booked on these days. Read what happens to each before you close them.`,
  planSummary: (count: number) =>
    `${plural(count, 'plan visit moves', 'plan visits move')} to the nearest open day of ${count === 1 ? 'its' : 'their'} week. With no room that week, ${count === 1 ? 'its customer is' : 'their customers are'} emailed to choose and you arrange ${count === 1 ? 'it' : 'them'}.`,
  askSummary: (count: number) =>
    `${plural(count, 'customer is', 'customers are')} emailed to move to the next open day or cancel with a full refund.`,
  requestSummary: (count: number) =>
    `${plural(count, 'estimate request only prefers', 'estimate requests only prefer')} these days: nothing is held and nobody is told.`,
  visitsCaption: 'Visits on these days, and what happens to each',
  visitColumns: {
    reference: 'Reference',
    customer: 'Customer',
    service: 'Service',
    date: 'Date',
    window: 'Window',
    kind: 'Kind',
    status: 'Status',
    outcome: 'What happens',
  },
  visitsEmpty: 'No visits on these days.',
  kinds: {
    'one-time': 'One-time',
    plan: 'Plan visit',
    estimate: 'Estimate',
  } satisfies Record<ScheduleVisitKind, string>,
  outcomes: {
    plan: 'Moves to the nearest open day of its week; the customer is told. With no room that week, the customer is emailed to choose and you arrange it.',
    paid: 'Emailed: move to the next open day, or cancel with a full refund.',
    unpaid: 'Emailed: move to the next open day, or cancel (nothing has been charged).',
    siteVisit: 'Emailed: move the site visit to the next open day, or cancel it.',
    request:
      'Only prefers this day and holds no place: nobody is told. Schedule its site visit on an open day.',
  },
  confirm: (days: number, customers: number) =>
    customers === 0
      ? `Close ${plural(days, 'day', 'days')}`
      : `Close ${plural(days, 'day', 'days')} and tell ${plural(customers, 'customer', 'customers')}`,
  closing: 'Closing…',
  changeDays: 'Change the days',

  resultHeading: 'Days closed',
  moved: (count: number) =>
    `${plural(count, 'plan visit', 'plan visits')} moved to an open day of ${count === 1 ? 'its' : 'their'} week.`,
  asked: (count: number) =>
    `${plural(count, 'customer', 'customers')} emailed to move to another day or cancel.`,
  unplaced: (count: number) =>
    count === 1
      ? '1 plan visit found no open day in its week. It stays on the closed day until you arrange it with the customer, who was emailed to choose another day or skip it.'
      : `${String(count)} plan visits found no open day in their week. They stay on the closed days until you arrange them with the customers, who were emailed to choose another day or skip them.`,
  openBoard: 'See these days on the schedule board',
  arrangeOnBoard: 'Arrange them on the schedule board',

  closuresHeading: 'Upcoming closures',
  caption: 'Closures set by operators, soonest first',
  empty: 'No days are closed by an operator.',
  columns: { days: 'Days', reason: 'Customers read', created: 'Set on', actions: 'Actions' },
  reopen: 'Reopen',
  reopenLabel: (range: string) => `Reopen ${range}`,
  confirmReopen: (range: string, reason: string) =>
    `Open ${range} (${reason}) again? Visits moved for it stay where they are.`,
  reopenYes: 'Yes, reopen',
  reopenNo: 'Keep it closed',
  reopening: 'Reopening…',
  /** A closure under way: its days are gone or going, so the API keeps it. */
  begun: 'Begun: cannot be reopened.',

  holidaysHeading: 'Holidays in the next 12 months',
  holidaysIntro: 'Closed every year, with the days they are observed on: nothing to set.',
  holidaysEmpty: 'No holidays in the next 12 months.',
} as const;
