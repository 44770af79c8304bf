import express, { type Request, type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import type { AuthTokens } from '../accounts/auth-tokens';
import { identifyUser, requireAuth, signedInUser } from '../accounts/require-auth';
import {
  BOOKING_IMAGE_FIELD,
  BOOKING_IMAGE_TYPES,
  BookingMessages,
  bookingFormSchema,
  bookingTokenField,
  cancelSchema,
  rescheduleSchema,
  timeWindowField,
  visitDateField,
  type NewBookingAnswer,
} from '../domain/booking/booking-schema';
import { CATALOGUE, CUSTOM_ESTIMATE } from '../domain/booking/catalogue';
import { addDays, isCalendarDate, todayInToronto } from '../domain/calendar/toronto-date';
import { DomainError } from '../domain/domain-error';
import { PlanMessages } from '../domain/subscription/plan-messages';
import { endpointGroup, mountEndpoints } from '../http/endpoint';
import type { RequestBodyObject } from '../http/openapi/openapi-types';
import { errorResponse, jsonResponse } from '../http/openapi/shared-responses';
import { jsonBody, multipartBody, queryParameters } from '../http/openapi/zod-to-openapi';
import { parseBody } from '../http/parse-body';
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
import { receiveBookingForm, storedPhoto } from './booking-photo-upload';
import type { BookingService, OwnershipProof } from './booking-service';
import { bookingView, managedBookingView } from './booking-view';
import { previewMonthlyPlan } from './monthly-plan';
import { MAX_AVAILABILITY_DAYS, type SlotLedger } from './slot-ledger';
import { noStore } from '../http/no-store';
import { skippedVisitMessage } from '../subscriptions/plan-view';

export interface BookingRouteDependencies {
  bookings: BookingService;
  slots: SlotLedger;
  storage: Storage;
  tokens: AuthTokens;
  logger: Logger;
  /** Per-IP limit on posting forms. */
  formLimit: RequestHandler;
  /** The postal-code areas we send crews to (SERVICE_AREA_FSAS): every booking must be in one. */
  serviceAreas: readonly string[];
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

/** The booking token of a GET: in the query, as the manage link puts it. */
const manageToken = z.object({ token: bookingTokenField });

/**
 * Who is asking about a booking: the token the request carries (already validated from its query
 * or body) and the signed-in user, if any (identifyUser ran before).
 */
export function ownershipProof(req: Request, token: string | undefined): OwnershipProof {
  return { token, userId: req.user?.id as string | undefined };
}

/** A POST's booking token: in its body, or in the query as a GET (and the manage link) has it. */
function postedToken(req: Request, bodyToken: string | undefined): string | undefined {
  return bodyToken ?? parseBody(manageToken, { ...req.query }).token;
}

/** A GET's proof: the link's token in the query, or the owner's login. */
export function linkProof(req: Request): OwnershipProof {
  return ownershipProof(req, parseBody(manageToken, { ...req.query }).token);
}

/** The proof of a POST whose body carries nothing but the token (or which relies on the login). */
export function postedProof(req: Request): OwnershipProof {
  const { token } = parseBody(cancelSchema, req.body ?? {});
  return ownershipProof(req, postedToken(req, token));
}

export const manageTokenParameters = queryParameters(manageToken, {
  token:
    'The booking token (from the booking answer or the manage link); a POST may send it in the ' +
    "body. Not needed with the owner's login.",
});
const bookingId = {
  id: 'The booking id (32 hex digits, from the booking answer or the manage link).',
};

/** Multipart as the site sends it (with the photo), or JSON without a photo. */
function bookingFormBody(): RequestBodyObject {
  const multipart = multipartBody(bookingFormSchema(), {
    [BOOKING_IMAGE_FIELD]: {
      description: 'A photo of the job: JPEG or PNG (judged by its bytes), 5 MB at most.',
      contentTypes: BOOKING_IMAGE_TYPES,
      required: false,
    },
  });
  const json = jsonBody(bookingFormSchema());
  return { ...multipart, content: { ...multipart.content, ...json.content } };
}

/** What the schema's refinements check, which JSON Schema cannot say. */
const VISIT_FIELDS =
  '`date` is YYYY-MM-DD, from today in Toronto up to 365 days ahead; `time` is morning, ' +
  'afternoon or evening (morning when left out).';
const notOwned = errorResponse(
  'No such booking, or no proof of owning it: the same answer either way.',
);

interface BookingContext extends BookingRouteDependencies {
  /** The signed-in user when a valid token is sent; a visitor otherwise. */
  signedIn: RequestHandler;
}

/**
 * The booking form (POST /bookings, multipart), the catalogue and availability it is filled from,
 * and the pages a customer reaches from the signed link in their emails.
 *
 * Each route of a booking proves ownership first (the token, or the owner's login): anything else
 * is the same 404 as an unknown booking, before any rule about the booking itself is applied.
 */
export const bookingEndpoints = endpointGroup<BookingContext>('bookings', [
  {
    method: 'get',
    path: '/api/catalogue',
    operationId: 'getCatalogue',
    summary: 'Services, plans and time windows',
    access: 'public',
    responses: { '200': jsonResponse('The catalogue.', catalogueSchema) },
    fuzz: 'reads',
    handlers: () => [
      (_req, res) => {
        res.setHeader('Cache-Control', 'public, max-age=300');
        res.json(CATALOGUE);
      },
    ],
  },
  {
    method: 'get',
    path: '/api/availability',
    operationId: 'getAvailability',
    summary: 'Places left per date and time window',
    access: 'public',
    request: {
      query: queryParameters(availabilityQuery, {
        from: 'First date, YYYY-MM-DD; today in Toronto when left out.',
        to: 'Last date, YYYY-MM-DD; 30 days after `from` when left out.',
      }),
    },
    responses: { '200': jsonResponse('Places left.', availabilitySchema) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handlers: (ctx) => [
      noStore,
      async (req, res) => {
        const { from, to } = parseBody(availabilityQuery, { ...req.query });
        res.json(await ctx.slots.remaining(from, to));
      },
    ],
  },
  {
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
      query: queryParameters(monthlyPlanQuery, {
        date: 'The first visit, YYYY-MM-DD.',
        time: 'Its window: morning, afternoon or evening.',
      }),
    },
    responses: { '200': jsonResponse('The first period.', monthlyPlanPreviewSchema) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handlers: (ctx) => [
      noStore,
      async (req, res) => {
        const firstVisit = parseBody(monthlyPlanQuery, { ...req.query });
        await ctx.slots.assertDayOpen(firstVisit.date);
        res.json(await previewMonthlyPlan(ctx.slots, firstVisit));
      },
    ],
  },
  {
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
      body: bookingFormBody(),
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
    handlers: (ctx) => [noStore, ...createBooking(ctx)],
  },
  {
    method: 'get',
    path: '/api/bookings/{id}',
    operationId: 'getManagedBooking',
    summary: 'A booking, from its manage link',
    access: 'bookingOwner',
    request: { params: bookingId, query: manageTokenParameters },
    responses: {
      '200': jsonResponse(
        'The booking and what may still be done with it.',
        z.object({ booking: managedBookingViewSchema }),
      ),
      '404': notOwned,
    },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'reads',
    handlers: (ctx) => [
      noStore,
      ctx.signedIn,
      async (req, res) => {
        const booking = await ctx.bookings.findOwned(String(req.params.id), linkProof(req));
        res.json({
          booking: managedBookingView(booking, new Date(), await ctx.bookings.planOf(booking)),
        });
      },
    ],
  },
  {
    method: 'post',
    path: '/api/bookings/{id}/cancel',
    operationId: 'cancelBooking',
    summary: 'Cancel a booking from its manage link',
    description: 'A paid booking more than 24 hours ahead is refunded.',
    access: 'bookingOwner',
    request: { params: bookingId, query: manageTokenParameters },
    responses: {
      '200': jsonResponse('Cancelled.', managedBookingAnswer),
      '404': notOwned,
      '409': errorResponse('The booking can no longer be cancelled.'),
    },
    errors: ['BadRequest', 'NotFound', 'TooManyRequests'],
    fuzz: 'credential',
    handlers: (ctx) => [
      noStore,
      ctx.formLimit,
      ctx.signedIn,
      async (req, res) => {
        const owned = await ctx.bookings.findOwned(String(req.params.id), postedProof(req));
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
    ],
  },
  {
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
    request: { params: bookingId, query: manageTokenParameters },
    responses: {
      '202': jsonResponse('Noted.', z.object({ ok: z.literal(true) })),
      '404': notOwned,
    },
    errors: ['BadRequest', 'NotFound', 'TooManyRequests'],
    fuzz: 'credential',
    handlers: (ctx) => [
      noStore,
      ctx.formLimit,
      ctx.signedIn,
      async (req, res) => {
        const owned = await ctx.bookings.findOwned(String(req.params.id), postedProof(req));
        await ctx.bookings.paymentLeft(owned);
        res.status(202).json({ ok: true });
      },
    ],
  },
  {
    method: 'post',
    path: '/api/bookings/{id}/reschedule',
    operationId: 'rescheduleBooking',
    summary: 'Move a booking to another date and time window',
    description: VISIT_FIELDS,
    access: 'bookingOwner',
    request: {
      params: bookingId,
      query: manageTokenParameters,
      body: jsonBody(rescheduleSchema()),
    },
    responses: {
      '200': jsonResponse('Moved.', managedBookingAnswer),
      '404': notOwned,
      '409': errorResponse('The booking can no longer be moved, or the new window is full.'),
    },
    errors: ['BadRequest', 'NotFound', 'TooManyRequests'],
    fuzz: 'credential',
    handlers: (ctx) => [
      noStore,
      ctx.formLimit,
      ctx.signedIn,
      async (req, res) => {
        const { date, time, token } = parseBody(rescheduleSchema(), req.body);
        const proof = ownershipProof(req, postedToken(req, token));
        const owned = await ctx.bookings.findOwned(String(req.params.id), proof);
        const booking = await ctx.bookings.reschedule(owned.id as string, date, time);
        const view = managedBookingView(booking, new Date(), await ctx.bookings.planOf(booking));
        res.json({
          booking: view,
          message: BookingMessages.rescheduled(view.date, view.timeLabel),
        });
      },
    ],
  },
  {
    method: 'get',
    path: '/api/me/bookings',
    operationId: 'listMyBookings',
    summary: "The signed-in account's bookings",
    access: 'user',
    responses: {
      '200': jsonResponse('The bookings.', z.object({ bookings: z.array(bookingViewSchema) })),
    },
    fuzz: 'reads',
    handlers: (ctx) => [
      noStore,
      requireAuth(ctx.tokens),
      async (req, res) => {
        const user = signedInUser(req.user);
        const bookings = await ctx.bookings.listForUser(user.id as string);
        const plans = await ctx.bookings.plansOf(bookings);
        res.json({
          bookings: bookings.map((booking) =>
            bookingView(booking, plans.get(booking.subscriptionId ?? '') ?? null),
          ),
        });
      },
    ],
  },
]);

/** The booking endpoints, mounted under /api. */
export function bookingRoutes(deps: BookingRouteDependencies): Router {
  return mountEndpoints(express.Router(), bookingEndpoints, {
    ...deps,
    signedIn: identifyUser(deps.tokens),
  });
}

/**
 * POST /bookings, also served at the path the original front end used. The photo is streamed to
 * storage as it arrives; if the booking is then refused or fails, the photo is removed again.
 */
export function createBooking(deps: BookingRouteDependencies): RequestHandler[] {
  // Built once: it reads today's date at each parse, not when it is built.
  const bookingForm = bookingFormSchema(todayInToronto, deps.serviceAreas);
  const chooseId: RequestHandler = (req, res, next) => {
    if (!req.is(['multipart/form-data', 'application/json'])) {
      throw new DomainError('unsupportedMedia', 'Send the booking form as multipart/form-data.');
    }
    res.locals.bookingId = newBookingId();
    next();
  };
  const create: RequestHandler = async (req, res) => {
    const photo = storedPhoto(req);
    try {
      const idempotencyKey = req.get('Idempotency-Key');
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw new DomainError('invalid', BookingMessages.idempotencyKey);
      }
      const form = parseBody(bookingForm, req.body);
      const { booking, token, replayed } = await deps.bookings.create(form, {
        bookingId: res.locals.bookingId as string,
        photo,
        userId: req.user?.id as string | undefined,
        idempotencyKey,
      });
      if (replayed && photo) await deps.storage.delete(photo.key).catch(() => undefined);
      const answer: NewBookingAnswer = {
        booking: bookingView(booking, await deps.bookings.planOf(booking)),
        token,
        message:
          booking.planId === CUSTOM_ESTIMATE
            ? BookingMessages.estimateThanks
            : BookingMessages.created,
      };
      res.status(replayed ? 200 : 201).json(answer);
    } catch (error) {
      if (photo) {
        await deps.storage.delete(photo.key).catch((cause: unknown) => {
          deps.logger.warn(
            { err: cause, key: photo.key },
            'could not remove a refused booking photo',
          );
        });
      }
      throw error;
    }
  };
  return [
    deps.formLimit,
    identifyUser(deps.tokens),
    chooseId,
    receiveBookingForm(deps.storage, deps.logger),
    create,
  ];
}
