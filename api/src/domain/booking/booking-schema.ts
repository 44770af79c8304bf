import '../zod-config';
import { z } from 'zod';
import { emailField } from '../auth/auth-schemas';
import { addDays, isCalendarDate, longDate, todayInToronto } from '../calendar/toronto-date';
import { lineOfText, paragraphsOfText, phoneNumber } from '../form-fields';
import type { BookingStatus } from './booking-status';
import type { MonthlyPlanView } from '../subscription/plan-standing';
import {
  DEFAULT_TIME_WINDOW,
  findPlan,
  findService,
  findTimeWindow,
  isEstimateOnly,
  TIME_WINDOW_IDS,
  type PlanId,
  type TimeWindowId,
} from './catalogue';
import {
  forwardSortationArea,
  inServiceArea,
  normalisePostalCode,
  postalCodeIn,
} from './service-area';

/**
 * The booking form of docs/product.md sections 3 and 5, shared by the API and the site: one set of rules,
 * one set of messages. Browser-safe: zod and domain/ only.
 */

/** The largest booking photo accepted, in bytes (the form's hint says 5MB). */
export const BOOKING_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** What the form's file input offers; the API judges the bytes, not the name or this type. */
export const BOOKING_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
/** The multipart field the photo travels in. */
export const BOOKING_IMAGE_FIELD = 'image';
/** How far ahead a visit can be booked. */
export const BOOKING_HORIZON_DAYS = 365;

export const BOOKING_LIMITS = {
  name: 100,
  /** The customer's company, printed on its invoices (optional). */
  company: 100,
  phone: 30,
  email: 254,
  address: 200,
  // 'M4W 1P8' is 7; the rest is room for the spaces people type.
  postalCode: 12,
  details: 2_000,
} as const;

export const BookingMessages = {
  failed: 'Booking failed',
  estimateThanks: 'Thank you! We will contact you soon.',
  created: 'Your booking has been received.',
  dateRequired: 'Please choose a preferred date.',
  dateFormat: 'Please enter the date as YYYY-MM-DD.',
  dateInPast: 'The preferred date cannot be before today.',
  dateTooFar: `Bookings can be made up to ${BOOKING_HORIZON_DAYS} days ahead.`,
  timeUnknown: 'Please choose a time: morning, afternoon or evening.',
  serviceUnknown: 'Please choose a service from our catalogue.',
  planUnknown: 'Please choose one of our plans.',
  estimateOnly: 'This service is quoted on site: please choose Custom Estimate.',
  postalCodeRequired: 'Postal code is required.',
  postalCodeFormat: 'Please enter a Canadian postal code, like M4W 1P8.',
  /** The site adds a link to the contact page after it. */
  outsideServiceArea: (area: string) =>
    `Sorry, we do not serve the ${area} area yet. Ask us for an estimate through the contact page and we will see what we can do.`,
  // The dates below are YYYY-MM-DD, written in the sentence as people write them.
  windowClosed: (date: string, window: string) =>
    `Sorry, the ${window} window on ${longDate(date)} can no longer be booked: it starts too soon. Please choose a later time or another date.`,
  dayClosed: (date: string, reason: string) =>
    `Sorry, we are closed on ${longDate(date)} (${reason}). Please choose another date.`,
  windowFull: (date: string, window: string) =>
    `Sorry, the ${window} window on ${longDate(date)} is fully booked. Please choose another date or time.`,
  imageTooLarge: 'Photos must be 5 MB or smaller.',
  imageWrongType: 'Photos must be JPEG or PNG images.',
  imageOneOnly: 'Please attach one photo, in the "image" field.',
  imageUnreadable: 'The upload could not be read. Please try again.',
  notFound: 'We could not find that booking.',
  cancelled: 'Your booking has been cancelled.',
  cancelledWithRefund: 'Your booking has been cancelled. Your refund is on its way.',
  cannotCancel: 'This booking can no longer be cancelled.',
  rescheduled: (date: string, window: string) =>
    `Your booking has been moved to ${longDate(date)}, ${window}.`,
  cannotReschedule: 'This booking can no longer be moved.',
  sameSlot: 'Your booking is already on that date and time.',
  unavailable: 'Bookings are unavailable right now. Please try again shortly.',
  idempotencyKey: 'Idempotency-Key must be 8 to 100 letters, digits, - or _.',
  memberToken: 'member must be the token of the discount link we emailed.',
  visitsFormat:
    "visits must list the plan's four visits as YYYY-MM-DD:window, separated by commas.",
  visitsOnlyMonthly: 'Only the Monthly Visit plan books several visits.',
  visitsNotThePlan:
    "Each visit must be on the plan's day of its week, or another day or window of that same week, and the first must be the date and time chosen.",
  idempotencyKeyReused:
    'This Idempotency-Key was already used for another booking request. Please send the form again with a new key.',
  tooManyUnpaid: (limit: string) =>
    `This email address or phone number already has ${limit} bookings waiting for payment. Please pay for one, or let its hold end, before booking another.`,
  token: 'token must be the booking token from the booking answer or the manage link.',
} as const;

/**
 * The proof of ownership that the booking answer (201) and the manage link carry. Optional in
 * every schema: a signed-in owner's login proves ownership too. Anything else is answered like an
 * unknown booking.
 */
export const bookingTokenField = z
  .string({ error: BookingMessages.token })
  .max(100, BookingMessages.token)
  .optional();

/** 'YYYY-MM-DD', a real date, from today in Toronto up to the booking horizon. */
export function visitDateField(today: () => string = todayInToronto) {
  return z
    .string({ error: BookingMessages.dateRequired })
    .trim()
    .min(1, BookingMessages.dateRequired)
    .superRefine((date, context) => {
      const now = today();
      if (!isCalendarDate(date)) {
        context.addIssue({ code: 'custom', message: BookingMessages.dateFormat });
      } else if (date < now) {
        context.addIssue({ code: 'custom', message: BookingMessages.dateInPast });
      } else if (date > addDays(now, BOOKING_HORIZON_DAYS)) {
        context.addIssue({ code: 'custom', message: BookingMessages.dateTooFar });
      }
    });
}

/**
 * The service address's postal code, normalised to 'M4W 1P8'. With `serviceAreas` (the API always
 * gives its configured ones), a code outside them is refused: we cannot send a crew there, so
 * nobody should pay for or wait on a visit we would cancel. Without them (the site before it
 * knows the areas), only the format is checked and the API has the last word.
 */
export function postalCodeField(serviceAreas?: readonly string[]) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? BookingMessages.postalCodeRequired
          : BookingMessages.postalCodeFormat,
    })
    .trim()
    .min(1, BookingMessages.postalCodeRequired)
    .max(BOOKING_LIMITS.postalCode, BookingMessages.postalCodeFormat)
    .transform((value, context) => {
      const postalCode = normalisePostalCode(value);
      if (postalCode === null) {
        context.addIssue({ code: 'custom', message: BookingMessages.postalCodeFormat });
        return z.NEVER;
      }
      if (serviceAreas !== undefined && !inServiceArea(postalCode, serviceAreas)) {
        const area = forwardSortationArea(postalCode);
        context.addIssue({ code: 'custom', message: BookingMessages.outsideServiceArea(area) });
        return z.NEVER;
      }
      return postalCode;
    });
}

/** Preferred Time is optional in the form: left out, it is the morning. */
export const timeWindowField = z
  .string({ error: BookingMessages.timeUnknown })
  .trim()
  .toLowerCase()
  .optional()
  .transform((value) => (value === undefined || value === '' ? DEFAULT_TIME_WINDOW : value))
  .pipe(z.enum(TIME_WINDOW_IDS, { error: BookingMessages.timeUnknown }));

const serviceField = z
  .string({ error: BookingMessages.serviceUnknown })
  .max(100, BookingMessages.serviceUnknown)
  .transform((value, context) => {
    const service = findService(value);
    if (!service) {
      context.addIssue({ code: 'custom', message: BookingMessages.serviceUnknown });
      return z.NEVER;
    }
    return service.id;
  });

const planField = z
  .string({ error: BookingMessages.planUnknown })
  .max(100, BookingMessages.planUnknown)
  .transform((value, context) => {
    const plan = findPlan(value);
    if (!plan) {
      context.addIssue({ code: 'custom', message: BookingMessages.planUnknown });
      return z.NEVER;
    }
    return plan.id;
  });

/** One visit of the plan's choices: '2026-12-08:morning'. */
const VISIT_CHOICE = /^(\d{4}-\d{2}-\d{2}):(morning|afternoon|evening)$/;

/**
 * The Monthly Visit plan's four visits as the customer confirmed them (a full window swapped for
 * another of its week): 'YYYY-MM-DD:window' four times, comma-separated. Left out, the plan's own
 * rule decides them. Whether they follow the rule is judged with the schedule (visit-schedule.ts).
 */
export const planVisitsField = z
  .string({ error: BookingMessages.visitsFormat })
  .trim()
  .max(120, BookingMessages.visitsFormat)
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === '') return undefined;
    const visits: { date: string; time: TimeWindowId }[] = [];
    for (const part of value.split(',')) {
      const match = VISIT_CHOICE.exec(part.trim());
      if (!match?.[1] || !isCalendarDate(match[1])) {
        context.addIssue({ code: 'custom', message: BookingMessages.visitsFormat });
        return z.NEVER;
      }
      visits.push({ date: match[1], time: match[2] as TimeWindowId });
    }
    return visits;
  });

/** The plan's visits as the form's `visits` field carries them. */
export function formatPlanVisits(visits: readonly { date: string; time: TimeWindowId }[]): string {
  return visits.map((visit) => `${visit.date}:${visit.time}`).join(',');
}

/**
 * The form as it is posted (multipart text fields, docs/product.md section 7): name, phone, email,
 * address, postalCode (ours), date, time, service (id or title), plan (id, name or
 * 'One-time Visit - $149'). `serviceAreas`: see postalCodeField.
 */
export function bookingFormSchema(
  today: () => string = todayInToronto,
  serviceAreas?: readonly string[],
) {
  return z.preprocess(withPostalCodeFromAddress, bookingFormFields(today, serviceAreas));
}

/**
 * The original site's form has no postal code field: a form that leaves `postalCode` out takes
 * the code written in its address, so the same service-area rule judges it. A form that sends
 * the field (the site's, even blank) is judged on what it sent.
 */
function withPostalCodeFromAddress(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const form = input as Record<string, unknown>;
  if (form.postalCode !== undefined || typeof form.address !== 'string') return input;
  const postalCode = postalCodeIn(form.address);
  return postalCode === null ? input : { ...form, postalCode };
}

function bookingFormFields(today: () => string, serviceAreas?: readonly string[]) {
  return z
    .object({
      name: lineOfText('Full name', BOOKING_LIMITS.name, true),
      /**
       * The company the invoices are made out to, beside the name; '' or left out for none (a
       * signed-in customer's profile company then, when the profile has one).
       */
      company: lineOfText('Company', BOOKING_LIMITS.company).optional(),
      phone: phoneNumber('Phone number', BOOKING_LIMITS.phone, true),
      email: emailField,
      address: lineOfText('Service address', BOOKING_LIMITS.address, true),
      postalCode: postalCodeField(serviceAreas),
      date: visitDateField(today),
      time: timeWindowField,
      service: serviceField,
      plan: planField,
      visits: planVisitsField,
      /**
       * What the customer tells us of the job: the project to quote for an estimate (the site
       * asks for it there), or anything the crew should know. Shown to operators, never mailed
       * to the customer's address.
       */
      details: paragraphsOfText('Project description', BOOKING_LIMITS.details).optional(),
      /**
       * The token of the member-discount link emailed to a Monthly Visit plan's address: with
       * the same email in the form, a one-time visit of another service is 10% off.
       */
      member: z
        .string({ error: BookingMessages.memberToken })
        .trim()
        .max(100, BookingMessages.memberToken)
        .optional(),
    })
    .superRefine((form, context) => {
      if (form.visits !== undefined && form.plan !== 'monthly') {
        context.addIssue({
          code: 'custom',
          path: ['visits'],
          message: BookingMessages.visitsOnlyMonthly,
        });
      }
      const service = findService(form.service);
      if (service && isEstimateOnly(service) && form.plan !== 'custom-estimate') {
        context.addIssue({ code: 'custom', path: ['plan'], message: BookingMessages.estimateOnly });
      }
    });
}

export type BookingForm = z.infer<ReturnType<typeof bookingFormSchema>>;

/** POST /api/bookings/:id/reschedule (with the manage token): another date and window. */
export function rescheduleSchema(today: () => string = todayInToronto) {
  return z.object({ date: visitDateField(today), time: timeWindowField, token: bookingTokenField });
}

/** POST /api/bookings/:id/cancel: the manage token, unless the owner is signed in. */
export const cancelSchema = z.object({ token: bookingTokenField });

/** A booking as the API answers it to its customer. */
export interface BookingView {
  id: string;
  reference: string;
  /** The service's title, as the order summary shows it. */
  service: string;
  serviceId: string;
  /** The plan's name. */
  plan: string;
  planId: PlanId;
  date: string;
  time: TimeWindowId;
  /** 'Morning (8am-12pm)'. */
  timeLabel: string;
  /** CAD cents, computed by the server; null for a Custom Estimate. */
  amountCents: number | null;
  currency: 'cad';
  status: BookingStatus;
  hasImage: boolean;
  createdAt: string;
  /** For a visit of a Monthly Visit plan: the plan's rule and the visits of its current period. */
  monthlyPlan: MonthlyPlanView | null;
  /** A plan member's discount on this visit; `amountCents` is already the discounted price. */
  discount: { percent: number; fullPriceCents: number } | null;
}

// A plan's view and its standing are the plan's own (domain/subscription/plan-standing.ts).
export type { MonthlyPlanView, PlanVisitView } from '../subscription/plan-standing';

/** What the manage page shows: the booking, its contact details and what may still be done. */
export interface ManagedBookingView extends BookingView {
  name: string;
  /**
   * The company its invoices are made out to; null for none. Optional in the type: answers
   * written before the field existed (and fixtures of them) lack it.
   */
  company?: string | null;
  email: string;
  phone: string;
  address: string;
  /** 'M4W 1P8'; '' for a booking made before the form asked for it. */
  postalCode: string;
  canCancel: boolean;
  canReschedule: boolean;
  /** Waiting for its money, and paid for on its own (not a plan's visit): Pay now. */
  canPay: boolean;
  /** Cancelling now gives the money back (paid, and before `refundUntil`). */
  refundOnCancel: boolean;
  /**
   * For a paid booking, the last moment a cancel is refunded (ISO time): 24 hours before the
   * visit as first paid for. Moving the visit later does not move it. Null when unpaid.
   */
  refundUntil: string | null;
  /**
   * Set while the visit is on a day an operator closed after it was booked: the day, why, and
   * the next open day with room offered to move it to (null when none was found). The customer
   * moves it (the reschedule form, or the offer) or cancels it with a full refund.
   */
  closedDay: ClosedDayNotice | null;
}

/** A booked visit whose day the business closed since (ManagedBookingView.closedDay). */
export interface ClosedDayNotice {
  date: string;
  reason: string;
  offer: { date: string; time: TimeWindowId } | null;
}

/**
 * What POST /api/bookings answers: the booking and the token that proves the page that made it
 * owns it (to pay for it and to open it again), the same token the manage link carries.
 */
export interface NewBookingAnswer {
  booking: BookingView;
  token: string;
  message: string;
}

/** Places left per date and window: `GET /api/availability?from=&to=`. */
export interface Availability {
  capacity: number;
  days: {
    date: string;
    /** Places left; none in a closed window. */
    windows: Record<TimeWindowId, number>;
    /** Windows no longer open to book (domain/booking/same-day.ts), full or not. */
    closed: TimeWindowId[];
    /**
     * Set when the business is closed the whole day (domain/calendar/business-calendar.ts):
     * 'Christmas Day', an operator's 'Snowstorm'. Every window is then closed.
     */
    closedReason?: string;
  }[];
}

export function timeLabel(time: TimeWindowId): string {
  const window = findTimeWindow(time);
  return window ? `${window.label} (${window.range})` : time;
}
