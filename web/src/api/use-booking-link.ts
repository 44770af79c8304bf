import { isBookingId } from '@hs/api/domain/booking/booking-id';
import { useSearchParams } from 'react-router-dom';
import { readAuthToken, useAuthState } from '../auth/auth-storage';
import type { BookingLink } from './bookings-api';

/** A link that carries its own proof: the token signed for its booking. */
export type SignedBookingLink = BookingLink & { token: string };

/** The signed link's booking id and token, as the emails and the checkout return put them. */
export function useBookingLink(): SignedBookingLink | null {
  const [params] = useSearchParams();
  const bookingId = params.get('booking') ?? '';
  const token = params.get('token') ?? '';
  return isBookingId(bookingId) && token ? { bookingId, token } : null;
}

/**
 * The manage page's booking and its proof: the signed link's token, or, for an address without
 * one (the dashboard links a plan so), the signed-in owner's login.
 */
export function useManageLink(): BookingLink | null {
  const signed = useBookingLink();
  const [params] = useSearchParams();
  const { signedIn } = useAuthState();
  if (signed) return signed;
  const bookingId = params.get('booking') ?? '';
  const login = signedIn ? readAuthToken() : null;
  return isBookingId(bookingId) && !params.get('token') && login
    ? { bookingId, token: null, login }
    : null;
}
