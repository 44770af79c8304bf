import type { ManagedBookingView } from '@hs/api/domain/booking/booking-schema';
import { PaymentMessages } from '@hs/api/domain/payment/payment-messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchManagedBooking } from '../../api/bookings-api';
import { queryKeys } from '../../api/query-keys';
import { type SignedBookingLink, useBookingLink } from '../../api/use-booking-link';
import { useDocumentTitle } from '../../app/use-document-title';
import { BookingSummary } from '../../components/booking/BookingSummary';
import { Notice } from '../../components/Notice';
import { bookingPageContent as copy, screens } from '../../content/site-content';

const POLL_MS = 1_500;
/** After this the page stops asking; the confirmation email follows whenever the payment lands. */
const GIVE_UP_MS = 90_000;

type Stage = 'waiting' | 'paid' | 'failed' | 'slow' | 'invalid';

const settled = (booking: ManagedBookingView | null | undefined) =>
  booking?.status === 'paid' || booking?.status === 'payment_failed';

/** The booking as last read (null until it is), and whether the page stopped asking. */
interface Check {
  readonly booking: ManagedBookingView | null;
  readonly gaveUp: boolean;
}

/**
 * Asks for the booking every POLL_MS until it reads paid or failed, or GIVE_UP_MS have passed; a
 * failed question is asked again at the next tick, as the answer it waits for may still come.
 */
function useBookingUntilSettled(link: SignedBookingLink | null): Check | null {
  const [startedAt] = useState(() => Date.now());
  const past = (at: number) => at - startedAt > GIVE_UP_MS;
  const query = useQuery({
    queryKey: link === null ? ['booking', 'none'] : queryKeys.managedBooking(link),
    queryFn: ({ signal }) => {
      if (link === null) throw new Error('No booking link');
      return fetchManagedBooking(link, signal);
    },
    enabled: link !== null,
    retry: false,
    refetchInterval: ({ state }) =>
      settled(state.data) || past(Math.max(state.dataUpdatedAt, state.errorUpdatedAt))
        ? false
        : POLL_MS,
  });
  if (link === null) return null;
  const lastAnswer = Math.max(query.dataUpdatedAt, query.errorUpdatedAt);
  return {
    booking: query.data ?? null,
    gaveUp: !settled(query.data) && lastAnswer > 0 && past(lastAnswer),
  };
}

/**
 * Where the payment provider sends the customer back. The provider's event may reach us after
 * the customer does, so the page asks for the booking until it reads paid (or failed).
 */
export function BookingReturnPage() {
  useDocumentTitle(screens.bookingReturn.title);
  const link = useBookingLink();
  const check = useBookingUntilSettled(link);
  const booking = check?.booking ?? null;
  const stage: Stage =
    link === null
      ? 'invalid'
      : booking?.status === 'paid'
        ? 'paid'
        : booking?.status === 'payment_failed'
          ? 'failed'
          : check?.gaveUp
            ? 'slow'
            : 'waiting';

  const manageHref = link
    ? `/bookings/manage?${new URLSearchParams({ booking: link.bookingId, token: link.token }).toString()}`
    : null;

  return (
    <section className="screen booking-return" aria-labelledby="screen-title">
      <h1 id="screen-title">{screens.bookingReturn.title}</h1>
      {stage === 'invalid' ? <Notice tone="error">{copy.invalidLink}</Notice> : null}
      {stage === 'waiting' ? <Notice tone="info">{copy.waiting}</Notice> : null}
      {stage === 'slow' ? <Notice tone="info">{copy.stillWaiting}</Notice> : null}
      {stage === 'failed' ? <Notice tone="error">{PaymentMessages.failed}</Notice> : null}
      {stage === 'paid' && booking ? (
        <Notice tone="success">{PaymentMessages.confirmed(booking.service, booking.email)}</Notice>
      ) : null}
      {booking ? <BookingSummary booking={booking} /> : null}
      <p className="button-row">
        {manageHref ? <Link to={manageHref}>{copy.manageLink}</Link> : null}
        <Link to="/service/service1">{copy.servicesLink}</Link>
      </p>
    </section>
  );
}
