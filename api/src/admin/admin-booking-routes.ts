import express, { type Router } from 'express';
import { isBookingId } from '../domain/booking/booking-id';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { signedInUser } from '../accounts/require-auth';
import type { BookingLifecycle } from '../bookings/lifecycle/booking-lifecycle';
import type { AdminBookingList, AdminBookingView, Crew } from '../domain/admin/admin-views';
import { timeLabel, timeWindowField, visitDateField } from '../domain/booking/booking-schema';
import { assignCrew } from './crew-assignment';
import { BOOKING_STATUSES } from '../domain/booking/booking-status';
import {
  BOOKING_SEARCH_MAX,
  BOOKING_SORTS,
  BookingSearchMessages,
  DEFAULT_BOOKING_SORT,
} from '../domain/admin/booking-search';
import {
  bookingCursorText,
  bookingCursorValues,
  bookingPhoto,
  countBookings,
  listBookings,
  type BookingCursor,
} from './admin-booking-list';
import { cursorParam, ListCursorMessages } from './list-cursor';
import { isCalendarDate, todayInToronto } from '../domain/calendar/toronto-date';
import type { SlotLedger } from '../bookings/slot-ledger';
import { scheduleWeek } from './schedule-board';
import { DomainError } from '../domain/domain-error';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { errorResponse, jsonResponse } from '../http/openapi/shared-responses';
import { jsonBody, pathParams, queryOf } from '../http/request-schemas';
import type { Storage } from '../platform/storage';
import {
  adminBookingListSchema,
  adminBookingViewSchema,
  adminScheduleWeekSchema,
  CURSORS,
} from './admin-answers';
import { adminBookingView } from './admin-booking-view';
import { AdminMessages } from '../domain/admin/admin-messages';
import { ADMIN_PAGE_SIZE } from '../domain/admin/admin-views';
import { PHOTO_LINK_TTL_SECONDS, type BookingPhotoLinks } from './booking-photo-links';
import { sendPrivateImage } from '../http/private-image';

export interface AdminBookingRouteDependencies {
  guards: Guards;
  crews: readonly Crew[];
  lifecycle: BookingLifecycle;
  slots: SlotLedger;
  storage: Storage;
  photoLinks: BookingPhotoLinks;
}

const statusField = z.enum(BOOKING_STATUSES, {
  error: `status must be one of: ${BOOKING_STATUSES.join(', ')}.`,
});

const listQuery = z.object({
  date: z
    .string({ error: 'date must be a date (YYYY-MM-DD).' })
    .refine(isCalendarDate, 'date must be a date (YYYY-MM-DD).')
    .optional(),
  status: statusField.optional(),
  q: z
    .string({ error: BookingSearchMessages.search })
    .trim()
    .min(1, BookingSearchMessages.search)
    .max(BOOKING_SEARCH_MAX, BookingSearchMessages.search)
    // eslint-disable-next-line no-control-regex
    .refine((text) => !/[\u0000-\u001F\u007F]/.test(text), BookingSearchMessages.search)
    .optional(),
  sort: z.enum(BOOKING_SORTS, { error: BookingSearchMessages.sort }).default(DEFAULT_BOOKING_SORT),
  after: cursorParam(bookingCursorValues).optional(),
  before: cursorParam(bookingCursorValues).optional(),
});

const moveBody = z.object({ status: statusField });

const crewBody = z.object({
  crewId: z
    .string({ error: AdminMessages.unknownCrew })
    .max(100, AdminMessages.unknownCrew)
    .nullable(),
});

const scheduleBody = z.object({ date: visitDateField(), time: timeWindowField });

const scheduleQuery = z.object({
  week: z
    .string({ error: 'week must be a date (YYYY-MM-DD).' })
    .refine(isCalendarDate, 'week must be a date (YYYY-MM-DD).')
    .optional(),
});

const isMissingObject = (error: unknown) =>
  error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound');

async function openPhoto(storage: Storage, key: string): Promise<Readable> {
  try {
    return await storage.get(key);
  } catch (error) {
    if (isMissingObject(error)) throw new DomainError('notFound', AdminMessages.photoNotFound);
    const unavailable = new DomainError('unavailable', AdminMessages.photoUnavailable);
    unavailable.cause = error;
    throw unavailable;
  }
}

/** What the routes share, built once. */
interface AdminBookingContext extends AdminBookingRouteDependencies {
  view: (booking: Parameters<typeof adminBookingView>[0]) => AdminBookingView;
}

const movedAnswer = z.object({ booking: adminBookingViewSchema, message: z.string() });
const bookingId = pathParams({ id: 'The booking id.' });

/**
 * GET /admin/bookings (today's and upcoming visits first, filtered and searched), PATCH
 * /admin/bookings/:id {status}, and the photos the list links to.
 */
export const adminBookingEndpoints = endpointGroup<AdminBookingContext>('admin', [
  endpoint({
    method: 'get',
    path: '/api/admin/bookings',
    operationId: 'adminListBookings',
    summary: 'Bookings, today’s and upcoming visits first, found by who or what',
    description:
      '`q` finds a booking by its reference, email or phone (any punctuation, with or without ' +
      'the country code) exactly, its postal code or area (`M4W`), or the start of any word ' +
      'of the name, whatever the case. `sort=upcoming` (the default) lists visits from today ' +
      'on, soonest first, then past ones, latest first; `sort=latest` lists them all latest ' +
      'first. Pages are read by key: `next` (older, further down the list) and `previous` ' +
      '(newer) are places to send back as `after` and `before`, null at the ends. `total` ' +
      'counts what the date and status filters find; it is null for a search.',
    access: 'admin',
    request: {
      query: queryOf(listQuery, {
        date: 'Only visits on this date (YYYY-MM-DD).',
        status: 'Only bookings in this status.',
        q: 'A name, email, phone, reference or postal code.',
        sort: 'upcoming (default) or latest.',
        ...CURSORS,
      }),
    },
    responses: { '200': jsonResponse('A page of bookings.', adminBookingListSchema) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handle: async ({ query, res }, { view }) => {
      if (query.after !== undefined && query.before !== undefined) {
        throw new DomainError('validation.invalid', ListCursorMessages.both);
      }
      const listQuery = { ...query, limit: ADMIN_PAGE_SIZE };
      const [page, total] = await Promise.all([
        listBookings(listQuery, todayInToronto()),
        countBookings(listQuery),
      ]);
      const text = (cursor: BookingCursor | null) =>
        cursor === null ? null : bookingCursorText(cursor);
      const list: AdminBookingList = {
        bookings: page.bookings.map(view),
        total,
        pageSize: ADMIN_PAGE_SIZE,
        next: text(page.next),
        previous: text(page.previous),
      };
      res.json(list);
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/admin/schedule',
    operationId: 'adminScheduleWeek',
    summary: 'The schedule board: a week by day and time window',
    description:
      'The Monday-to-Sunday week holding `week` (this week without it): for each day and window ' +
      'the places used of the capacity and the visits (one-time or a plan’s), and the estimate ' +
      'requests preferring that day, which hold no place.',
    access: 'admin',
    request: {
      query: queryOf(scheduleQuery, { week: 'Any day of the week to show (YYYY-MM-DD).' }),
    },
    responses: { '200': jsonResponse('The week.', adminScheduleWeekSchema) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handle: async ({ query, res }, { slots, crews, view }) => {
      res.json(await scheduleWeek(query.week ?? todayInToronto(), { slots, crews, view }));
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/admin/bookings/{id}/crew',
    operationId: 'adminAssignCrew',
    summary: 'Send a crew to a visit, or take it off',
    description:
      'One visit per crew per window: a crew already going somewhere in that window is refused ' +
      '(409). A visit moved to another window or called off loses its crew.',
    access: 'admin',
    request: { params: bookingId, body: jsonBody(crewBody) },
    responses: {
      '200': jsonResponse('Assigned.', movedAnswer),
      '409': errorResponse('The crew is busy in that window, or the booking is not a visit.'),
    },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'body',
    handle: async ({ params, body, res }, { crews, view }) => {
      const booking = await assignCrew(params.id, body.crewId, crews);
      const crew = crews.find((candidate) => candidate.id === booking.crewId);
      res.json({
        booking: view(booking),
        message: AdminMessages.crewAssigned(crew?.name ?? null, booking.reference),
      });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/admin/bookings/{id}/schedule',
    operationId: 'adminScheduleVisit',
    summary: "Book an estimate's site visit, or move a visit, to a date and window",
    description:
      'An estimate request becomes a site visit booked in that window (it takes a place; the ' +
      'customer is told). Any other open visit, a no-show included, moves there as a customer’s ' +
      'move would: a no-show becomes paid again. 409 when the window is full or the booking ' +
      'cannot move.',
    access: 'admin',
    request: { params: bookingId, body: jsonBody(scheduleBody) },
    responses: {
      '200': jsonResponse('Scheduled.', movedAnswer),
      '409': errorResponse('The window is full, or the booking cannot be scheduled.'),
    },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'body',
    handle: async ({ params, body, req, res }, { lifecycle, view }) => {
      const adminId = signedInUser(req.user).id as string;
      const booking = await lifecycle.scheduledByOperator(params.id, body, adminId);
      res.json({
        booking: view(booking),
        message: AdminMessages.scheduled(booking.reference, booking.date, timeLabel(booking.time)),
      });
    },
  }),
  endpoint({
    method: 'patch',
    path: '/api/admin/bookings/{id}',
    operationId: 'adminMoveBooking',
    summary: 'Move a booking to another status',
    description:
      'Only the moves the booking state machine allows. Moving a paid booking to `refunded` ' +
      'asks the payment provider for the refund (202); the booking shows refunded once the ' +
      'provider confirms it.',
    access: 'admin',
    request: { params: bookingId, body: jsonBody(moveBody) },
    responses: {
      '200': jsonResponse('Moved.', movedAnswer),
      '202': jsonResponse('Refund requested.', movedAnswer),
      '409': errorResponse('That move is not allowed from the booking’s status.'),
    },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'body',
    handle: async ({ params, body, req, res }, { lifecycle, view }) => {
      const { status } = body;
      const adminId = signedInUser(req.user).id as string;
      const { booking, refundRequested } = await lifecycle.movedByOperator(
        params.id,
        status,
        adminId,
      );
      // 202 for a refund: accepted, and finished by the provider's confirmation.
      res.status(refundRequested ? 202 : 200).json({
        booking: view(booking),
        message: refundRequested ? AdminMessages.refundRequested : AdminMessages.moved(status),
      });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/admin/booking-photos/{id}',
    operationId: 'adminGetBookingPhoto',
    summary: "A booking's photo, from the signed address in the bookings list",
    description:
      'No login token: an <img> cannot send one, so the short-lived signed address is the credential.',
    access: 'signedLink',
    request: {
      params: bookingId,
      rawQuery: [
        {
          name: 'expires',
          in: 'query',
          required: true,
          description: 'When the address stops working (Unix seconds).',
          schema: { type: 'string', pattern: '^\\d{1,12}$' },
        },
        {
          name: 'sig',
          in: 'query',
          required: true,
          description: 'The signature of the booking id and expiry.',
          schema: { type: 'string' },
        },
      ],
    },
    responses: {
      '200': {
        description: 'The photo.',
        content: {
          'image/jpeg': { schema: { type: 'string', contentMediaType: 'image/jpeg' } },
          'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } },
        },
      },
      '403': errorResponse('The address is invalid or has expired.'),
      '404': errorResponse('The booking has no photo.'),
    },
    errors: ['ServiceUnavailable'],
    fuzz: 'reads',
    // No login: an <img> sends no Bearer token. The signed, short-lived address is the check.
    handle: async ({ params, req, res }, { photoLinks, storage }) => {
      const { id } = params;
      if (!isBookingId(id) || !photoLinks.verify(id, req.query.expires, req.query.sig)) {
        throw new DomainError('link.invalid', AdminMessages.photoLinkInvalid);
      }
      const photo = await bookingPhoto(id);
      if (!photo) throw new DomainError('notFound', AdminMessages.photoNotFound);
      const body = await openPhoto(storage, photo.key);
      await sendPrivateImage(req, res, {
        body,
        contentType: photo.contentType,
        cacheControl: `private, max-age=${PHOTO_LINK_TTL_SECONDS}`,
        logContext: { image: 'booking photo', bookingId: id },
      });
    },
  }),
]);

export function adminBookingRoutes(deps: AdminBookingRouteDependencies): Router {
  return mountEndpoints(
    express.Router(),
    adminBookingEndpoints,
    { ...deps, view: (booking) => adminBookingView(booking, deps.photoLinks, deps.lifecycle) },
    { guards: deps.guards },
  );
}
