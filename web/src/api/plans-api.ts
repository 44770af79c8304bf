import type { MonthlyPlanView } from '@hs/api/domain/booking/booking-schema';
import { apiRequest } from './api-client';
import { proofBody, proofLogin, type OwnerProof } from './bookings-api';

/**
 * A Monthly Visit plan's own calls. The plan's id is its first visit's booking id, and the same
 * proof as that booking's (its token, or the owner's login) opens them; each visit is a booking
 * and is skipped or moved with the booking calls.
 */

export type PlanAction = 'cancel' | 'resume' | 'pause';

export interface PlanChange {
  plan: MonthlyPlanView;
  message: string;
}

const planPath = (planId: string, action: string) =>
  `/api/plans/${encodeURIComponent(planId)}/${action}`;

/** Cancel at the end of the month, keep renewing after all, or pause the next month. */
export function changePlan(
  planId: string,
  proof: OwnerProof,
  action: PlanAction,
): Promise<PlanChange> {
  return apiRequest<PlanChange>(planPath(planId, action), {
    method: 'POST',
    ...proofLogin(proof),
    body: proofBody(proof),
  });
}

/**
 * Where the browser goes to update the plan's card: the API sends it on to the payment
 * provider's page, which comes back to the manage page. A full page load carries no login, so
 * only the link's token can prove the plan here.
 */
export function planBillingUrl(planId: string, token: string): string {
  return `${planPath(planId, 'billing')}?${new URLSearchParams({ token }).toString()}`;
}

/**
 * The card page's address, for a page whose proof is the owner's login: a full page load to
 * planBillingUrl would carry no login, so the page asks for the address and then goes there.
 */
export async function fetchPlanBillingUrl(planId: string, proof: OwnerProof): Promise<string> {
  const { url } = await apiRequest<{ url: string }>(planPath(planId, 'billing'), {
    method: 'POST',
    ...proofLogin(proof),
    body: proofBody(proof),
  });
  return url;
}

/**
 * Asks for the member-discount link to be emailed to `email`. The answer (202) is the same
 * whether or not a plan is active for the address, so it tells nobody who is a customer.
 */
export function requestMemberLink(email: string): Promise<{ message?: unknown } | null> {
  return apiRequest<{ message?: unknown } | null>('/api/plans/member-link', {
    method: 'POST',
    body: { email },
  });
}
