/**
 * A booking's states and how they read, for the API and the site alike. The moves between them
 * and what each does live in one place, the API's BookingLifecycle (bookings/lifecycle/).
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

/** States in which a booking still waits for its money. */
export const AWAITING_PAYMENT: readonly BookingStatus[] = ['pending_payment', 'payment_failed'];
