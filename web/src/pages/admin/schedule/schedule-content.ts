/**
 * The words of the schedule board. Beside the board rather than in admin-content.ts so that they
 * ride in the board's own chunk, which only an operator who opens the Schedule tab downloads (the
 * tab's own label is in admin-content.ts, with the console). Status names and time windows come
 * from the shared domain modules, never from here.
 */

import type { ScheduleVisitKind } from '@hs/api/domain/admin/admin-views';
import { closedLabel } from '@hs/api/domain/calendar/business-calendar';

export const scheduleContent = {
  heading: 'Schedule',
  loading: 'Loading the week…',

  weekNavLabel: 'Choose the week',
  week: (from: string, to: string) => `Week of ${from} to ${to}`,
  previousWeek: 'Previous week',
  thisWeek: 'This week',
  nextWeek: 'Next week',
  weekOfLabel: 'Week of',

  summaryCaption: 'Places used per window',
  summaryWindow: 'Window',
  toScheduleRow: 'Site visits to schedule',
  places: (used: number, capacity: number) =>
    `${String(used)} of ${String(capacity)} place${capacity === 1 ? '' : 's'}`,
  full: 'full',
  noVisits: 'No visits.',

  kinds: {
    'one-time': 'One-time',
    plan: 'Plan visit',
    estimate: 'Site visit',
  } satisfies Record<ScheduleVisitKind, string>,
  visitTitle: (reference: string, service: string) => `${reference}, ${service}`,
  fields: {
    customer: 'Customer',
    address: 'Address',
    phone: 'Phone',
    preferred: 'Preferred',
    /** The customer's words about the job, as the estimate form asks for them. */
    details: 'Project',
  },

  /** 'Crew for HS-1001' to a screen reader; the card already says which visit to the eye. */
  crewLabelStart: 'Crew',
  crewLabelEnd: (reference: string) => ` for ${reference}`,
  unassigned: 'Unassigned',
  busy: '(busy)',
  assign: 'Assign',
  assignLabel: (reference: string) => `Assign crew to ${reference}`,
  assigning: 'Assigning…',

  done: 'Done',
  doneLabel: (reference: string) => `Mark ${reference} done`,
  noShow: 'No-show',
  noShowLabel: (reference: string) => `Mark ${reference} as a no-show`,
  confirmNoShow: (reference: string) =>
    `Mark ${reference} as a no-show? The customer was not there to let the crew in.`,
  confirmNoShowYes: 'Yes, no-show',
  confirmNoShowNo: 'Go back',
  marking: 'Saving…',

  reschedule: 'Reschedule…',
  rescheduleLabel: (reference: string) => `Reschedule ${reference}`,
  rescheduleLegend: (reference: string) => `Move ${reference} to`,
  move: 'Move',
  moving: 'Moving…',
  scheduleSiteVisit: 'Schedule site visit…',
  scheduleSiteVisitLabel: (reference: string) => `Schedule site visit for ${reference}`,
  scheduleLegend: (reference: string) => `Site visit for ${reference}`,
  book: 'Book site visit',
  booking: 'Booking…',
  dateLabel: 'Date',
  windowLabel: 'Window',
  closeForm: 'Close',

  today: 'Today',
  /** A day of the business calendar's (a holiday, an operator's closure): 'Closed: Snowstorm'. */
  closed: closedLabel,
  closedNote:
    'Nothing can be booked or moved onto this day. Visits still on it wait for their customers’ ' +
    'answer, or for you to move them.',
  closedWindow: 'Closed: no new visits',
  closedCell: 'Closed',
  /** The day of a visit's move form is closed: the form says so and offers no move there. */
  closedDate: (label: string) => `${label}. Choose an open day.`,
  toSchedule: 'Site visits to schedule',
  toScheduleLabel: (day: string) => `Site visits to schedule, ${day}`,

  daySheet: 'Day sheet',
  daySheetLabel: (day: string) => `Day sheet for ${day}`,
  sheetHeading: (day: string) => `Day sheet, ${day}`,
  sheetCrewLabel: 'Crew',
  allCrews: 'All crews, one page each',
  print: 'Print',
  backToBoard: 'Back to the board',
  sheetTitle: (crew: string, day: string) => `${crew}: ${day}`,
  sheetCount: (count: number) =>
    count === 0 ? 'No visits.' : `${String(count)} visit${count === 1 ? '' : 's'}, in this order.`,
  sheetVisitsLabel: (crew: string) => `Visits of ${crew}, in visiting order`,
  sheetFields: {
    customer: 'Customer',
    address: 'Address',
    phone: 'Phone',
    service: 'Service',
    plan: 'Plan',
    reference: 'Reference',
    status: 'Status',
    notes: 'Notes',
  },
  noSheets: 'No crew has a visit on this day.',
  /** Shown on screen only: a day sheet lists a crew's visits, so these would be on none. */
  withoutCrew: (count: number) =>
    `${String(count)} visit${count === 1 ? ' has' : 's have'} no crew yet and ${count === 1 ? 'is' : 'are'} on no sheet:`,
} as const;
