import { z } from 'zod';
import { managedBookingViewSchema } from '../bookings/booking-answers';
import type {
  AdminBookingList,
  AdminBookingView,
  AdminContactMessageList,
  AdminScheduleWeek,
  AdminSubscriberList,
} from '../domain/admin/admin-views';
import { BOOKING_STATUSES } from '../domain/booking/booking-status';
import { TIME_WINDOW_IDS } from '../domain/booking/catalogue';
import { cursorField, keyedPageFields } from '../domain/admin/keyed-page-fields';

/** The shapes of the operators' routes' answers, for the API reference (they check nothing). */

export const adminBookingViewSchema = managedBookingViewSchema.extend({
  photoUrl: z
    .string()
    .nullable()
    .describe('A signed address of the photo, valid for a few minutes; null without a photo.'),
  allowedStatuses: z.array(z.enum(BOOKING_STATUSES)).describe('The moves allowed from here.'),
  crewId: z.string().nullable().describe('The crew going to the visit; null when none is.'),
  details: z
    .string()
    .describe("The customer's words about the job (an estimate's project); '' when none."),
}) satisfies z.ZodType<AdminBookingView>;

export const adminBookingListSchema = z.object({
  bookings: z.array(adminBookingViewSchema),
  total: z
    .number()
    .int()
    .nullable()
    .describe('How many the date and status filters find (from an index); null for a search.'),
  pageSize: z.number().int(),
  next: cursorField('The place after the last row (older), as `after`'),
  previous: cursorField('The place before the first row (newer), as `before`'),
}) satisfies z.ZodType<AdminBookingList>;

export const contactMessageListSchema = z.object({
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
  ...keyedPageFields,
}) satisfies z.ZodType<AdminContactMessageList>;

export const subscriberListSchema = z.object({
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
  ...keyedPageFields,
}) satisfies z.ZodType<AdminSubscriberList>;

/** The query parameters of a list paged by key; pages hold 50. */
export const CURSORS = {
  after: 'Older: the rows after this place (a list answer’s `next`).',
  before: 'Newer: the rows before this place (a list answer’s `previous`).',
};

export const scheduleVisit = z.object({
  kind: z.enum(['one-time', 'plan', 'estimate']),
  booking: adminBookingViewSchema,
});

export const adminScheduleWeekSchema = z.object({
  from: z.string(),
  to: z.string(),
  capacity: z.number().int(),
  crews: z
    .array(z.object({ id: z.string(), name: z.string() }))
    .describe('The crews, one visit each per window; their number is the capacity.'),
  days: z.array(
    z.object({
      date: z.string(),
      windows: z.array(
        z.object({
          time: z.enum(TIME_WINDOW_IDS),
          label: z.string(),
          used: z.number().int().describe('Places held, paid or held unpaid.'),
          capacity: z.number().int(),
          visits: z.array(scheduleVisit),
        }),
      ),
      estimates: z
        .array(scheduleVisit)
        .describe('Estimate requests whose site visit is still to schedule; they hold no place.'),
      closedReason: z
        .string()
        .optional()
        .describe('Present when the business is closed that day (a holiday, a closure): why.'),
    }),
  ),
}) satisfies z.ZodType<AdminScheduleWeek>;
