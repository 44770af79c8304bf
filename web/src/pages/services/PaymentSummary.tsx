import type { BookingView } from '@hs/api/domain/booking/booking-schema';
import { formatCad, planLabel, type Plan } from '@hs/api/domain/booking/catalogue';
import { longDate } from '@hs/api/domain/calendar/toronto-date';
import { paymentCopy as copy } from '../../content/services-content';

interface PaymentSummaryProps {
  readonly headingId: string;
  readonly booking: BookingView;
  readonly plan: Plan;
  readonly amount: number;
}

/** What is being paid for: service, plan, when, and the total. */
export function PaymentSummary({ headingId, booking, plan, amount }: PaymentSummaryProps) {
  return (
    <section className="payment__summary" aria-labelledby={headingId}>
      <h3 id={headingId}>{copy.summary}</h3>
      <dl className="booking-summary">
        <dt>{copy.service}</dt>
        <dd>{booking.service}</dd>
        <dt>{copy.plan}</dt>
        <dd>{planLabel(plan)}</dd>
        <dt>{copy.date}</dt>
        <dd>{booking.date ? longDate(booking.date) : copy.toBeScheduled}</dd>
        <dt>{copy.time}</dt>
        <dd>{booking.timeLabel}</dd>
        <dt>{copy.total}</dt>
        <dd className="payment__total">{formatCad(amount)}</dd>
      </dl>
    </section>
  );
}
