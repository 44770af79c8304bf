import type { JobsOptions } from 'bullmq';
import { z } from 'zod';
import { mailMessageSchema } from '../platform/mailer';
import { BOOKING_ID_PATTERN } from '../domain/booking/booking-id';

/**
 * Queue names are stored in Redis with every job: renaming one strands the jobs already queued
 * under the old name. Add, never rename.
 */
export const QueueName = {
  Mail: 'mail',
  AuthEmails: 'auth-emails',
  BookingEmails: 'booking-emails',
  Bookings: 'bookings',
  StripeEvents: 'stripe-events',
  ContactEmails: 'contact-emails',
  SubscriberEmails: 'subscriber-emails',
  Newsletter: 'newsletter',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export interface JobDefinition<Name extends string = string, Schema extends z.ZodType = z.ZodType> {
  queue: QueueName;
  name: Name;
  schema: Schema;
  options?: JobsOptions;
}

function defineJob<Name extends string, Schema extends z.ZodType>(
  definition: JobDefinition<Name, Schema>,
): JobDefinition<Name, Schema> {
  return definition;
}

/** Retries are for transient faults (SMTP or Redis away for a while): back off up to ~15 minutes. */
const transientRetries: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2_000 },
};

/** Jobs that name a user carry only the id: the worker reads the user as it is when it runs. */
const userRef = z.object({ userId: z.string().regex(/^[a-f0-9]{24}$/, 'must be a user id') });

const bookingRef = z.object({
  bookingId: z.string().regex(BOOKING_ID_PATTERN, 'must be a booking id'),
});

/** Jobs about a booking on a given day: a job for an older date finds the booking moved and stops. */
const bookingVisit = bookingRef.extend({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  time: z.enum(['morning', 'afternoon', 'evening']),
});

/** A Monthly Visit plan: its id is its first visit's booking id. */
const planRef = z.object({
  subscriptionId: z.string().regex(BOOKING_ID_PATTERN, 'must be a plan id'),
});

const objectIdOf = (what: string) => z.string().regex(/^[a-f0-9]{24}$/, `must be a ${what} id`);
const contactRef = z.object({ messageId: objectIdOf('contact message') });
const quoteRef = z.object({ quoteId: objectIdOf('quote') });
const campaignRef = z.object({ campaignId: objectIdOf('campaign') });
const emailChangeRef = z.object({ requestId: objectIdOf('email change') });

/** A batch may be retried many times: each try sends only what is still unsent. */
const newsletterRetries: JobsOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 2_000 },
};

/**
 * Every job of the product, one definition each: the API (producer) and the workers (consumer)
 * both import this list, so a payload cannot drift between the two.
 */
export const jobs = {
  sendMail: defineJob({
    queue: QueueName.Mail,
    name: 'mail.send',
    schema: mailMessageSchema,
    options: transientRetries,
  }),
  passwordResetEmail: defineJob({
    queue: QueueName.AuthEmails,
    name: 'auth.password-reset-email',
    schema: userRef,
    options: transientRetries,
  }),
  welcomeEmail: defineJob({
    queue: QueueName.AuthEmails,
    name: 'auth.welcome-email',
    schema: userRef,
    options: transientRetries,
  }),
  /** The link that moves an account to a new email, mailed to that new address. */
  emailChangeConfirmation: defineJob({
    queue: QueueName.AuthEmails,
    name: 'auth.email-change-confirmation',
    schema: emailChangeRef,
    options: transientRetries,
  }),
  /** The notice to the address an account is moving away from, with a way to stop it. */
  emailChangeNotice: defineJob({
    queue: QueueName.AuthEmails,
    name: 'auth.email-change-notice',
    schema: emailChangeRef,
    options: transientRetries,
  }),
  estimateAcknowledgementEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'booking.estimate-acknowledgement',
    schema: bookingRef,
    options: transientRetries,
  }),
  /** An unpaid booking: Pay now and Cancel, once (docs/product.md, Decisions). */
  completeBookingEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'booking.complete-payment',
    schema: bookingRef,
    options: transientRetries,
  }),
  bookingConfirmationEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'booking.confirmation',
    schema: bookingRef,
    options: transientRetries,
  }),
  bookingReminderEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'booking.reminder',
    schema: bookingVisit,
    options: transientRetries,
  }),
  businessBookingNotification: defineJob({
    queue: QueueName.BookingEmails,
    name: 'booking.business-notification',
    schema: bookingRef,
    options: transientRetries,
  }),
  bookingCancelledEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'booking.cancelled',
    // No word on a refund: the worker reads it from the booking when it sends (refundUnderway),
    // so a payment that crossed the cancel is told as the refund it became.
    schema: bookingRef,
    options: transientRetries,
  }),
  /** A sent quote revision: the link and the PDF, to the customer it was written for. */
  quoteSentEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'quote.sent',
    schema: quoteRef,
    options: transientRetries,
  }),
  /** The operators hear that a quote was accepted or declined. */
  quoteAnsweredNotice: defineJob({
    queue: QueueName.BookingEmails,
    name: 'quote.answered',
    schema: quoteRef.extend({ answer: z.enum(['accepted', 'declined']) }),
    options: transientRetries,
  }),
  /** The deposit's invoice, as a PDF, to the customer who paid it. */
  quoteDepositEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'quote.deposit-invoice',
    schema: quoteRef,
    options: transientRetries,
  }),
  /** A visit of a quote's job was done: the job's balance is billed once all of them are. */
  quoteVisitDone: defineJob({
    queue: QueueName.Bookings,
    name: 'quote.visit-done',
    schema: quoteRef,
    options: transientRetries,
  }),
  /** The balance's invoice, with the way to pay it, to the customer. */
  quoteBalanceEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'quote.balance-invoice',
    schema: quoteRef,
    options: transientRetries,
  }),
  /** An unpaid balance, reminded 7 and 14 days after its invoice (removed once it is paid). */
  quoteBalanceReminder: defineJob({
    queue: QueueName.BookingEmails,
    name: 'quote.balance-reminder',
    schema: quoteRef.extend({ days: z.union([z.literal(7), z.literal(14)]) }),
    options: transientRetries,
  }),
  /** The receipt of a paid balance, to the customer. */
  quoteReceiptEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'quote.receipt',
    schema: quoteRef,
    options: transientRetries,
  }),
  /** The end of a quote's validity date: an unanswered revision expires. */
  quoteExpiry: defineJob({
    queue: QueueName.Bookings,
    name: 'quote.expiry',
    schema: quoteRef,
    options: transientRetries,
  }),
  /** A refund's credit note, as a PDF, to the customer it was issued to. */
  creditNoteEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'invoice.credit-note',
    schema: z.object({ invoiceId: z.string().min(1).max(64) }),
    options: transientRetries,
  }),
  bookingRescheduledEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'booking.rescheduled',
    schema: bookingVisit,
    options: transientRetries,
  }),
  /**
   * The business closed the visit's day after it was booked: move to the day offered, or cancel
   * with a full refund. The date is the closed day: a booking moved since finds nothing to send.
   */
  closedDayEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'booking.closed-day',
    schema: bookingVisit,
    options: transientRetries,
  }),
  /** An estimate's site visit was booked by an operator: when we come. */
  siteVisitEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'booking.site-visit',
    schema: bookingVisit,
    options: transientRetries,
  }),
  /** The morning after a visit was done: thanks, and a link to review it (one per visit). */
  reviewRequestEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'booking.review-request',
    schema: bookingRef,
    options: transientRetries,
  }),
  /** A plan's period is paid: its visits, one calendar file each, and the manage link. */
  planPeriodEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'plan.period',
    // The provider's invoice of the period (the card it was paid with is printed on ours).
    schema: planRef.extend({
      periodIndex: z.number().int().min(0),
      invoiceId: z.string().max(200).optional(),
    }),
    options: transientRetries,
  }),
  /** A plan's renewal failed: a link to update the card, and how long the visits are held. */
  planPaymentFailedEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'plan.payment-failed',
    schema: planRef.extend({
      invoiceId: z.string().min(1).max(100),
      attempt: z.number().int().min(0),
    }),
    options: transientRetries,
  }),
  /** Tells the business of a plan's visits no window of their week could take. */
  planUnplacedNotice: defineJob({
    queue: QueueName.BookingEmails,
    name: 'plan.unplaced-notice',
    schema: planRef.extend({ periodIndex: z.number().int().min(0) }),
    options: transientRetries,
  }),
  /** The customer changed the plan (cancel at the month's end, keep it, pause a month). */
  planChangedEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'plan.changed',
    schema: planRef.extend({ change: z.enum(['cancel', 'resume', 'pause']) }),
    options: transientRetries,
  }),
  /** The 10%-off link for a plan member's other services, to an address with an active plan. */
  planMemberLinkEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'plan.member-link',
    schema: z.object({ email: z.email().max(254) }),
    options: transientRetries,
  }),
  planEndedEmail: defineJob({
    queue: QueueName.BookingEmails,
    name: 'plan.ended',
    schema: planRef,
    options: transientRetries,
  }),
  releaseUnpaidBooking: defineJob({
    queue: QueueName.Bookings,
    name: 'booking.release-unpaid',
    schema: bookingRef,
    options: transientRetries,
  }),
  refundBooking: defineJob({
    queue: QueueName.Bookings,
    name: 'booking.refund',
    schema: bookingRef,
    options: transientRetries,
  }),
  contactNotification: defineJob({
    queue: QueueName.ContactEmails,
    name: 'contact.notification',
    schema: contactRef,
    options: transientRetries,
  }),
  contactAcknowledgement: defineJob({
    queue: QueueName.ContactEmails,
    name: 'contact.acknowledgement',
    schema: contactRef,
    options: transientRetries,
  }),
  subscriptionConfirmation: defineJob({
    queue: QueueName.SubscriberEmails,
    name: 'newsletter.confirmation-email',
    schema: z.object({ subscriberId: objectIdOf('subscriber') }),
    options: transientRetries,
  }),
  newsletterFanOut: defineJob({
    queue: QueueName.Newsletter,
    name: 'newsletter.fan-out',
    schema: campaignRef,
    options: newsletterRetries,
  }),
  newsletterBatch: defineJob({
    queue: QueueName.Newsletter,
    name: 'newsletter.batch',
    schema: campaignRef.extend({ batch: z.number().int().min(0) }),
    options: newsletterRetries,
  }),
  /**
   * Retention (docs/product.md#privacy), once a day on a schedule the workers set up: settles
   * finished newsletter campaigns so their delivery rows expire, and deletes the photos of visits
   * more than a year past. Contact messages and expired links go by TTL indexes.
   */
  retentionSweep: defineJob({
    queue: QueueName.Bookings,
    name: 'retention.daily',
    schema: z.object({}),
    options: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 } },
  }),
  paymentEvent: defineJob({
    queue: QueueName.StripeEvents,
    name: 'payment.event',
    schema: z.object({ eventId: z.string().regex(/^evt_[A-Za-z0-9_]{1,200}$/) }),
    options: transientRetries,
  }),
};

export type Jobs = typeof jobs;
export type AnyJob = Jobs[keyof Jobs];
export type PayloadOf<J extends JobDefinition> = z.infer<J['schema']>;

export const allJobs: readonly AnyJob[] = Object.values(jobs);
