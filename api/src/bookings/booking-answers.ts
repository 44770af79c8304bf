import { z } from 'zod';
import type {
  Availability,
  BookingView,
  ManagedBookingView,
} from '../domain/booking/booking-schema';
import { BOOKING_STATUSES } from '../domain/booking/booking-status';
import { TIME_WINDOW_IDS, type PlanId } from '../domain/booking/catalogue';
import type { MonthlyPlanPreview } from '../domain/subscription/visit-schedule';
import { monthlyPlanSchema } from './plan-answers';

/** The shapes of the booking routes' answers, for the API reference (they check nothing). */

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
  monthlyPlan: monthlyPlanSchema.nullable(),
  discount: z
    .object({ percent: z.number().int(), fullPriceCents: z.number().int() })
    .nullable()
    .describe("A Monthly Visit plan member's discount; amountCents is already after it."),
}) satisfies z.ZodType<BookingView>;

export const managedBookingViewSchema = bookingViewSchema.extend({
  name: z.string(),
  company: z
    .string()
    .nullable()
    .optional()
    .describe('The company its invoices are made out to; null for none.'),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  postalCode: z
    .string()
    .describe("The service address's postal code, 'M4W 1P8'; empty for older bookings."),
  canCancel: z.boolean(),
  canReschedule: z.boolean(),
  canPay: z
    .boolean()
    .describe(
      'Waiting for its money and payable now: the manage page offers Pay now (a booking paid ' +
        'for itself; a plan pays through its own section).',
    ),
  refundOnCancel: z.boolean(),
  refundUntil: z
    .string()
    .nullable()
    .describe(
      'Paid bookings: the last moment a cancel is refunded (24 hours before the visit as first ' +
        'paid for; moving the visit does not move it). Null when unpaid.',
    ),
  closedDay: z
    .object({
      date: z.string(),
      reason: z.string(),
      offer: z.object({ date: z.string(), time: timeWindow }).nullable(),
    })
    .nullable()
    .describe(
      'Set while the visit sits on a day the business closed after it was booked: the day, why, ' +
        'and the next open day with room offered to move it to (null when none was found). A ' +
        'cancel then is refunded in full.',
    ),
}) satisfies z.ZodType<ManagedBookingView>;

export const availabilitySchema = z.object({
  capacity: z.number().int(),
  days: z.array(
    z.object({
      date: z.string(),
      windows: z.record(timeWindow, z.number().int().describe('Places left.')),
      closed: z
        .array(timeWindow)
        .describe(
          'Windows no longer open to book: started, or starting within SAME_DAY_LEAD_HOURS, or ' +
            'the whole day closed (they show no places left).',
        ),
      closedReason: z
        .string()
        .optional()
        .describe(
          'Present when the business is closed that day (a public holiday, an optional holiday ' +
            'in EXTRA_HOLIDAYS, an operator\'s closure): why, as customers read it after "Closed: ".',
        ),
    }),
  ),
}) satisfies z.ZodType<Availability>;

export const catalogueSchema = z.object({
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

export const bookingAnswer = z.object({
  booking: bookingViewSchema,
  token: z
    .string()
    .describe(
      'Proof of ownership: send it as `token` to pay for, open, cancel or move this booking.',
    ),
  message: z.string(),
});
export const managedBookingAnswer = z.object({
  booking: managedBookingViewSchema,
  message: z.string(),
});

const visitSlotSchema = z.object({ date: z.string(), time: timeWindow });

export const monthlyPlanPreviewSchema = z.object({
  rule: z.string().describe('The rule every monthly period follows, in words.'),
  periodStart: z.string(),
  renewsOn: z.string().describe('The first renewal: the next period starts (and is paid) then.'),
  visits: z.array(
    visitSlotSchema.extend({
      available: z.boolean().describe('A place is free in its window now.'),
      alternatives: z
        .array(visitSlotSchema)
        .describe('For a full visit: the free windows of its week, nearest day first.'),
      movedFrom: z
        .object({ date: z.string(), reason: z.string() })
        .optional()
        .describe(
          'Present when the rule put this visit on a closed day: the day and why it is closed. ' +
            'The visit has stepped to the nearest open day of its week (same window first).',
        ),
    }),
  ),
}) satisfies z.ZodType<MonthlyPlanPreview>;
