/**
 * A booking's states and the only moves between them. Every change of status, from a request, a
 * payment event or a timer, goes through `canMove`; anything else is refused.
 */
export const BOOKING_STATUSES = [
  'estimate_requested',
  'pending_payment',
  'paid',
  'payment_failed',
  'cancelled',
  'refunded',
] as const;

export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** How a status reads to a person, in emails and on the site. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  estimate_requested: 'Estimate requested',
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  payment_failed: 'Payment failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

const TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  estimate_requested: ['cancelled'],
  // A declined card can be tried again; the customer or the payment timer can give the place up.
  pending_payment: ['paid', 'payment_failed', 'cancelled'],
  payment_failed: ['paid', 'pending_payment', 'cancelled'],
  // A paid booking is never demoted by a late failure event: only a cancel or a refund moves it.
  paid: ['cancelled', 'refunded'],
  // A paid booking cancelled in time is refunded once the provider confirms it.
  cancelled: ['refunded'],
  refunded: [],
};

export function canMove(from: BookingStatus, to: BookingStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Every status from which `to` may be reached: the filter of a conditional update. */
export function statusesThatMoveTo(to: BookingStatus): BookingStatus[] {
  return BOOKING_STATUSES.filter((from) => canMove(from, to));
}

/** States in which a booking holds one of its window's places. */
export const HOLDS_A_PLACE: readonly BookingStatus[] = [
  'pending_payment',
  'payment_failed',
  'paid',
];

/** States in which a booking still waits for its money. */
export const AWAITING_PAYMENT: readonly BookingStatus[] = ['pending_payment', 'payment_failed'];
