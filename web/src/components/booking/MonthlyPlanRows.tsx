import type { MonthlyPlanView } from '@hs/api/domain/booking/booking-schema';
import { BOOKING_STATUS_LABELS } from '@hs/api/domain/booking/booking-status';
import { formatCad } from '@hs/api/domain/booking/catalogue';
import { longDate } from '@hs/api/domain/calendar/toronto-date';
import { PlanMessages } from '@hs/api/domain/subscription/plan-messages';
import { planStandingCopy as standingCopy } from '../../content/plan-standing-content';
import { planSummaryCopy as copy } from '../../content/services-content';
import './MonthlyPlanRows.css';

/** '$249 a month': the plan's own price, whatever one visit of it shows. */
export function monthlyPrice(plan: MonthlyPlanView): string {
  return copy.perMonth(formatCad(plan.amountCents));
}

interface MonthlyPlanRowsProps {
  readonly plan: MonthlyPlanView;
  /**
   * Where each visit stands, for the pages that follow the plan after it is paid; before paying
   * every visit is simply waiting for that payment.
   */
  readonly showStatus?: boolean;
}

/** A Monthly Visit plan's rows of a summary list: its rule, its visits and its renewal. */
export function MonthlyPlanRows({ plan, showStatus = false }: MonthlyPlanRowsProps) {
  return (
    <>
      <dt>{copy.schedule}</dt>
      <dd>{plan.rule}</dd>
      <dt>{copy.visits}</dt>
      <dd>
        <ol className="plan-visits">
          {plan.visits.map((visit) => (
            <li key={visit.id}>
              {`${longDate(visit.date)}, ${visit.timeLabel}`}
              {showStatus && (
                <>
                  {' – '}
                  <span className={`status status--${visit.status}`}>
                    {BOOKING_STATUS_LABELS[visit.status]}
                  </span>
                </>
              )}
            </li>
          ))}
        </ol>
      </dd>
      <RenewalRows plan={plan} />
    </>
  );
}

/**
 * A paused month, then when the plan renews (after that month) or when it stops: the API's one
 * standing, so no row can say a date another does not. An ended plan says none of them.
 */
export function RenewalRows({ plan }: { readonly plan: MonthlyPlanView }) {
  const { kind, pausedFrom, renewsOn, endsOn } = plan.standing;
  return (
    <>
      {pausedFrom === null ? null : (
        <>
          <dt>{standingCopy.paused}</dt>
          <dd>{PlanMessages.pausedMonth(pausedFrom)}</dd>
        </>
      )}
      {renewsOn === null ? null : (
        <>
          <dt>{copy.renewsOn}</dt>
          <dd>{longDate(renewsOn)}</dd>
        </>
      )}
      {kind === 'ending' && endsOn !== null ? (
        <>
          <dt>{copy.endsOn}</dt>
          <dd>{longDate(endsOn)}</dd>
        </>
      ) : null}
    </>
  );
}
