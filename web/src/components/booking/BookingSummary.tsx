import type { BookingView } from '@hs/api/domain/booking/booking-schema';
import { BOOKING_STATUS_LABELS } from '@hs/api/domain/booking/booking-status';
import { formatCad } from '@hs/api/domain/booking/catalogue';
import { longDate } from '@hs/api/domain/calendar/toronto-date';

interface BookingSummaryProps {
  readonly booking: BookingView & { address?: string };
}

/** The order summary: what, when, where, how much and where it stands. */
export function BookingSummary({ booking }: BookingSummaryProps) {
  return (
    <dl className="booking-summary">
      <dt>Reference</dt>
      <dd>{booking.reference}</dd>
      <dt>Service</dt>
      <dd>{booking.service}</dd>
      <dt>Plan</dt>
      <dd>{booking.plan}</dd>
      <dt>Date</dt>
      <dd>{longDate(booking.date)}</dd>
      <dt>Time</dt>
      <dd>{booking.timeLabel}</dd>
      {booking.address ? (
        <>
          <dt>Address</dt>
          <dd>{booking.address}</dd>
        </>
      ) : null}
      <dt>Total</dt>
      <dd>
        {booking.amountCents === null
          ? 'Custom Estimate (no payment)'
          : formatCad(booking.amountCents)}
      </dd>
      <dt>Status</dt>
      <dd>
        <span className={`status status--${booking.status}`}>
          {BOOKING_STATUS_LABELS[booking.status]}
        </span>
      </dd>
    </dl>
  );
}
