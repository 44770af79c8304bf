import type { ManagedBookingView } from '../booking/booking-schema';
import type { BookingStatus } from '../booking/booking-status';
import type { TimeWindowId } from '../booking/catalogue';
import type { PlanStanding } from '../subscription/plan-standing';

/**
 * What the operators' API answers and the site's admin area reads. One definition for both sides:
 * the routes build these, the pages render them.
 */

/** A booking as an operator sees it: every contact detail, the photo and the moves it may make. */
export interface AdminBookingView extends ManagedBookingView {
  /** A short-lived signed address of the customer's photo (an <img> can load it), or null. */
  photoUrl: string | null;
  /** The statuses an operator may move the booking to from here (BookingLifecycle). */
  allowedStatuses: BookingStatus[];
  /** The crew going to the visit (an id of the week's `crews`), or null when none is assigned. */
  crewId: string | null;
  /** The customer's words about the job (an estimate's project); '' when none. */
  details: string;
}

/**
 * `GET /api/admin/bookings?date=YYYY-MM-DD&status=<status>&q=<search>&sort=<sort>&after=<place>`
 * (or `&before=<place>`): a page read by key, with the places of the pages on either side.
 */
export interface AdminBookingList {
  bookings: AdminBookingView[];
  /** How many the date and status filters find, counted on an index; null for a search. */
  total: number | null;
  pageSize: number;
  /** The place after the last row (older), sent back as `after`; null on the last page. */
  next: string | null;
  /** The place before the first row (newer), sent back as `before`; null on the first page. */
  previous: string | null;
}

/** `GET /api/admin/contact-messages?after=<place>` (or `before`), newest first, read by key. */
export interface AdminContactMessageView {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  createdAt: string;
}

/**
 * Where a newest-first list read by key stands: its count and the places of the pages on either
 * side, to send back as `after` (older) and `before` (newer).
 */
export interface KeyedPage {
  /** How many the filter finds, counted on an index (or the collection's own count). */
  total: number;
  pageSize: number;
  /** The place after the last row (older), sent back as `after`; null on the last page. */
  next: string | null;
  /** The place before the first row (newer), sent back as `before`; null on the first page. */
  previous: string | null;
}

export interface AdminContactMessageList extends KeyedPage {
  messages: AdminContactMessageView[];
}

/** `GET /api/admin/subscribers?status=pending|confirmed|unsubscribed&after=<place>`, newest first. */
export interface AdminSubscriberView {
  id: string;
  email: string;
  status: string;
  createdAt: string;
  confirmedAt: string | null;
}

export interface AdminSubscriberList extends KeyedPage {
  subscribers: AdminSubscriberView[];
  /** How many subscribers are in each status, whatever the filter. */
  counts: Record<string, number>;
}

export const ADMIN_PAGE_SIZE = 50;

/** A Monthly Visit plan as an operator sees it: who, where it stands, what comes next. */
export interface AdminPlanView {
  id: string;
  reference: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  service: string;
  /** 'incomplete' until the first month is paid, then 'active', 'past_due' or 'ended'. */
  status: 'incomplete' | 'active' | 'past_due' | 'ended';
  /** CAD cents a month. */
  amountCents: number;
  /** When the next invoice is due (after a paused month); null once the plan ends or ended. */
  nextRenewal: string | null;
  cancelAtPeriodEnd: boolean;
  /** Where the plan stands, as its customer's page says it (a paused month included). */
  standing: PlanStanding;
  /** The visits from today on, by date (at most eight). */
  upcomingVisits: { id: string; date: string; time: string; status: BookingStatus }[];
  /** The weeks of paid visits no window could take, for an operator to arrange. */
  unplacedWeeks: string[];
  /** Every failed payment, oldest first. */
  failedPayments: { at: string; periodStart: string; attempt: number; final: boolean }[];
  endedAt: string | null;
  createdAt: string;
}

/** `GET /api/admin/plans?status=<status>&after=<place>` (or `before`), newest first. */
export interface AdminPlanList extends KeyedPage {
  plans: AdminPlanView[];
  /** True when the local test provider bills: an operator may make the next renewal happen now. */
  canRenewNow: boolean;
}

/** A crew that goes out each window: one visit per crew per window. */
export interface Crew {
  id: string;
  name: string;
}

/** What kind of visit a booking is, as the schedule board marks it. */
export type ScheduleVisitKind = 'one-time' | 'plan' | 'estimate';

export interface AdminScheduleVisit {
  kind: ScheduleVisitKind;
  booking: AdminBookingView;
}

/** One time window of one day: the places used of its capacity, and the visits in it. */
export interface AdminScheduleWindow {
  time: TimeWindowId;
  label: string;
  /** Places held (paid visits, and unpaid ones while their hold lasts). */
  used: number;
  capacity: number;
  visits: AdminScheduleVisit[];
}

export interface AdminScheduleDay {
  date: string;
  windows: AdminScheduleWindow[];
  /** Estimate requests preferring this day: site visits to schedule, holding no place. */
  estimates: AdminScheduleVisit[];
  /** Set when the business is closed that day (the business calendar): why. */
  closedReason?: string;
}

/** `GET /api/admin/schedule?week=YYYY-MM-DD`: the Monday-to-Sunday week holding that day. */
export interface AdminScheduleWeek {
  from: string;
  to: string;
  capacity: number;
  /** The crews, in the order the board lists them; their number is the capacity. */
  crews: Crew[];
  days: AdminScheduleDay[];
}

/** An operator's closure of one or more days (the business calendar). */
export interface AdminClosureView {
  id: string;
  from: string;
  to: string;
  reason: string;
  createdAt: string;
}

/**
 * `GET /api/admin/closures`: the closures not yet over, soonest first, and the public (and
 * configured optional) holidays of the next twelve months, observed days included.
 */
export interface AdminClosureList {
  closures: AdminClosureView[];
  holidays: { date: string; name: string }[];
}

/**
 * `POST /api/admin/closures/preview`: what closing these days would touch, before anything
 * changes. `visits` are the visits still ahead on those days: a plan's visit moves by the plan's
 * rule (the nearest open day of its week), any other is emailed to move or cancel with a full
 * refund; an estimate request only preferred the day and holds nothing.
 */
export interface AdminClosurePreview {
  from: string;
  to: string;
  reason: string;
  /** Each day of the range, and why it is closed already (a holiday, a closure), or null. */
  days: { date: string; closedAlready: string | null }[];
  visits: AdminScheduleVisit[];
}

/** `POST /api/admin/closures`: the closure made, and what happened to its days' visits. */
export interface AdminClosureResult {
  closure: AdminClosureView;
  /** Plan visits moved to an open day of their week. */
  moved: number;
  /** Customers emailed to choose: move to the day offered, or cancel with a full refund. */
  asked: number;
  /**
   * Plan visits no open day of their week had room for: the operators arrange them (their
   * customers are emailed to choose another day too, and are not counted in `asked`).
   */
  unplaced: number;
  message: string;
}
