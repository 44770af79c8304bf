import express, { type Router } from 'express';
import { z } from 'zod';
import { signedInUser } from '../accounts/require-auth';
import { scheduleVisit } from './admin-answers';
import { adminBookingView } from './admin-booking-view';
import { BookingPhotoLinks } from './booking-photo-links';
import { kindOf } from './schedule-board';
import type { BookingDocument } from '../bookings/booking-model';
import type { BookingLifecycle } from '../bookings/lifecycle/booking-lifecycle';
import type {
  AdminClosureList,
  AdminClosurePreview,
  AdminClosureResult,
  AdminClosureView,
  AdminScheduleVisit,
} from '../domain/admin/admin-views';
import {
  ClosureMessages,
  closureFormSchema,
  CLOSURE_REASON_MAX,
} from '../domain/calendar/closure-schema';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { errorResponse, jsonResponse, messageBodySchema } from '../http/openapi/shared-responses';
import { jsonBody, pathParams } from '../http/request-schemas';
import type { ClosureDocument } from '../calendar/closure-model';
import type { ClosureService } from './closure-service';

export interface ClosureRouteDependencies {
  guards: Guards;
  closures: ClosureService;
  lifecycle: BookingLifecycle;
  config: { LINK_SECRET: string };
}

interface ClosureContext extends ClosureRouteDependencies {
  visit: (booking: BookingDocument) => AdminScheduleVisit;
}

/** The request as the API reference shows it; closureFormSchema checks it (dates, the range). */
const closureShown = z.object({
  from: z.string().describe('The first day to close, YYYY-MM-DD (today or later).'),
  to: z.string().optional().describe('The last day, YYYY-MM-DD; the first day when left out.'),
  reason: z
    .string()
    .max(CLOSURE_REASON_MAX)
    .describe('Why, as customers read it: "Closed: <reason>" (one line).'),
});

const closureView = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  reason: z.string(),
  createdAt: z.string(),
}) satisfies z.ZodType<AdminClosureView>;

const closureList = z.object({
  closures: z.array(closureView).describe('Closures not over yet, soonest first.'),
  holidays: z
    .array(z.object({ date: z.string(), name: z.string() }))
    .describe('Holidays of the next twelve months, observed days and EXTRA_HOLIDAYS included.'),
}) satisfies z.ZodType<AdminClosureList>;

const closurePreview = z.object({
  from: z.string(),
  to: z.string(),
  reason: z.string(),
  days: z.array(z.object({ date: z.string(), closedAlready: z.string().nullable() })),
  visits: z
    .array(scheduleVisit)
    .describe(
      "The visits still ahead on those days: a plan's moves by the plan's rule, any other's " +
        'customer is asked to move or cancel with a full refund; an estimate request holds nothing.',
    ),
}) satisfies z.ZodType<AdminClosurePreview>;

const closureResult = z.object({
  closure: closureView,
  moved: z.number().int().describe('Plan visits moved to an open day of their week.'),
  asked: z.number().int().describe('Customers emailed to move to the day offered or cancel.'),
  unplaced: z
    .number()
    .int()
    .describe('Plan visits no open day of their week had room for: arrange them.'),
  message: z.string(),
}) satisfies z.ZodType<AdminClosureResult>;

const closureBody = jsonBody(closureFormSchema(), { shownAs: closureShown });

function viewOf(closure: ClosureDocument): AdminClosureView {
  return {
    id: closure.id as string,
    from: closure.from,
    to: closure.to,
    reason: closure.reason,
    createdAt: closure.createdAt.toISOString(),
  };
}

/** The operators' part of the business calendar: closing days, and opening them again. */
export const closureEndpoints = endpointGroup<ClosureContext>('admin', [
  endpoint({
    method: 'get',
    path: '/api/admin/closures',
    operationId: 'adminListClosures',
    summary: 'Closures not over yet, and the holidays of the next twelve months',
    access: 'admin',
    responses: { '200': jsonResponse('The business calendar ahead.', closureList) },
    errors: [],
    fuzz: 'reads',
    handle: async ({ res }, { closures }) => {
      const list: AdminClosureList = {
        closures: (await closures.upcoming()).map(viewOf),
        holidays: closures.holidays(),
      };
      res.json(list);
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/admin/closures/preview',
    operationId: 'adminPreviewClosure',
    summary: 'What closing these days would touch, before anything changes',
    access: 'admin',
    request: { body: closureBody },
    responses: { '200': jsonResponse('The days and their visits.', closurePreview) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handle: async ({ body: form, res }, { closures, visit }) => {
      const preview: AdminClosurePreview = {
        ...form,
        days: await closures.daysOf(form),
        visits: (await closures.visitsOn(form.from, form.to)).map(visit),
      };
      res.json(preview);
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/admin/closures',
    operationId: 'adminCloseDays',
    summary: 'Close one day or a range: nothing more is booked on it',
    description:
      "Every visit still ahead on those days is dealt with at once: a plan's visit moves to the " +
      'nearest open day of its week (its own window first); any other customer is emailed to ' +
      'move to the next open day offered or to cancel with a full refund, from their booking page.',
    access: 'admin',
    request: { body: closureBody },
    responses: { '201': jsonResponse('Closed.', closureResult) },
    errors: ['BadRequest'],
    fuzz: 'body',
    handle: async ({ body: form, req, res }, { closures }) => {
      const adminId = signedInUser(req.user).id as string;
      const outcome = await closures.close(form, adminId);
      const result: AdminClosureResult = {
        closure: viewOf(outcome.closure),
        moved: outcome.moved,
        asked: outcome.asked,
        unplaced: outcome.unplaced,
        message: ClosureMessages.closed(form.from, form.to, form.reason),
      };
      res.status(201).json(result);
    },
  }),
  endpoint({
    method: 'delete',
    path: '/api/admin/closures/{id}',
    operationId: 'adminReopenDays',
    summary: 'Open the days of a closure again (before it begins)',
    description: 'Visits moved for the closure stay where they are.',
    access: 'admin',
    request: { params: pathParams({ id: "The closure's id." }) },
    responses: {
      '200': jsonResponse('Open again.', messageBodySchema),
      '409': errorResponse('The closure has begun.'),
    },
    errors: ['NotFound'],
    fuzz: 'credential',
    handle: async ({ params, res }, { closures }) => {
      const closure = await closures.reopen(params.id);
      res.json({ message: ClosureMessages.reopened(closure.from, closure.to) });
    },
  }),
]);

export function closureRoutes(deps: ClosureRouteDependencies): Router {
  const photoLinks = new BookingPhotoLinks(deps.config.LINK_SECRET);
  return mountEndpoints(
    express.Router(),
    closureEndpoints,
    {
      ...deps,
      visit: (booking) => ({
        kind: kindOf(booking),
        booking: adminBookingView(booking, photoLinks, deps.lifecycle),
      }),
    },
    { guards: deps.guards },
  );
}
