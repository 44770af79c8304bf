import type {
  Availability,
  ManagedBookingView,
  NewBookingAnswer,
} from '@hs/api/domain/booking/booking-schema';
import type { TimeWindowId } from '@hs/api/domain/booking/catalogue';
import type { MonthlyPlanPreview, VisitSlot } from '@hs/api/domain/subscription/visit-schedule';
import { apiRequest, type ApiRequestInit } from './api-client';
import { uploadForm } from './upload';

/** The booking calls a customer makes with the booking's token: the manage link's, or the booking answer's. */

export interface BookingLink {
  bookingId: string;
  /**
   * Proof of ownership: the link's token, or null when the owner's `login` proves it instead.
   * Without either the API answers as if the booking did not exist.
   */
  token: string | null;
  /** The signed-in owner's token (sent as a Bearer token): the proof of a link without one. */
  login?: string | null;
}

/** What proves the owner whatever the booking: a plan's token proves each of its visits too. */
export type OwnerProof = Pick<BookingLink, 'token' | 'login'>;

const bookingPath = ({ bookingId }: BookingLink, action = '') =>
  `/api/bookings/${encodeURIComponent(bookingId)}${action}`;

/** The link's token goes in the body (or query); only without one is the login sent. */
export function proofBody(proof: OwnerProof): { token?: string } {
  return proof.token === null ? {} : { token: proof.token };
}

export function proofLogin(proof: OwnerProof): Pick<ApiRequestInit, 'token'> {
  return proof.token === null ? { token: proof.login ?? null } : {};
}

export async function fetchManagedBooking(
  link: BookingLink,
  signal?: AbortSignal,
): Promise<ManagedBookingView> {
  const query = new URLSearchParams(proofBody(link)).toString();
  const body = await apiRequest<{ booking: ManagedBookingView }>(
    `${bookingPath(link)}${query === '' ? '' : `?${query}`}`,
    { ...proofLogin(link), ...(signal ? { signal } : {}) },
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
    ...proofLogin(link),
    body: proofBody(link),
  });
}

/**
 * The customer left payment without paying: the API sends the "Complete your booking" email now
 * (once). Nothing waits on it: a failure here changes nothing the customer sees.
 */
export function leavePayment(link: BookingLink): Promise<void> {
  const query = new URLSearchParams(proofBody(link)).toString();
  return apiRequest<unknown>(
    `${bookingPath(link, '/payment-left')}${query === '' ? '' : `?${query}`}`,
    {
      method: 'POST',
      ...proofLogin(link),
    },
  ).then(
    () => undefined,
    () => undefined,
  );
}

export function rescheduleBooking(
  link: BookingLink,
  date: string,
  time: TimeWindowId,
): Promise<BookingChange> {
  return apiRequest<BookingChange>(bookingPath(link, '/reschedule'), {
    method: 'POST',
    ...proofLogin(link),
    body: { ...proofBody(link), date, time },
  });
}

export function fetchAvailability(from: string, to: string): Promise<Availability> {
  const query = new URLSearchParams({ from, to }).toString();
  return apiRequest<Availability>(`/api/availability?${query}`);
}

/**
 * A Monthly Visit plan begun with `firstVisit`: its rule, renewal and four visits against the
 * places left now. The API holds nothing for it, so the booking is checked again when it is sent.
 */
export function fetchMonthlyPlan(
  firstVisit: VisitSlot,
  signal?: AbortSignal,
): Promise<MonthlyPlanPreview> {
  const query = new URLSearchParams({ date: firstVisit.date, time: firstVisit.time }).toString();
  return apiRequest<MonthlyPlanPreview>(`/api/monthly-plan?${query}`, signal ? { signal } : {});
}

export type NewBooking = NewBookingAnswer;

export interface CreateBookingOptions {
  /** One per filled-in form: a second click, or a retry after a lost answer, makes no second booking. */
  idempotencyKey: string;
  /** The signed-in customer's token, so the booking belongs to their account. */
  token?: string | null;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** POST /api/bookings with the form as multipart (the photo, if any, in its `image` field). */
export function createBooking(form: FormData, options: CreateBookingOptions): Promise<NewBooking> {
  return uploadForm<NewBooking>('/api/bookings', form, {
    token: options.token ?? null,
    headers: { 'Idempotency-Key': options.idempotencyKey },
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
