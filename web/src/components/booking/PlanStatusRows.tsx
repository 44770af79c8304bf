import type { MonthlyPlanView } from '@hs/api/domain/booking/booking-schema';
import { planSummaryCopy as copy } from '../../content/services-content';
import { monthlyPrice, RenewalRows } from './MonthlyPlanRows';

/**
 * Where a Monthly Visit plan stands, as rows of a summary list: its status, rule, price and
 * renewal. The pages that follow a plan list its visits beside these in their own way.
 */
export function PlanStatusRows({ plan }: { readonly plan: MonthlyPlanView }) {
  return (
    <>
      <dt>{copy.status}</dt>
      <dd>
        <span className={`status status--plan-${plan.status}`}>
          {copy.statusLabels[plan.status]}
        </span>
      </dd>
      <dt>{copy.schedule}</dt>
      <dd>{plan.rule}</dd>
      <dt>{copy.price}</dt>
      <dd>{monthlyPrice(plan)}</dd>
      <RenewalRows plan={plan} />
    </>
  );
}
