import type { ManagedBookingView } from '@hs/api/domain/booking/booking-schema';
import { PaymentMessages } from '@hs/api/domain/payment/payment-messages';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchManagedBooking } from '../../api/bookings-api';
import { useBookingLink } from '../../api/use-booking-link';
import { useDocumentTitle } from '../../app/use-document-title';
import { BookingSummary } from '../../components/booking/BookingSummary';
import { Notice } from '../../components/Notice';
import { bookingPageContent as copy, screens } from '../../content/site-content';

const POLL_MS = 1_500;
/** After this the page stops asking; the confirmation email follows whenever the payment lands. */
const GIVE_UP_MS = 90_000;

type Stage = 'waiting' | 'paid' | 'failed' | 'slow' | 'invalid';

/**
 * Where the payment provider sends the customer back. The provider's event may reach us after
 * the customer does, so the page asks for the booking until it reads paid (or failed).
 */
export function BookingReturnPage() {
  useDocumentTitle(screens.bookingReturn.title);
  const link = useBookingLink();
  const [booking, setBooking] = useState<ManagedBookingView | null>(null);
  const [stage, setStage] = useState<Stage>(link ? 'waiting' : 'invalid');

  useEffect(() => {
    if (!link) return;
    const controller = new AbortController();
    const startedAt = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      fetchManagedBooking(link, controller.signal).then(
        (latest) => {
          setBooking(latest);
          if (latest.status === 'paid') setStage('paid');
          else if (latest.status === 'payment_failed') setStage('failed');
          else if (Date.now() - startedAt > GIVE_UP_MS) setStage('slow');
          else timer = setTimeout(check, POLL_MS);
        },
        () => {
          if (controller.signal.aborted) return;
          if (Date.now() - startedAt > GIVE_UP_MS) setStage('slow');
          else timer = setTimeout(check, POLL_MS);
        },
      );
    };
    check();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
    // The link is read once from the address; a new address is a new page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [link?.bookingId, link?.token]);

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
