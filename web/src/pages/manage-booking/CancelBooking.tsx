import type { ManagedBookingView } from '@hs/api/domain/booking/booking-schema';
import { useState } from 'react';
import { cancelBooking, type BookingChange, type BookingLink } from '../../api/bookings-api';
import { bookingPageContent as copy } from '../../content/site-content';

interface CancelBookingProps {
  readonly booking: ManagedBookingView;
  readonly link: BookingLink;
  readonly onChanged: (change: BookingChange) => void;
  readonly onFailed: (message: string) => void;
}

/** Cancel, with one confirming step that says whether the money comes back. */
export function CancelBooking({ booking, link, onChanged, onFailed }: CancelBookingProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const cancel = () => {
    setBusy(true);
    cancelBooking(link).then(onChanged, (error: unknown) => {
      onFailed(error instanceof Error ? error.message : 'Something went wrong!');
      setBusy(false);
      setConfirming(false);
    });
  };

  return (
    <section className="manage-booking__panel" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading">{copy.cancelHeading}</h2>
      {booking.status === 'paid' ? (
        <p>{booking.refundOnCancel ? copy.refundNote : copy.noRefundNote}</p>
      ) : null}
      {confirming ? (
        <div className="button-row">
          <button type="button" className="button button--danger" onClick={cancel} disabled={busy}>
            {busy ? copy.cancelling : copy.cancelConfirm}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setConfirming(false);
            }}
            disabled={busy}
          >
            {copy.cancelKeep}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setConfirming(true);
          }}
        >
          {copy.cancelButton}
        </button>
      )}
    </section>
  );
}
