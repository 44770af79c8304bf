import { z } from 'zod';
import {
  listQuery as adminBookingQuery,
  moveBody as adminBookingMove,
} from '../../admin/admin-booking-routes';
import { listQuery as contactMessageQuery } from '../../admin/admin-contact-routes';
import { listQuery as subscriberQuery } from '../../admin/admin-subscriber-routes';
import type {
  AdminBookingList,
  AdminBookingView,
  AdminContactMessageList,
  AdminSubscriberList,
} from '../../domain/admin/admin-views';
import { BOOKING_STATUSES } from '../../domain/booking/booking-status';
import {
  CAMPAIGN_FORMATS,
  CAMPAIGN_STATUSES,
  campaignSchema,
  type CampaignView,
} from '../../domain/newsletter/newsletter-schema';
import type { FailedDelivery } from '../../newsletter/campaign-service';
import type { ApiArea, ApiOperation } from './api-operation';
import { managedBookingViewSchema } from '../../bookings/booking-answers';
import { errorResponse, jsonResponse } from './shared-responses';
import { jsonBody, queryParameters } from './zod-to-openapi';

const adminBookingViewSchema = managedBookingViewSchema.extend({
  photoUrl: z
    .string()
    .nullable()
    .describe('A signed address of the photo, valid for a few minutes; null without a photo.'),
  allowedStatuses: z.array(z.enum(BOOKING_STATUSES)).describe('The moves allowed from here.'),
}) satisfies z.ZodType<AdminBookingView>;

const pageFields = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };

const adminBookingListSchema = z.object({
  bookings: z.array(adminBookingViewSchema),
  ...pageFields,
}) satisfies z.ZodType<AdminBookingList>;

const contactMessageListSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      fullName: z.string(),
      email: z.string(),
      phone: z.string(),
      subject: z.string(),
      message: z.string(),
      createdAt: z.string(),
    }),
  ),
  ...pageFields,
}) satisfies z.ZodType<AdminContactMessageList>;

const subscriberListSchema = z.object({
  subscribers: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      status: z.string(),
      createdAt: z.string(),
      confirmedAt: z.string().nullable(),
    }),
  ),
  counts: z.record(z.string(), z.number().int()).describe('Subscribers in each status.'),
  ...pageFields,
}) satisfies z.ZodType<AdminSubscriberList>;

const campaignViewSchema = z.object({
  id: z.string(),
  subject: z.string(),
  format: z.enum(CAMPAIGN_FORMATS),
  status: z.enum(CAMPAIGN_STATUSES),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  recipientsFixed: z.boolean().describe('Every recipient has a delivery: `total` will not grow.'),
  progress: z.object({
    total: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
    pending: z.number().int(),
  }),
}) satisfies z.ZodType<CampaignView>;

const failedDeliverySchema = z.object({
  email: z.string(),
  attempts: z.number().int(),
  reason: z.string(),
}) satisfies z.ZodType<FailedDelivery>;

const PAGE = { page: 'Page number, from 1; pages hold 50.' };
const campaignId = { id: 'The campaign id.' };
const campaignAnswer = jsonResponse('The campaign.', z.object({ campaign: campaignViewSchema }));

/** send, pause and resume: one move of a campaign each. */
function campaignMove(
  move: 'send' | 'pause' | 'resume',
  operationId: string,
  summary: string,
  refused: string,
): ApiOperation {
  return {
    method: 'post',
    path: `/api/admin/campaigns/{id}/${move}`,
    operationId,
    summary,
    access: 'admin',
    pathParameters: campaignId,
    responses: { '200': campaignAnswer, '409': errorResponse(refused) },
    errors: ['NotFound'],
  };
}

export const adminArea: ApiArea = {
  tag: 'admin',
  description:
    "The operators' API: bookings, contact messages, subscribers, newsletter campaigns and the " +
    'queue dashboard session. Every route needs an admin account, except the signed photo links.',
  operations: [
    {
      method: 'get',
      path: '/api/admin/bookings',
      operationId: 'adminListBookings',
      summary: 'Bookings, newest visit date first',
      access: 'admin',
      parameters: queryParameters(adminBookingQuery, {
        date: 'Only visits on this date (YYYY-MM-DD).',
        status: 'Only bookings in this status.',
        ...PAGE,
      }),
      responses: { '200': jsonResponse('A page of bookings.', adminBookingListSchema) },
      errors: ['BadRequest'],
    },
    {
      method: 'patch',
      path: '/api/admin/bookings/{id}',
      operationId: 'adminMoveBooking',
      summary: 'Move a booking to another status',
      description:
        'Only the moves the booking state machine allows. Moving a paid booking to `refunded` ' +
        'asks the payment provider for the refund (202); the booking shows refunded once the ' +
        'provider confirms it.',
      access: 'admin',
      pathParameters: { id: 'The booking id.' },
      requestBody: jsonBody(adminBookingMove),
      responses: {
        '200': jsonResponse(
          'Moved.',
          z.object({ booking: adminBookingViewSchema, message: z.string() }),
        ),
        '202': jsonResponse(
          'Refund requested.',
          z.object({ booking: adminBookingViewSchema, message: z.string() }),
        ),
        '409': errorResponse('That move is not allowed from the booking’s status.'),
      },
      errors: ['BadRequest', 'NotFound'],
    },
    {
      method: 'get',
      path: '/api/admin/booking-photos/{id}',
      operationId: 'adminGetBookingPhoto',
      summary: "A booking's photo, from the signed address in the bookings list",
      description:
        'No login token: an <img> cannot send one, so the short-lived signed address is the credential.',
      access: 'signedLink',
      pathParameters: { id: 'The booking id.' },
      parameters: [
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
    },
    {
      method: 'get',
      path: '/api/admin/contact-messages',
      operationId: 'adminListContactMessages',
      summary: 'Contact form messages, newest first',
      access: 'admin',
      parameters: queryParameters(contactMessageQuery, PAGE),
      responses: { '200': jsonResponse('A page of messages.', contactMessageListSchema) },
      errors: ['BadRequest'],
    },
    {
      method: 'get',
      path: '/api/admin/subscribers',
      operationId: 'adminListSubscribers',
      summary: 'Newsletter subscribers, newest first',
      access: 'admin',
      parameters: queryParameters(subscriberQuery, {
        status: 'Only subscribers in this status.',
        ...PAGE,
      }),
      responses: { '200': jsonResponse('A page of subscribers.', subscriberListSchema) },
      errors: ['BadRequest'],
    },
    {
      method: 'post',
      path: '/api/admin/queue-session',
      operationId: 'adminOpenQueueSession',
      summary: 'Open the queue dashboard in this browser',
      description:
        'Trades the login token for an HttpOnly cookie scoped to the dashboard, which a page ' +
        'navigation sends (it cannot send a Bearer token).',
      access: 'admin',
      responses: {
        '204': {
          description: 'The cookie is set.',
          headers: {
            'Set-Cookie': { description: 'The dashboard session.', schema: { type: 'string' } },
          },
        },
      },
    },
    {
      method: 'delete',
      path: '/api/admin/queue-session',
      operationId: 'adminCloseQueueSession',
      summary: "End this browser's queue dashboard session",
      description: 'Open to anyone: it only clears the cookie of the browser that sends it.',
      access: 'public',
      responses: { '204': { description: 'The cookie is cleared.' } },
    },
    {
      method: 'get',
      path: '/api/admin/campaigns',
      operationId: 'adminListCampaigns',
      summary: 'Newsletter campaigns and their progress',
      access: 'admin',
      responses: {
        '200': jsonResponse('The campaigns.', z.object({ campaigns: z.array(campaignViewSchema) })),
      },
    },
    {
      method: 'post',
      path: '/api/admin/campaigns',
      operationId: 'adminCreateCampaign',
      summary: 'Write a campaign (a draft)',
      description: 'HTML bodies are sanitised; Markdown is rendered to HTML.',
      access: 'admin',
      requestBody: jsonBody(campaignSchema),
      responses: { '201': campaignAnswer },
      errors: ['BadRequest'],
    },
    {
      method: 'get',
      path: '/api/admin/campaigns/{id}',
      operationId: 'adminGetCampaign',
      summary: 'One campaign and its progress',
      access: 'admin',
      pathParameters: campaignId,
      responses: { '200': campaignAnswer },
      errors: ['NotFound'],
    },
    {
      method: 'get',
      path: '/api/admin/campaigns/{id}/failures',
      operationId: 'adminListCampaignFailures',
      summary: 'Deliveries of a campaign that failed',
      access: 'admin',
      pathParameters: campaignId,
      responses: {
        '200': jsonResponse(
          'The failed deliveries, latest first (at most 500).',
          z.object({ failures: z.array(failedDeliverySchema) }),
        ),
      },
      errors: ['NotFound'],
    },
    campaignMove('send', 'adminSendCampaign', 'Start sending a draft', 'Only a draft can be sent.'),
    campaignMove(
      'pause',
      'adminPauseCampaign',
      'Pause sending',
      'Only a campaign being sent can be paused.',
    ),
    campaignMove(
      'resume',
      'adminResumeCampaign',
      'Resume sending',
      'Only a paused campaign can be resumed.',
    ),
  ],
};
