import type { BookingDocument } from '../bookings/booking-model';
import { managedBookingView } from '../bookings/booking-view';
import type { BookingLifecycle } from '../bookings/lifecycle/booking-lifecycle';
import type { AdminBookingView } from '../domain/admin/admin-views';
import type { BookingPhotoLinks } from './booking-photo-links';

/** A booking as an operator sees it: the customer's view, the photo's address and the moves. */
export function adminBookingView(
  booking: BookingDocument,
  photos: BookingPhotoLinks,
  lifecycle: Pick<BookingLifecycle, 'operatorTargets'>,
): AdminBookingView {
  const bookingId = booking.id as string;
  return {
    ...managedBookingView(booking),
    photoUrl: booking.imageKey ? photos.url(bookingId) : null,
    allowedStatuses: lifecycle.operatorTargets(booking),
    crewId: booking.crewId ?? null,
    details: booking.details,
  };
}
