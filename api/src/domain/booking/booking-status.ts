/**
 * A booking's states and how they read, for the API and the site alike. The moves between them
 * and what each does live in one place, the API's BookingLifecycle (bookings/lifecycle/).
 */
export const BOOKING_STATUSES = [
  'estimate_requested',
  // An estimate's site visit, at a time an operator picked: it holds a place like any visit.
  'estimate_scheduled',
  'pending_payment',
  'paid',
  'payment_failed',
  'cancelled',
  // A Monthly Visit plan's visit its customer called off: the plan goes on, nothing is refunded.
  'skipped',
  'refunded',
  // How a visit ended, marked by an operator from the visit's day on.
  'done',
  'no_show',
] as const;

export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** How a status reads to a person, in emails and on the site. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  estimate_requested: 'Estimate requested',
  estimate_scheduled: 'Site visit booked',
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  payment_failed: 'Payment failed',
  cancelled: 'Cancelled',
  skipped: 'Skipped',
  refunded: 'Refunded',
  done: 'Done',
  no_show: 'No-show',
};

/** States in which nobody goes to the booking's address any more. */
export const CALLED_OFF: readonly BookingStatus[] = ['cancelled', 'skipped', 'refunded'];

/** States in which a visit is still to be made: what closing its day affects. */
export const VISIT_AHEAD: readonly BookingStatus[] = [
  'estimate_requested',
  'estimate_scheduled',
  'pending_payment',
  'paid',
  'payment_failed',
];

/** States in which a booking still waits for its money. */
export const AWAITING_PAYMENT: readonly BookingStatus[] = ['pending_payment', 'payment_failed'];
