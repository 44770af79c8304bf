import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { signedInUser } from '../accounts/require-auth';
import {
  BOOKING_IMAGE_FIELD,
  BOOKING_IMAGE_TYPES,
  BookingMessages,
  bookingFormSchema,
  rescheduleSchema,
  timeWindowField,
  visitDateField,
  type NewBookingAnswer,
} from '../domain/booking/booking-schema';
import { CATALOGUE, CUSTOM_ESTIMATE } from '../domain/booking/catalogue';
import { addDays, isCalendarDate, todayInToronto } from '../domain/calendar/toronto-date';
import { DomainError } from '../domain/domain-error';
import { PlanMessages } from '../domain/subscription/plan-messages';
import { endpoint, endpointGroup, endpointOf, mountEndpoints, type Guards } from '../http/endpoint';
import { errorResponse, jsonResponse } from '../http/openapi/shared-responses';
import { jsonBody, multipartBody, pathParams, queryOf } from '../http/request-schemas';
import type { Logger } from '../platform/logger';
import type { Storage } from '../platform/storage';
import {
  availabilitySchema,
  bookingAnswer,
  bookingViewSchema,
  catalogueSchema,
  managedBookingAnswer,
  managedBookingViewSchema,
  monthlyPlanPreviewSchema,
} from './booking-answers';
import { newBookingId } from './booking-id';
import { manageTokenQuery, ownerTokenBody, ownershipProof } from './booking-owner-guard';
import { receiveBookingForm, storedPhoto } from './booking-photo-upload';
import type { BookingService } from './booking-service';
import { bookingView, managedBookingView } from './booking-view';
import { previewMonthlyPlan } from './monthly-plan';
import { MAX_AVAILABILITY_DAYS, type SlotLedger } from './slot-ledger';
import { noStore } from '../http/no-store';
import { skippedVisitMessage } from '../domain/subscription/plan-next-visit';

export interface BookingRouteDependencies {
  bookings: BookingService;
  slots: SlotLedger;
  storage: Storage;
  logger: Logger;
  /** Per-IP limit on posting forms. */
  formLimit: RequestHandler;
  /** The postal-code areas we send crews to (SERVICE_AREA_FSAS): every booking must be in one. */
  serviceAreas: readonly string[];
  guards: Guards;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

const availabilityQuery = z
  .object({
    from: z.string().refine(isCalendarDate, 'from must be a date (YYYY-MM-DD).').optional(),
    to: z.string().refine(isCalendarDate, 'to must be a date (YYYY-MM-DD).').optional(),
  })
  .transform(({ from, to }) => {
    const start = from ?? todayInToronto();
    return { from: start, to: to ?? addDays(start, 30) };
  })
  .refine(({ from, to }) => from <= to, { message: 'from must not be after to.', path: ['to'] })
  .refine(({ from, to }) => to <= addDays(from, MAX_AVAILABILITY_DAYS - 1), {
    message: `Ask for at most ${MAX_AVAILABILITY_DAYS} days at a time.`,
    path: ['to'],
  });

/** The first visit of a Monthly Visit plan, as the booking form has it. */
const monthlyPlanQuery = z.object({
  date: visitDateField(),
  time: timeWindowField,
});

const bookingId = pathParams({
  id: 'The booking id (32 hex digits, from the booking answer or the manage link).',
});

/** Multipart as the site sends it (with the photo), or JSON without a photo. */
const bookingFormBody = multipartBody(
  bookingFormSchema(),
  {
    [BOOKING_IMAGE_FIELD]: {
      description: 'A photo of the job: JPEG or PNG (judged by its bytes), 5 MB at most.',
      contentTypes: BOOKING_IMAGE_TYPES,
      required: false,
    },
  },
  { json: true },
);

/** What the schema's refinements check, which JSON Schema cannot say. */
const VISIT_FIELDS =
  '`date` is YYYY-MM-DD, from today in Toronto up to 365 days ahead; `time` is morning, ' +
  'afternoon or evening (morning when left out).';
const notOwned = errorResponse(
  'No such booking, or no proof of owning it: the same answer either way.',
);

interface BookingContext extends BookingRouteDependencies {
  /** The booking form with this deployment's service areas; it reads today's date at each parse. */
  bookingForm: ReturnType<typeof bookingFormSchema>;
}

/** Chooses the booking's id before its photo streams in: the photo is stored under it. */
const chooseId: RequestHandler = (req, res, next) => {
  if (!req.is(['multipart/form-data', 'application/json'])) {
    throw new DomainError('unsupportedMedia', 'Send the booking form as multipart/form-data.');
  }
  res.locals.bookingId = newBookingId();
  next();
};

/** Judged before the form, as it always was: a bad key is the answer whatever the form holds. */
const checkIdempotencyKey: RequestHandler = (req, _res, next) => {
  const idempotencyKey = req.get('Idempotency-Key');
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw new DomainError('invalid', BookingMessages.idempotencyKey);
  }
  next();
};

/**
 * The booking form (POST /bookings, multipart), the catalogue and availability it is filled from,
 * and the pages a customer reaches from the signed link in their emails.
 *
 * Each route of a booking proves ownership first (the token, or the owner's login): anything else
 * is the same 404 as an unknown booking, before any rule about the booking itself is applied.
 */
export const bookingEndpoints = endpointGroup<BookingContext>('bookings', [
  endpoint({
    method: 'get',
    path: '/api/catalogue',
    operationId: 'getCatalogue',
    summary: 'Services, plans and time windows',
    access: 'public',
    responses: { '200': jsonResponse('The catalogue.', catalogueSchema) },
    fuzz: 'reads',
    handle: ({ res }) => {
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.json(CATALOGUE);
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/availability',
    operationId: 'getAvailability',
    summary: 'Places left per date and time window',
    access: 'public',
    request: {
      query: queryOf(availabilityQuery, {
        from: 'First date, YYYY-MM-DD; today in Toronto when left out.',
        to: 'Last date, YYYY-MM-DD; 30 days after `from` when left out.',
      }),
    },
    responses: { '200': jsonResponse('Places left.', availabilitySchema) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    before: () => [noStore],
    handle: async ({ query, res }, ctx) => {
      res.json(await ctx.slots.remaining(query.from, query.to));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/monthly-plan',
    operationId: 'previewMonthlyPlan',
    summary: "A Monthly Visit plan's first four visits and the places left for them",
    description:
      'Read before paying: the rule the plan follows, the four weekly visits of its first period ' +
      'from the chosen date and window, which are free now, and for a full one the free windows ' +
      'of its week to move it to. Nothing is held. ' +
      VISIT_FIELDS,
    access: 'public',
    request: {
      query: queryOf(monthlyPlanQuery, {
        date: 'The first visit, YYYY-MM-DD.',
        time: 'Its window: morning, afternoon or evening.',
      }),
    },
    responses: { '200': jsonResponse('The first period.', monthlyPlanPreviewSchema) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    before: () => [noStore],
    handle: async ({ query, res }, ctx) => {
      await ctx.slots.assertDayOpen(query.date);
      res.json(await previewMonthlyPlan(ctx.slots, query));
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/bookings',
    operationId: 'createBooking',
    summary: 'Book a visit (or ask for an estimate), with an optional photo',
    description:
      'The booking form as multipart/form-data; the price is computed on the server. A ' +
      "signed-in caller's token attaches the booking to the account. Also served at " +
      '`POST /api-docs/api/bookings`, the path the original site posted to. ' +
      `\`service\` is a catalogue id or title, \`plan\` an id or name; ${VISIT_FIELDS} ` +
      '`postalCode` is a Canadian postal code (M4W 1P8) in the service area ' +
      '(`GET /api/site-config`), estimates included; any other is refused with a 400. A form ' +
      'that leaves `postalCode` out (the original site had no such field) has it read from ' +
      '`address`: the first Canadian postal code written there, any case, with or without the ' +
      'space, judged by the same rule; with none in either, 400 "Postal code is required.".',
    access: 'optionalUser',
    request: {
      headers: [
        {
          name: 'Idempotency-Key',
          in: 'header',
          description:
            'The same key again, with the same form from the same sender (account), answers 200 ' +
            'with the first booking instead of a second one; with anything else, 409.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' },
        },
      ],
      body: bookingFormBody,
    },
    responses: {
      '201': jsonResponse('The booking.', bookingAnswer),
      '200': jsonResponse(
        'A repeated Idempotency-Key: the booking made the first time.',
        bookingAnswer,
      ),
      '409': errorResponse(
        'That time window is fully booked on that date; the email or phone already holds as ' +
          'many unpaid bookings as allowed; or the Idempotency-Key was used for another request.',
      ),
    },
    errors: [
      'BadRequest',
      'PayloadTooLarge',
      'UnsupportedMediaType',
      'TooManyRequests',
      'ServiceUnavailable',
    ],
    fuzz: 'body',
    before: (ctx) => [noStore, ctx.formLimit],
    // The photo is streamed to storage as it arrives, under the id chosen first.
    receive: (ctx) => [chooseId, receiveBookingForm(ctx.storage, ctx.logger), checkIdempotencyKey],
    parseBodyWith: (ctx) => ctx.bookingForm,
    handle: async ({ body, req, res }, ctx) => {
      const photo = storedPhoto(req);
      const { booking, token, replayed } = await ctx.bookings.create(body, {
        bookingId: res.locals.bookingId as string,
        photo,
        userId: req.user?.id as string | undefined,
        idempotencyKey: req.get('Idempotency-Key'),
      });
      if (replayed && photo) await ctx.storage.delete(photo.key).catch(() => undefined);
      const answer: NewBookingAnswer = {
        booking: bookingView(booking, await ctx.bookings.planOf(booking)),
        token,
        message:
          booking.planId === CUSTOM_ESTIMATE
            ? BookingMessages.estimateThanks
            : BookingMessages.created,
      };
      res.status(replayed ? 200 : 201).json(answer);
    },
    // A form refused or failed keeps no photo.
    onFailure: async (req, ctx) => {
      const photo = storedPhoto(req);
      if (!photo) return;
      await ctx.storage.delete(photo.key).catch((cause: unknown) => {
        ctx.logger.warn({ err: cause, key: photo.key }, 'could not remove a refused booking photo');
      });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/bookings/{id}',
    operationId: 'getManagedBooking',
    summary: 'A booking, from its manage link',
    access: 'bookingOwner',
    request: { params: bookingId, query: manageTokenQuery },
    responses: {
      '200': jsonResponse(
        'The booking and what may still be done with it.',
        z.object({ booking: managedBookingViewSchema }),
      ),
      '404': notOwned,
    },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'reads',
    before: () => [noStore],
    handle: async ({ params, query, req, res }, ctx) => {
      const booking = await ctx.bookings.findOwned(params.id, ownershipProof(req, query.token));
      res.json({
        booking: managedBookingView(booking, new Date(), await ctx.bookings.planOf(booking)),
      });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/bookings/{id}/cancel',
    operationId: 'cancelBooking',
    summary: 'Cancel a booking from its manage link',
    description: 'A paid booking more than 24 hours ahead is refunded.',
    access: 'bookingOwner',
    request: { params: bookingId, query: manageTokenQuery, body: ownerTokenBody },
    responses: {
      '200': jsonResponse('Cancelled.', managedBookingAnswer),
      '404': notOwned,
      '409': errorResponse('The booking can no longer be cancelled.'),
    },
    errors: ['BadRequest', 'NotFound', 'TooManyRequests'],
    fuzz: 'credential',
    before: (ctx) => [noStore, ctx.formLimit],
    handle: async ({ params, query, body, req, res }, ctx) => {
      const proof = ownershipProof(req, body.token ?? query.token);
      const owned = await ctx.bookings.findOwned(params.id, proof);
      const { booking, refund } = await ctx.bookings.cancel(owned.id as string, 'customer');
      const plan = await ctx.bookings.planOf(booking);
      res.json({
        booking: managedBookingView(booking, new Date(), plan),
        // A plan's visit is skipped, not cancelled: the plan goes on, and says what comes next.
        // A plan's visit cancelled took its plan, never paid, with it.
        message:
          booking.status === 'skipped' && plan
            ? skippedVisitMessage(plan)
            : plan
              ? PlanMessages.cancelledUnpaid
              : refund
                ? BookingMessages.cancelledWithRefund
                : BookingMessages.cancelled,
      });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/bookings/{id}/payment-left',
    operationId: 'leavePayment',
    summary: 'Say the customer left payment without paying',
    description:
      'Sent by the site when the payment form is closed, or the provider’s page cancelled, for ' +
      'a booking still waiting for its money: the "Complete your booking" email (Pay now, ' +
      'Cancel) goes at once instead of 10 minutes after booking. It goes once per booking, ' +
      'however often this is called; a booking paid or called off changes nothing.',
    access: 'bookingOwner',
    request: { params: bookingId, query: manageTokenQuery, body: ownerTokenBody },
    responses: {
      '202': jsonResponse('Noted.', z.object({ ok: z.literal(true) })),
      '404': notOwned,
    },
    errors: ['BadRequest', 'NotFound', 'TooManyRequests'],
    fuzz: 'credential',
    before: (ctx) => [noStore, ctx.formLimit],
    handle: async ({ params, query, body, req, res }, ctx) => {
      const proof = ownershipProof(req, body.token ?? query.token);
      const owned = await ctx.bookings.findOwned(params.id, proof);
      await ctx.bookings.paymentLeft(owned);
      res.status(202).json({ ok: true });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/bookings/{id}/reschedule',
    operationId: 'rescheduleBooking',
    summary: 'Move a booking to another date and time window',
    description: VISIT_FIELDS,
    access: 'bookingOwner',
    request: {
      params: bookingId,
      query: manageTokenQuery,
      body: jsonBody(rescheduleSchema()),
    },
    responses: {
      '200': jsonResponse('Moved.', managedBookingAnswer),
      '404': notOwned,
      '409': errorResponse('The booking can no longer be moved, or the new window is full.'),
    },
    errors: ['BadRequest', 'NotFound', 'TooManyRequests'],
    fuzz: 'credential',
    before: (ctx) => [noStore, ctx.formLimit],
    handle: async ({ params, query, body, req, res }, ctx) => {
      const { date, time, token } = body;
      const owned = await ctx.bookings.findOwned(
        params.id,
        ownershipProof(req, token ?? query.token),
      );
      const booking = await ctx.bookings.reschedule(owned.id as string, date, time);
      const view = managedBookingView(booking, new Date(), await ctx.bookings.planOf(booking));
      res.json({
        booking: view,
        message: BookingMessages.rescheduled(view.date, view.timeLabel),
      });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/me/bookings',
    operationId: 'listMyBookings',
    summary: "The signed-in account's bookings",
    access: 'user',
    responses: {
      '200': jsonResponse('The bookings.', z.object({ bookings: z.array(bookingViewSchema) })),
    },
    fuzz: 'reads',
    before: () => [noStore],
    handle: async ({ req, res }, ctx) => {
      const user = signedInUser(req.user);
      const bookings = await ctx.bookings.listForUser(user.id as string);
      const plans = await ctx.bookings.plansOf(bookings);
      res.json({
        bookings: bookings.map((booking) =>
          bookingView(booking, plans.get(booking.subscriptionId ?? '') ?? null),
        ),
      });
    },
  }),
]);

function bookingContext(deps: BookingRouteDependencies): BookingContext {
  // Built once: it reads today's date at each parse, not when it is built.
  return { ...deps, bookingForm: bookingFormSchema(todayInToronto, deps.serviceAreas) };
}

/** The booking endpoints, mounted under /api. */
export function bookingRoutes(deps: BookingRouteDependencies): Router {
  return mountEndpoints(express.Router(), bookingEndpoints, bookingContext(deps), {
    guards: deps.guards,
  });
}

/** POST /bookings as a whole, also served at the path the original front end used. */
export function createBooking(
  deps: BookingRouteDependencies,
): (RequestHandler | ErrorRequestHandler)[] {
  return endpointOf(bookingEndpoints, 'createBooking').handlers(bookingContext(deps), deps.guards);
}
