import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { manageTokenQuery, ownerTokenBody, ownershipProof } from '../bookings/booking-owner-guard';
import type { OwnershipProof } from '../bookings/booking-service';
import {
  endpoint,
  endpointGroup,
  mountEndpoints,
  type Endpoint,
  type EndpointSpec,
  type Guards,
  type PathParams,
} from '../http/endpoint';
import { noStore } from '../http/no-store';
import { errorResponse, jsonResponse, redirectResponse } from '../http/openapi/shared-responses';
import { jsonBody, pathParams } from '../http/request-schemas';
import { emailField } from '../domain/auth/auth-schemas';
import { PlanMessages } from '../domain/subscription/plan-messages';
import { monthlyPlanSchema } from '../bookings/plan-answers';
import type { PlanChangeAnswer, PlanService } from './plan-service';

export interface PlanRouteDependencies {
  plans: PlanService;
  /** Per-IP limit on posting forms. */
  formLimit: RequestHandler;
  guards: Guards;
}

type PlanContext = PlanRouteDependencies;

const planId = pathParams({
  id: "The plan's id: its first visit's booking id (from the booking answer or the manage link).",
});
const notOwned = errorResponse(
  'No such plan, or no proof of owning it: the same answer either way.',
);
const planChangeAnswer = z.object({ plan: monthlyPlanSchema, message: z.string() });

/** A POST of the plan's owner, proven by its first visit's token (query or body) or the login. */
function ownerPost(
  doc: Pick<
    EndpointSpec<PlanContext, PathParams, undefined, undefined>,
    'path' | 'operationId' | 'summary' | 'description'
  >,
  answer: { description: string; schema: z.ZodType; conflict: string },
  act: (plans: PlanService, id: string, proof: OwnershipProof) => Promise<unknown>,
): Endpoint<PlanContext> {
  return endpoint({
    ...doc,
    method: 'post',
    access: 'bookingOwner',
    request: { params: planId, query: manageTokenQuery, body: ownerTokenBody },
    responses: {
      '200': jsonResponse(answer.description, answer.schema),
      '404': notOwned,
      '409': errorResponse(answer.conflict),
    },
    errors: ['BadRequest', 'NotFound', 'TooManyRequests', 'ServiceUnavailable'],
    fuzz: 'credential',
    before: (ctx) => [noStore, ctx.formLimit],
    handle: async ({ params, query, body, req, res }, ctx) => {
      res.json(await act(ctx.plans, params.id, ownershipProof(req, body.token ?? query.token)));
    },
  });
}

/** A customer's change of their plan: made at the provider, recorded and emailed. */
function planChange(
  path: string,
  operationId: string,
  summary: string,
  description: string,
  act: (plans: PlanService, id: string, proof: OwnershipProof) => Promise<PlanChangeAnswer>,
): Endpoint<PlanContext> {
  return ownerPost(
    { path, operationId, summary, description },
    {
      description: 'Changed at the payment provider, recorded and emailed.',
      schema: planChangeAnswer,
      conflict: 'The plan has ended, has not started, or is already so.',
    },
    act,
  );
}

const memberLinkBody = z.object({ email: emailField });

/** What a Monthly Visit plan's customer does with the plan itself (a visit is a booking). */
export const planEndpoints = endpointGroup<PlanContext>('bookings', [
  endpoint({
    method: 'post',
    path: '/api/plans/member-link',
    operationId: 'requestPlanMemberLink',
    summary: "Email a plan member's 10% discount link",
    description:
      'The link goes to the address only if a Monthly Visit plan is active for it, at most once ' +
      'a day; the answer is the same either way.',
    access: 'public',
    request: { body: jsonBody(memberLinkBody) },
    responses: {
      '202': jsonResponse('Accepted.', z.object({ message: z.string() })),
    },
    errors: ['BadRequest', 'TooManyRequests', 'ServiceUnavailable'],
    fuzz: 'body',
    before: (ctx) => [noStore, ctx.formLimit],
    handle: async ({ body, res }, ctx) => {
      await ctx.plans.requestMemberLink(body.email);
      res.status(202).json({ message: PlanMessages.memberLinkSent });
    },
  }),
  planChange(
    '/api/plans/{id}/cancel',
    'cancelPlanAtPeriodEnd',
    'Stop a Monthly Visit plan at the end of the month',
    'No refund: the current month is paid for, and its visits stay booked. A month paused ' +
      'after it is given back: the plan ends before it.',
    (plans, id, proof) => plans.cancelAtPeriodEnd(id, proof),
  ),
  planChange(
    '/api/plans/{id}/resume',
    'resumePlan',
    'Renew as usual: keep a plan set to stop, or resume a paused month',
    'Undoes a cancel at the end of the month ("Keep my plan"), or a paused month that has not ' +
      'begun ("Resume"); a plan has at most one of the two (a cancel drops a pause).',
    (plans, id, proof) => plans.resume(id, proof),
  ),
  planChange(
    '/api/plans/{id}/pause',
    'pausePlanNextMonth',
    "Pause a plan's next month",
    'No payment and no visits next month; the month after renews as usual.',
    (plans, id, proof) => plans.pauseNextPeriod(id, proof),
  ),
  endpoint({
    method: 'get',
    path: '/api/plans/{id}/billing',
    operationId: 'openPlanBilling',
    summary: "Update a plan's card",
    description:
      "Sends the browser to the payment provider's page for the plan's card (Stripe's customer " +
      'portal); the link in a failed renewal email comes here.',
    access: 'bookingOwner',
    request: { params: planId, query: manageTokenQuery },
    responses: {
      '303': redirectResponse("The provider's page; it returns to the plan's manage page."),
      '404': notOwned,
      '409': errorResponse('The plan has no card on file yet.'),
    },
    errors: ['BadRequest', 'NotFound', 'ServiceUnavailable'],
    fuzz: 'reads',
    before: () => [noStore],
    handle: async ({ params, query, req, res }, ctx) => {
      const proof = ownershipProof(req, query.token);
      res.redirect(303, await ctx.plans.billingPortal(params.id, proof));
    },
  }),
  // The JSON twin of the billing link, for a page proving the plan with the owner's login.
  ownerPost(
    {
      path: '/api/plans/{id}/billing',
      operationId: 'createPlanBillingSession',
      summary: "The provider's page for a plan's card, as an address",
      description:
        "For the site: a signed-in owner's page cannot carry the login through a redirect, so " +
        'it asks for the address and goes there.',
    },
    {
      description: "The provider's page.",
      schema: z.object({ url: z.string() }),
      conflict: 'The plan has no card on file yet.',
    },
    async (plans, id, proof) => ({ url: await plans.billingPortal(id, proof) }),
  ),
]);

export function planRoutes(deps: PlanRouteDependencies): Router {
  return mountEndpoints(express.Router(), planEndpoints, deps, { guards: deps.guards });
}
