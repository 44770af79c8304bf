import express, { type Router } from 'express';
import { z } from 'zod';
import { signedInUser } from '../accounts/require-auth';
import type { AdminPlanList, AdminPlanView } from '../domain/admin/admin-views';
import { BOOKING_ID_PATTERN } from '../domain/booking/booking-id';
import { BOOKING_STATUSES } from '../domain/booking/booking-status';
import { PlanMessages } from '../domain/subscription/plan-messages';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { errorResponse, jsonResponse } from '../http/openapi/shared-responses';
import { jsonBody, pathParams, queryOf } from '../http/request-schemas';
import type { PlanAdmin } from '../subscriptions/plan-admin';
import { planStandingSchema } from '../bookings/plan-answers';
import { SUBSCRIPTION_STATUSES } from '../subscriptions/subscription-model';
import { CURSORS } from './admin-answers';
import { keyedPageFields } from '../domain/admin/keyed-page-fields';
import { newestFirstCursors, oneWayOnly, withCursors } from './list-cursor';

export interface AdminPlanRouteDependencies {
  planAdmin: PlanAdmin;
  guards: Guards;
}

const listQuery = z.object({
  status: z
    .enum(SUBSCRIPTION_STATUSES, {
      error: `status must be one of: ${SUBSCRIPTION_STATUSES.join(', ')}.`,
    })
    .optional(),
  // A plan's id is its first visit's booking id.
  ...newestFirstCursors(BOOKING_ID_PATTERN),
});

const renewBody = z.object({
  card: z
    .enum(['succeeds', 'declined'], { error: 'card must be succeeds or declined.' })
    .optional(),
});

const adminPlanSchema = z.object({
  id: z.string(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  service: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  amountCents: z.number().int(),
  nextRenewal: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  standing: planStandingSchema,
  upcomingVisits: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      time: z.string(),
      status: z.enum(BOOKING_STATUSES),
    }),
  ),
  unplacedWeeks: z.array(z.string()),
  failedPayments: z.array(
    z.object({
      at: z.string(),
      periodStart: z.string(),
      attempt: z.number().int(),
      final: z.boolean(),
    }),
  ),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<AdminPlanView>;

const planId = pathParams({ id: "The plan's id." });

/** Monthly Visit plans for operators: the list, a cancel, and (test mode) a renewal now. */
export const adminPlanEndpoints = endpointGroup<AdminPlanRouteDependencies>('admin', [
  endpoint({
    method: 'get',
    path: '/api/admin/plans',
    operationId: 'adminListPlans',
    summary: 'Monthly Visit plans, newest first',
    description:
      'Pages are read by key: `next` (older, further down the list) and `previous` (newer) ' +
      'are places to send back as `after` and `before`, null at the ends. `total` counts what ' +
      'the status filter finds.',
    access: 'admin',
    request: {
      query: queryOf(listQuery, { status: 'Only plans in this status.', ...CURSORS }),
    },
    responses: {
      '200': jsonResponse(
        'A page of plans.',
        z.object({
          plans: z.array(adminPlanSchema),
          ...keyedPageFields,
          canRenewNow: z.boolean(),
        }) satisfies z.ZodType<AdminPlanList>,
      ),
    },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handle: async ({ query, res }, { planAdmin }) => {
      oneWayOnly(query);
      const list: AdminPlanList = withCursors(await planAdmin.list(query.status, query));
      res.json(list);
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/admin/plans/{id}/cancel',
    operationId: 'adminCancelPlan',
    summary: 'End a plan now',
    description:
      'The provider stops billing and every visit still to come is called off; any refund is ' +
      "made at the provider's dashboard.",
    access: 'admin',
    request: { params: planId },
    responses: {
      '200': jsonResponse('Ended.', z.object({ plan: adminPlanSchema, message: z.string() })),
      '409': errorResponse('The plan has already ended.'),
    },
    errors: ['NotFound', 'ServiceUnavailable'],
    fuzz: 'credential',
    handle: async ({ params, req, res }, { planAdmin }) => {
      const adminId = signedInUser(req.user).id as string;
      const plan = await planAdmin.cancel(params.id, adminId);
      res.json({ plan, message: PlanMessages.cancelledByOperator });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/admin/plans/{id}/renew',
    operationId: 'adminRenewPlanNow',
    summary: "Make a plan's next renewal happen now (local test provider only)",
    description:
      'For watching a renewal in development: the test provider bills the next period with the ' +
      'card on file (or the one named), and its events follow as Stripe would send them.',
    access: 'admin',
    // Optional: without it the card on file pays, as at the provider.
    request: { params: planId, body: jsonBody(renewBody, { optional: true }) },
    responses: {
      '200': jsonResponse('What the renewal did.', z.object({ outcome: z.string() })),
      '409': errorResponse('Not on the test provider, or the plan has ended.'),
    },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'body',
    handle: async ({ params, body, res }, { planAdmin }) => {
      res.json({ outcome: await planAdmin.renewNow(params.id, body.card) });
    },
  }),
]);

export function adminPlanRoutes(deps: AdminPlanRouteDependencies): Router {
  return mountEndpoints(express.Router(), adminPlanEndpoints, deps, { guards: deps.guards });
}
