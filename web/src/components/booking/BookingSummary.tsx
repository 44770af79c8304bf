import type { BookingView } from '@hs/api/domain/booking/booking-schema';
import { BOOKING_STATUS_LABELS } from '@hs/api/domain/booking/booking-status';
import { formatCad } from '@hs/api/domain/booking/catalogue';
import { longDate } from '@hs/api/domain/calendar/toronto-date';
import { DiscountRows } from './DiscountRows';
import { MonthlyPlanRows, monthlyPrice } from './MonthlyPlanRows';

interface BookingSummaryProps {
  readonly booking: BookingView & { address?: string; postalCode?: string };
  /** False where the page lists the plan's visits itself (the manage page, which acts on them). */
  readonly withPlan?: boolean;
}

/**
 * The order summary: what, when, where, how much and where it stands. A visit of a Monthly Visit
 * plan adds the plan's rule, its visits and its renewal; a plan member's visit, its discount.
 */
export function BookingSummary({ booking, withPlan = true }: BookingSummaryProps) {
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
      {booking.monthlyPlan && withPlan ? (
        <MonthlyPlanRows plan={booking.monthlyPlan} showStatus />
      ) : null}
      {booking.address ? (
        <>
          <dt>Address</dt>
          <dd>{booking.address}</dd>
        </>
      ) : null}
      {booking.postalCode ? (
        <>
          <dt>Postal code</dt>
          <dd>{booking.postalCode}</dd>
        </>
      ) : null}
      <DiscountRows discount={booking.discount} />
      <dt>Total</dt>
      <dd>
        {booking.monthlyPlan
          ? monthlyPrice(booking.monthlyPlan)
          : booking.amountCents === null
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
