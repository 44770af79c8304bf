import type { MonthlyPlanView } from '@hs/api/domain/booking/booking-schema';
import { planSummaryCopy as copy } from '../../content/services-content';
import { monthlyPrice, RenewalRows } from './MonthlyPlanRows';

/**
 * Where a Monthly Visit plan stands, as rows of a summary list: its standing, rule, price, a
 * paused month and its renewal or end, all from the one standing the API computed, so the plan's
 * page and the dashboard say the same. The pages that follow a plan list its visits beside these.
 */
export function PlanStatusRows({ plan }: { readonly plan: MonthlyPlanView }) {
  return (
    <>
      <dt>{copy.status}</dt>
      <dd>
        <span className={`status status--plan-${plan.standing.kind}`}>{plan.standing.label}</span>
      </dd>
      <dt>{copy.schedule}</dt>
      <dd>{plan.rule}</dd>
      <dt>{copy.price}</dt>
      <dd>{monthlyPrice(plan)}</dd>
      <RenewalRows plan={plan} />
    </>
  );
}
