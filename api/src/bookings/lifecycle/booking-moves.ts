import type { BookingStatus } from '../../domain/booking/booking-status';
import { todayInToronto } from '../../domain/calendar/toronto-date';

/**
 * Every way a booking's status moves, and what each move does besides: the table BookingLifecycle
 * runs. A pair of event and status with no entry is refused, so a move nobody wrote down cannot
 * happen; a new kind of booking adds its events here first.
 */

/** What can happen to a booking once it is made; each is a method of BookingLifecycle. */
export const BOOKING_EVENTS = [
  // The payment provider's events, applied by the workers.
  'paymentSucceeded',
  'paymentFailed',
  'refundConfirmed',
  // The payment timer.
  'holdExpired',
  // A Monthly Visit plan's period, paid or given up (the subscription's lifecycle).
  'visitPaid',
  'visitReleased',
  // The customer, through the manage link or their account. A plan's visit is skipped, never
  // cancelled: the plan goes on (customerCallOff says which a booking gets).
  'cancelledByCustomer',
  'skippedByCustomer',
  'rescheduled',
  // An operator, through the admin console.
  'cancelledByOperator',
  'markedPaidByOperator',
  'markedPaymentFailedByOperator',
  'markedAwaitingPaymentByOperator',
  'refundRequested',
  // An operator's day: an estimate's site visit booked, a visit's end recorded.
  'siteVisitScheduled',
  'markedDoneByOperator',
  'markedNoShowByOperator',
] as const;

export type BookingEvent = (typeof BOOKING_EVENTS)[number];

/** What a move does besides changing the status, in the order the move does it. */
export type BookingEffect =
  /** Takes a place in the booking's (new) window before the booking points at it. */
  | 'takePlace'
  /** Gives the place of the window it held back, so it is on sale again. */
  | 'givePlaceBack'
  /** Sets the unpaid hold's end and limit, and the payment timer that ends it. */
  | 'startHold'
  /**
   * "Complete your booking" (Pay now, Cancel), due a while after booking unless paid by then;
   * sent at once when the customer leaves payment (BookingService.paymentLeft).
   */
  | 'paymentReminder'
  /** Clears the unpaid hold: the payment timer finds nothing to give back. */
  | 'endHold'
  /** Tells the business of the new booking. */
  | 'notifyBusiness'
  /** Tells the customer their estimate request arrived. */
  | 'acknowledgeEstimate'
  /** The confirmation, and the reminder the day before. */
  | 'visitEmails'
  /** The reminder the day before alone: a plan's visits are confirmed by one email per period. */
  | 'visitReminder'
  /** The notice of the new date, and the reminder of the new visit. */
  | 'rescheduledEmails'
  /**
   * Tells the customer the visit is off (with the calendar file that removes it), and whether
   * their money comes back; a skipped plan visit's email says the plan goes on instead. Also
   * queued by a refund that follows the cancel: the email is written from the booking as it is
   * when sent, once for "no refund" and once for the refund at most.
   */
  | 'cancelledEmail'
  /** Asks the payment provider for the money back (a job: the provider may be slow). */
  | 'askRefund'
  /** As askRefund, when the refund policy says the customer's cancel is in time. */
  | 'askRefundIfDue'
  /** A paid visit that moves keeps the earliest refund cutoff it ever had. */
  | 'keepEarliestRefundCutoff'
  /** Tells the customer when the estimate's site visit is. */
  | 'siteVisitEmail'
  /** The thank-you with a review link, the morning after a visit was done. */
  | 'reviewRequest'
  /** A visit of a quote's job was done: its quote may now bill the balance (nothing otherwise). */
  | 'jobVisitDone';

export interface BookingMove {
  /** The status after the event; the status it had means the booking stays where it is. */
  readonly to: BookingStatus;
  readonly effects: readonly BookingEffect[];
}

const move = (to: BookingStatus, ...effects: BookingEffect[]): BookingMove => ({ to, effects });

/** Where a new booking starts: a paid plan holds a place while it waits for its money. */
export const OPENINGS = {
  estimate: move('estimate_requested', 'notifyBusiness', 'acknowledgeEstimate'),
  paid: move('pending_payment', 'takePlace', 'notifyBusiness', 'startHold', 'paymentReminder'),
  /**
   * A visit of a Monthly Visit plan waits for its period's invoice with a place held; the
   * business hears of the plan once, from the subscription, not of each visit.
   */
  visit: move('pending_payment', 'takePlace', 'startHold'),
  /**
   * A visit of the job a quote became, booked by an operator in a window of the board: it holds
   * a place and waits for no payment (the quote's deposit and balance pay for the job), as an
   * estimate's site visit does, and the customer hears of it with a calendar file.
   */
  jobVisit: move('estimate_scheduled', 'takePlace', 'siteVisitEmail'),
} as const;

const cancel = move('cancelled', 'givePlaceBack', 'cancelledEmail');
const paid = move('paid', 'endHold', 'visitEmails');
/** An unpaid booking moved to another window holds a place there instead. */
const movePlace = (status: BookingStatus) => move(status, 'takePlace', 'givePlaceBack');

export const BOOKING_MOVES: Record<BookingEvent, Partial<Record<BookingStatus, BookingMove>>> = {
  paymentSucceeded: {
    pending_payment: paid,
    payment_failed: paid,
    // The same payment again: the emails' ids make a repeat queue nothing, and a crash between
    // the move and the queueing is made good.
    paid: move('paid', 'visitEmails'),
    // Paid after the hold ran out or the cancel, which crossed the payment: the money goes
    // back, and the customer hears so (an email sent before may have said no refund was due).
    cancelled: move('cancelled', 'askRefund', 'cancelledEmail'),
  },
  visitPaid: {
    pending_payment: move('paid', 'endHold', 'visitReminder'),
    payment_failed: move('paid', 'endHold', 'visitReminder'),
    paid: move('paid', 'visitReminder'),
    // Its grace ran out before the money came: it is restored if its place is still free (the
    // lifecycle admits only a visit given up unpaid, never one the customer skipped).
    cancelled: move('paid', 'takePlace', 'endHold', 'visitReminder'),
  },
  // The plan ended or an operator cancelled it: its visits still to come are called off.
  visitReleased: {
    pending_payment: move('cancelled', 'givePlaceBack', 'endHold'),
    payment_failed: move('cancelled', 'givePlaceBack', 'endHold'),
    paid: move('cancelled', 'givePlaceBack'),
    cancelled: move('cancelled', 'givePlaceBack'),
  },
  // A paid booking is never demoted by a late failure event.
  paymentFailed: {
    pending_payment: move('payment_failed'),
  },
  refundConfirmed: {
    // Refunded at the provider after the visit (a complaint, goodwill): nothing else to undo.
    done: move('refunded'),
    no_show: move('refunded'),
    // Refunded at the provider (its dashboard): nothing here gave the place up or told anyone.
    paid: move('refunded', 'givePlaceBack', 'cancelledEmail'),
    // A booking that ends refunded says so, whoever asked: a refund asked for here was told
    // already (the same email, sent once), one made at the provider's dashboard is told now.
    cancelled: move('refunded', 'cancelledEmail'),
    // A repeat finishes what a crash cut short, if the refund came straight from paid.
    refunded: move('refunded', 'givePlaceBack', 'cancelledEmail'),
    skipped: move('refunded'),
  },
  holdExpired: {
    pending_payment: move('cancelled', 'givePlaceBack'),
    payment_failed: move('cancelled', 'givePlaceBack'),
    // A retry after a crash between the cancel and the giving back.
    cancelled: move('cancelled', 'givePlaceBack'),
    refunded: move('refunded', 'givePlaceBack'),
    skipped: move('skipped', 'givePlaceBack'),
  },
  cancelledByCustomer: {
    estimate_requested: cancel,
    estimate_scheduled: cancel,
    pending_payment: cancel,
    payment_failed: cancel,
    paid: move('cancelled', 'givePlaceBack', 'cancelledEmail', 'askRefundIfDue'),
  },
  // Never refunded (the month is paid as a whole) and never restored by a later payment.
  skippedByCustomer: {
    pending_payment: move('skipped', 'givePlaceBack', 'cancelledEmail'),
    payment_failed: move('skipped', 'givePlaceBack', 'cancelledEmail'),
    paid: move('skipped', 'givePlaceBack', 'cancelledEmail'),
  },
  // A move of date keeps the status; the history records it.
  rescheduled: {
    estimate_requested: move('estimate_requested'),
    estimate_scheduled: move('estimate_scheduled', 'takePlace', 'givePlaceBack', 'siteVisitEmail'),
    pending_payment: movePlace('pending_payment'),
    payment_failed: movePlace('payment_failed'),
    paid: move(
      'paid',
      'takePlace',
      'keepEarliestRefundCutoff',
      'givePlaceBack',
      'rescheduledEmails',
    ),
    // Nobody was home: the visit paid for is made on another day, as any paid visit's move.
    no_show: move(
      'paid',
      'takePlace',
      'keepEarliestRefundCutoff',
      'givePlaceBack',
      'rescheduledEmails',
    ),
  },
  cancelledByOperator: {
    estimate_requested: cancel,
    estimate_scheduled: cancel,
    pending_payment: cancel,
    payment_failed: cancel,
    paid: cancel,
  },
  markedPaidByOperator: {
    pending_payment: paid,
    payment_failed: paid,
  },
  markedPaymentFailedByOperator: {
    pending_payment: move('payment_failed'),
  },
  markedAwaitingPaymentByOperator: {
    payment_failed: move('pending_payment'),
  },
  // Only the provider gives money back: a paid visit is called off now and ends Refunded when
  // the provider confirms (refundConfirmed), as every other refund does.
  refundRequested: {
    paid: move('cancelled', 'givePlaceBack', 'askRefund', 'cancelledEmail'),
    // A cancel the customer was told brought no refund: the refund is news to them.
    cancelled: move('cancelled', 'askRefund', 'cancelledEmail'),
  },
  siteVisitScheduled: {
    estimate_requested: move('estimate_scheduled', 'takePlace', 'siteVisitEmail'),
  },
  // The place stays taken: the window was used. Only a paid visit asks for a review; an estimate's
  // site visit did no work to review.
  markedDoneByOperator: {
    paid: move('done', 'reviewRequest'),
    no_show: move('done', 'reviewRequest'),
    estimate_scheduled: move('done', 'jobVisitDone'),
  },
  markedNoShowByOperator: {
    paid: move('no_show'),
  },
};

/** The event an operator's choice of status stands for in the admin console. */
export const OPERATOR_EVENTS: Record<BookingStatus, BookingEvent | null> = {
  estimate_requested: null,
  // Booked with a date and window (BookingLifecycle.scheduledByOperator), not as a status alone.
  estimate_scheduled: null,
  pending_payment: 'markedAwaitingPaymentByOperator',
  paid: 'markedPaidByOperator',
  payment_failed: 'markedPaymentFailedByOperator',
  cancelled: 'cancelledByOperator',
  // Only the plan's customer skips a visit; an operator calls one off as a cancel.
  skipped: null,
  refunded: 'refundRequested',
  done: 'markedDoneByOperator',
  no_show: 'markedNoShowByOperator',
};

/** Events that record how a visit went: only from the visit's day on. */
export const VISIT_END_EVENTS: readonly BookingEvent[] = [
  'markedDoneByOperator',
  'markedNoShowByOperator',
];

/** What `event` does to a booking in `status`; undefined when it is refused. */
export function moveFor(event: BookingEvent, status: BookingStatus): BookingMove | undefined {
  return BOOKING_MOVES[event][status];
}

/** The state machine the table makes: whether any event moves a booking from `from` to `to`. */
export function canMove(from: BookingStatus, to: BookingStatus): boolean {
  return from !== to && BOOKING_EVENTS.some((event) => moveFor(event, from)?.to === to);
}

/**
 * How the customer calls a booking off: a Monthly Visit plan's visit is skipped. (A visit of a
 * plan never paid is not skipped alone: its whole plan ends first, SubscriptionLifecycle.withdrawn.)
 */
export function customerCallOff(booking: {
  subscriptionId?: string | null;
}): 'cancelledByCustomer' | 'skippedByCustomer' {
  return booking.subscriptionId ? 'skippedByCustomer' : 'cancelledByCustomer';
}

/** Whether the customer may still call the visit off or move it: an open booking, not yet past. */
export function customerMay(
  event: 'cancelledByCustomer' | 'rescheduled',
  booking: { status: BookingStatus; date: string; subscriptionId?: string | null },
  now: Date,
): boolean {
  const judged = event === 'cancelledByCustomer' ? customerCallOff(booking) : event;
  return moveFor(judged, booking.status) !== undefined && booking.date >= todayInToronto(now);
}
