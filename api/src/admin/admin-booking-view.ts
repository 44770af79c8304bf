import type { BookingDocument } from '../bookings/booking-model';
import { managedBookingView } from '../bookings/booking-view';
import type { AdminBookingView } from '../domain/admin/admin-views';
import type { AdminBookingMoves } from './admin-booking-moves';
import type { BookingPhotoLinks } from './booking-photo-links';

/** A booking as an operator sees it: the customer's view, the photo's address and the moves. */
export function adminBookingView(
  booking: BookingDocument,
  photos: BookingPhotoLinks,
  moves: AdminBookingMoves,
): AdminBookingView {
  const bookingId = booking.id as string;
  return {
    ...managedBookingView(booking),
    photoUrl: booking.imageKey ? photos.url(bookingId) : null,
    allowedStatuses: moves.allowed(booking),
  };
}
