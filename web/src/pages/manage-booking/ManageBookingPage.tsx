import type { ManagedBookingView } from '@hs/api/domain/booking/booking-schema';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/api-client';
import { fetchManagedBooking, type BookingChange, type BookingLink } from '../../api/bookings-api';
import { useBookingLink } from '../../api/use-booking-link';
import { useDocumentTitle } from '../../app/use-document-title';
import { BookingSummary } from '../../components/booking/BookingSummary';
import { Notice } from '../../components/Notice';
import { bookingPageContent as copy, screens } from '../../content/site-content';
import { CancelBooking } from './CancelBooking';
import { RescheduleBooking } from './RescheduleBooking';

interface Message {
  tone: 'success' | 'error';
  text: string;
}

/**
 * /bookings/manage?booking=&token=: the page the signed link in every booking email opens. The
 * customer sees the booking and may move or cancel it without an account.
 */
export function ManageBookingPage() {
  useDocumentTitle(screens.manageBooking.title);
  const link = useBookingLink();
  const [booking, setBooking] = useState<ManagedBookingView | null>(null);
  const [message, setMessage] = useState<Message | null>(
    link ? null : { tone: 'error', text: copy.invalidLink },
  );

  useEffect(() => {
    if (!link) return;
    const controller = new AbortController();
    fetchManagedBooking(link, controller.signal).then(setBooking, (error: unknown) => {
      if (controller.signal.aborted) return;
      const text =
        // The API answers a wrong token as it answers an unknown booking: it says neither which.
        error instanceof ApiError && error.status === 404
          ? copy.invalidLink
          : error instanceof Error
            ? error.message
            : copy.invalidLink;
      setMessage({ tone: 'error', text });
    });
    return () => {
      controller.abort();
    };
    // The link is read once from the address; a new address is a new page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [link?.bookingId, link?.token]);

  const changed = useCallback((change: BookingChange) => {
    setBooking(change.booking);
    setMessage({ tone: 'success', text: change.message });
  }, []);
  const failed = useCallback((text: string) => {
    setMessage({ tone: 'error', text });
  }, []);

  return (
    <section className="screen manage-booking" aria-labelledby="screen-title">
      <h1 id="screen-title">{screens.manageBooking.title}</h1>
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      {link && !booking && !message ? <p className="loading">{copy.loading}</p> : null}
      {booking && link ? (
        <ManageActions booking={booking} link={link} onChanged={changed} onFailed={failed} />
      ) : null}
    </section>
  );
}

interface ManageActionsProps {
  readonly booking: ManagedBookingView;
  readonly link: BookingLink;
  readonly onChanged: (change: BookingChange) => void;
  readonly onFailed: (message: string) => void;
}

function ManageActions({ booking, link, onChanged, onFailed }: ManageActionsProps) {
  return (
    <>
      <BookingSummary booking={booking} />
      {booking.canReschedule ? (
        <RescheduleBooking
          booking={booking}
          link={link}
          onChanged={onChanged}
          onFailed={onFailed}
        />
      ) : null}
      {booking.canCancel ? (
        <CancelBooking booking={booking} link={link} onChanged={onChanged} onFailed={onFailed} />
      ) : null}
      {!booking.canCancel && !booking.canReschedule ? <p>{copy.closed}</p> : null}
    </>
  );
}
