import { z } from 'zod';
import { availabilityQuery, manageToken } from '../../bookings/booking-routes';
import {
  BOOKING_IMAGE_FIELD,
  BOOKING_IMAGE_TYPES,
  bookingFormSchema,
  rescheduleSchema,
  type Availability,
  type BookingView,
  type ManagedBookingView,
} from '../../domain/booking/booking-schema';
import { BOOKING_STATUSES } from '../../domain/booking/booking-status';
import { TIME_WINDOW_IDS, type PlanId } from '../../domain/booking/catalogue';
import type { ApiArea } from './api-operation';
import type { RequestBodyObject } from './openapi-types';
import { errorResponse, jsonResponse } from './shared-responses';
import { jsonBody, multipartBody, queryParameters } from './zod-to-openapi';

const timeWindow = z.enum(TIME_WINDOW_IDS);
const planId = z.enum(['one-time', 'monthly', 'custom-estimate']) satisfies z.ZodType<PlanId>;

export const bookingViewSchema = z.object({
  id: z.string().describe('128 random bits as 32 hex digits.'),
  reference: z.string().describe('Short, to read out on the phone; it grants nothing by itself.'),
  service: z.string().describe("The service's title."),
  serviceId: z.string(),
  plan: z.string().describe("The plan's name."),
  planId,
  date: z.string().describe('YYYY-MM-DD, in Toronto.'),
  time: timeWindow,
  timeLabel: z.string(),
  amountCents: z.number().int().nullable().describe('CAD cents; null for a Custom Estimate.'),
  currency: z.literal('cad'),
  status: z.enum(BOOKING_STATUSES),
  hasImage: z.boolean(),
  createdAt: z.string(),
}) satisfies z.ZodType<BookingView>;

export const managedBookingViewSchema = bookingViewSchema.extend({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  canCancel: z.boolean(),
  canReschedule: z.boolean(),
  refundOnCancel: z.boolean(),
  refundUntil: z
    .string()
    .nullable()
    .describe(
      'Paid bookings: the last moment a cancel is refunded (24 hours before the visit as first ' +
        'paid for; moving the visit does not move it). Null when unpaid.',
    ),
}) satisfies z.ZodType<ManagedBookingView>;

const availabilitySchema = z.object({
  capacity: z.number().int(),
  days: z.array(
    z.object({
      date: z.string(),
      windows: z.record(timeWindow, z.number().int().describe('Places left.')),
    }),
  ),
}) satisfies z.ZodType<Availability>;

const catalogueSchema = z.object({
  currency: z.literal('cad'),
  services: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      keyword: z.string(),
      description: z.array(z.string()),
      image: z.string(),
    }),
  ),
  plans: z.array(
    z.object({
      id: planId,
      name: z.string(),
      amountCents: z.number().int().nullable(),
      badge: z.string().nullable(),
      features: z.array(z.string()),
    }),
  ),
  timeWindows: z.array(
    z.object({
      id: timeWindow,
      label: z.string(),
      range: z.string(),
      startHour: z.number().int(),
      endHour: z.number().int(),
    }),
  ),
  estimateOnlyKeywords: z.array(z.string()),
});

const bookingAnswer = z.object({
  booking: bookingViewSchema,
  token: z
    .string()
    .describe(
      'Proof of ownership: send it as `token` to pay for, open, cancel or move this booking.',
    ),
  message: z.string(),
});
const managedBookingAnswer = z.object({ booking: managedBookingViewSchema, message: z.string() });

const manageTokenParameters = queryParameters(manageToken, {
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

export const bookingArea: ApiArea = {
  tag: 'bookings',
  description: 'The catalogue, availability, the booking form and the emailed manage link.',
  operations: [
    {
      method: 'get',
      path: '/api/catalogue',
      operationId: 'getCatalogue',
      summary: 'Services, plans and time windows',
      access: 'public',
      responses: { '200': jsonResponse('The catalogue.', catalogueSchema) },
    },
    {
      method: 'get',
      path: '/api/availability',
      operationId: 'getAvailability',
      summary: 'Places left per date and time window',
      access: 'public',
      parameters: queryParameters(availabilityQuery, {
        from: 'First date, YYYY-MM-DD; today in Toronto when left out.',
        to: 'Last date, YYYY-MM-DD; 30 days after `from` when left out.',
      }),
      responses: { '200': jsonResponse('Places left.', availabilitySchema) },
      errors: ['BadRequest'],
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
        `\`service\` is a catalogue id or title, \`plan\` an id or name; ${VISIT_FIELDS}`,
      access: 'optionalUser',
      parameters: [
        {
          name: 'Idempotency-Key',
          in: 'header',
          description:
            'The same key again, with the same form from the same sender (account), answers 200 ' +
            'with the first booking instead of a second one; with anything else, 409.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' },
        },
      ],
      requestBody: bookingFormBody(),
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
    },
    {
      method: 'get',
      path: '/api/bookings/{id}',
      operationId: 'getManagedBooking',
      summary: 'A booking, from its manage link',
      access: 'bookingOwner',
      pathParameters: bookingId,
      parameters: manageTokenParameters,
      responses: {
        '200': jsonResponse(
          'The booking and what may still be done with it.',
          z.object({ booking: managedBookingViewSchema }),
        ),
        '404': notOwned,
      },
      errors: ['BadRequest', 'NotFound'],
    },
    {
      method: 'post',
      path: '/api/bookings/{id}/cancel',
      operationId: 'cancelBooking',
      summary: 'Cancel a booking from its manage link',
      description: 'A paid booking more than 24 hours ahead is refunded.',
      access: 'bookingOwner',
      pathParameters: bookingId,
      parameters: manageTokenParameters,
      responses: {
        '200': jsonResponse('Cancelled.', managedBookingAnswer),
        '404': notOwned,
        '409': errorResponse('The booking can no longer be cancelled.'),
      },
      errors: ['BadRequest', 'NotFound', 'TooManyRequests'],
    },
    {
      method: 'post',
      path: '/api/bookings/{id}/reschedule',
      operationId: 'rescheduleBooking',
      summary: 'Move a booking to another date and time window',
      description: VISIT_FIELDS,
      access: 'bookingOwner',
      pathParameters: bookingId,
      parameters: manageTokenParameters,
      requestBody: jsonBody(rescheduleSchema()),
      responses: {
        '200': jsonResponse('Moved.', managedBookingAnswer),
        '404': notOwned,
        '409': errorResponse('The booking can no longer be moved, or the new window is full.'),
      },
      errors: ['BadRequest', 'NotFound', 'TooManyRequests'],
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
    },
  ],
};
