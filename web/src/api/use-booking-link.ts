import { isBookingId } from '@hs/api/domain/booking/booking-id';
import { useSearchParams } from 'react-router-dom';
import type { BookingLink } from './bookings-api';

/** The signed link's booking id and token, as the emails and the checkout return put them. */
export function useBookingLink(): BookingLink | null {
  const [params] = useSearchParams();
  const bookingId = params.get('booking') ?? '';
  const token = params.get('token') ?? '';
  return isBookingId(bookingId) && token ? { bookingId, token } : null;
}
