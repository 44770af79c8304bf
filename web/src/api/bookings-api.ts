import type { Availability, ManagedBookingView } from '@hs/api/domain/booking/booking-schema';
import type { TimeWindowId } from '@hs/api/domain/booking/catalogue';
import { apiRequest } from './api-client';

/** The booking calls a customer makes from the signed link in their emails. */

export interface BookingLink {
  bookingId: string;
  token: string;
}

const bookingPath = ({ bookingId }: BookingLink, action = '') =>
  `/api/bookings/${encodeURIComponent(bookingId)}${action}`;

export async function fetchManagedBooking(
  link: BookingLink,
  signal?: AbortSignal,
): Promise<ManagedBookingView> {
  const query = new URLSearchParams({ token: link.token }).toString();
  const body = await apiRequest<{ booking: ManagedBookingView }>(
    `${bookingPath(link)}?${query}`,
    signal ? { signal } : {},
  );
  return body.booking;
}

export interface BookingChange {
  booking: ManagedBookingView;
  message: string;
}

export function cancelBooking(link: BookingLink): Promise<BookingChange> {
  return apiRequest<BookingChange>(bookingPath(link, '/cancel'), {
    method: 'POST',
    body: { token: link.token },
  });
}

export function rescheduleBooking(
  link: BookingLink,
  date: string,
  time: TimeWindowId,
): Promise<BookingChange> {
  return apiRequest<BookingChange>(bookingPath(link, '/reschedule'), {
    method: 'POST',
    body: { token: link.token, date, time },
  });
}

export function fetchAvailability(from: string, to: string): Promise<Availability> {
  const query = new URLSearchParams({ from, to }).toString();
  return apiRequest<Availability>(`/api/availability?${query}`);
}
