import { BOOKING_STATUS_LABELS, type BookingStatus } from '../domain/booking/booking-status';

const label = (status: BookingStatus) => BOOKING_STATUS_LABELS[status];

/** What the operators' API says when it refuses or does something, for the admin pages to show. */
export const AdminMessages = {
  cannotMove: (from: BookingStatus, to: BookingStatus, allowed: readonly BookingStatus[]) =>
    `A booking that is ${label(from)} cannot be moved to ${label(to)}. ` +
    (allowed.length > 0
      ? `From ${label(from)} it can move to: ${allowed.map(label).join(', ')}.`
      : `${label(from)} is final.`),
  noPaymentToRefund: 'This booking has no recorded card payment, so there is nothing to refund.',
  refundUnderway: 'A refund for this booking has already been requested.',
  refundRequested:
    'Refund requested from the payment provider. The booking shows Refunded once the provider confirms it.',
  moved: (to: BookingStatus) => `Booking moved to ${label(to)}.`,
  photoLinkInvalid: 'This photo link is invalid or has expired. Reload the bookings page.',
  photoNotFound: 'This booking has no photo.',
  photoUnavailable: 'The photo cannot be loaded right now. Please try again shortly.',
} as const;
