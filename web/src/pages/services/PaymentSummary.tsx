import type { BookingView } from '@hs/api/domain/booking/booking-schema';
import { formatCad, planLabel, type Plan } from '@hs/api/domain/booking/catalogue';
import { longDate } from '@hs/api/domain/calendar/toronto-date';
import { DiscountRows } from '../../components/booking/DiscountRows';
import { MonthlyPlanRows } from '../../components/booking/MonthlyPlanRows';
import { paymentCopy as copy, planSummaryCopy } from '../../content/services-content';

interface PaymentSummaryProps {
  readonly headingId: string;
  readonly booking: BookingView;
  readonly plan: Plan;
  readonly amount: number;
}

/**
 * What is being paid for: service, plan, when, and the total. For a Monthly Visit plan, when is
 * its four visits (the first is the date chosen) and the total is charged again on renewal. A
 * plan member's one-time visit shows its full price and discount before the (discounted) total.
 */
export function PaymentSummary({ headingId, booking, plan, amount }: PaymentSummaryProps) {
  const { monthlyPlan } = booking;
  return (
    <section className="payment__summary" aria-labelledby={headingId}>
      <h3 id={headingId}>{copy.summary}</h3>
      <dl className="booking-summary">
        <dt>{copy.service}</dt>
        <dd>{booking.service}</dd>
        <dt>{copy.plan}</dt>
        <dd>{planLabel(plan)}</dd>
        {monthlyPlan ? (
          <MonthlyPlanRows plan={monthlyPlan} />
        ) : (
          <>
            <dt>{copy.date}</dt>
            <dd>{booking.date ? longDate(booking.date) : copy.toBeScheduled}</dd>
            <dt>{copy.time}</dt>
            <dd>{booking.timeLabel}</dd>
          </>
        )}
        <DiscountRows discount={booking.discount} />
        <dt>{copy.total}</dt>
        <dd className="payment__total">
          {/* What is charged now, which for a plan is the first month's price. */}
          {monthlyPlan ? planSummaryCopy.perMonth(formatCad(amount)) : formatCad(amount)}
        </dd>
      </dl>
    </section>
  );
}
