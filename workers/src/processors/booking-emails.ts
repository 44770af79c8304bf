import {
  bookingCancelledEmail,
  bookingConfirmationEmail,
  bookingReminderEmail,
  bookingRescheduledEmail,
  businessNotificationEmail,
  closedDayEmail,
  siteVisitEmail,
  jobVisitEmail,
  estimateAcknowledgementEmail,
} from '@hs/api/bookings/booking-emails';
import { BookingModel, type Booking } from '@hs/api/bookings/booking-model';
import { closedDayApplies, refundUnderway } from '@hs/api/bookings/lifecycle/refund-policy';
import type { ManageLinks } from '@hs/api/bookings/manage-link';
import { jobs, type JobDefinition, type PayloadOf } from '@hs/api/jobs/job-definitions';
import type { OnceSender } from '@hs/api/mail/send-once';
import { readerOf, type Reader } from '@hs/api/accounts/typed-text';
import type { MailMessage } from '@hs/api/platform/mailer';
import { todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { visitSkippedEmail } from '@hs/api/subscriptions/plan-emails';
import { planViewOf } from '@hs/api/subscriptions/plan-view';
import type { InvoiceIssuer } from '@hs/api/invoices/invoice-issuer';
import { attachInvoice } from '@hs/api/invoices/invoice-mail';
import { defineProcessor, type JobContext, type Processor } from '../processor';

export interface BookingEmailDependencies {
  sender: OnceSender;
  links: ManageLinks;
  siteUrl: string;
  businessInbox: string;
  /** Issues (once) the invoice a payment's confirmation carries. */
  invoices: InvoiceIssuer;
}

type BookingJob = JobDefinition & { schema: { _output: { bookingId: string } } };

/**
 * One processor per booking email. Each reads the booking as it is now and may decide the email
 * no longer applies (a reminder for a cancelled or moved booking); each sends at most once per job,
 * or once per `onceKey` when one email may come of several jobs. Whether its reader proved the
 * address (what it may quote of the form) is read then too.
 */
export function bookingEmail<J extends BookingJob>(
  deps: BookingEmailDependencies,
  job: J,
  compose: (
    booking: Booking,
    reader: Reader,
    payload: PayloadOf<J>,
  ) => MailMessage | null | Promise<MailMessage | null>,
  onceKey?: (booking: Booking) => string,
): Processor {
  return defineProcessor(job, async (payload: PayloadOf<J>, { jobId, log }: JobContext) => {
    const { bookingId } = payload as { bookingId: string };
    const booking = await BookingModel.findById(bookingId).lean();
    if (!booking) {
      log.info({ bookingId }, 'booking gone before its email; nothing to send');
      return;
    }
    const message = await compose(booking, await readerOf(booking), payload);
    if (!message) {
      log.info({ bookingId, status: booking.status }, 'email no longer applies; not sent');
      return;
    }
    const key = onceKey ? `${job.name}:${onceKey(booking)}` : `${job.name}:${jobId}`;
    const result = await deps.sender.send(key, message);
    log.info({ bookingId, result }, 'booking email handled');
  });
}

const sameVisit = (booking: Booking, visit: { date: string; time: string }) =>
  booking.date === visit.date && booking.time === visit.time;

/** What a cancellation email tells, as the booking stands when it is sent. */
const cancellationNews = (booking: Booking) =>
  booking.status === 'skipped' ? 'skipped' : refundUnderway(booking) ? 'refund' : 'no-refund';

export function bookingEmailProcessors(deps: BookingEmailDependencies): Processor[] {
  // A plan's visit links to its plan: the plan's token proves every visit and the plan itself.
  const manage = (booking: Booking) => deps.links.url(booking.subscriptionId ?? booking._id);
  return [
    bookingEmail(deps, jobs.estimateAcknowledgementEmail, (booking, reader) =>
      estimateAcknowledgementEmail(booking, reader),
    ),
    bookingEmail(deps, jobs.businessBookingNotification, (booking) =>
      businessNotificationEmail(booking, deps.businessInbox),
    ),
    // The invoice is issued here if the payment's handler has not yet: whichever comes first
    // issues it, the other finds it (one document per payment).
    bookingEmail(deps, jobs.bookingConfirmationEmail, async (booking, reader) => {
      if (booking.status !== 'paid') return null;
      const invoice = await deps.invoices.forBooking(booking._id);
      return bookingConfirmationEmail(
        booking,
        reader,
        manage(booking),
        invoice ? await attachInvoice(invoice, reader) : null,
      );
    }),
    bookingEmail(deps, jobs.bookingReminderEmail, (booking, reader, visit) =>
      booking.status === 'paid' && sameVisit(booking, visit)
        ? bookingReminderEmail(booking, reader, manage(booking))
        : null,
    ),
    bookingEmail(deps, jobs.bookingRescheduledEmail, (booking, reader, visit) =>
      booking.status === 'paid' && sameVisit(booking, visit)
        ? bookingRescheduledEmail(booking, reader, manage(booking))
        : null,
    ),
    bookingEmail(deps, jobs.closedDayEmail, (booking, reader, visit) =>
      closedDayApplies(booking) && sameVisit(booking, visit)
        ? closedDayEmail(booking, reader, manage(booking))
        : null,
    ),
    // A visit of a quote's job is booked the way a site visit is, and told as the work it is.
    bookingEmail(deps, jobs.siteVisitEmail, (booking, reader, visit) =>
      booking.status === 'estimate_scheduled' && sameVisit(booking, visit)
        ? (booking.quoteId ? jobVisitEmail : siteVisitEmail)(booking, reader, manage(booking))
        : null,
    ),
    // A plan's visit its customer skipped is not a cancelled booking: the plan goes on, and the
    // email says what comes next, read from the plan as it stands now. A cancel's email is sent
    // once per thing it can say: a refund that follows the cancel (a payment that crossed it)
    // queues it again, and only the refund's words are news.
    bookingEmail(
      deps,
      jobs.bookingCancelledEmail,
      async (booking, reader) =>
        booking.status === 'skipped'
          ? visitSkippedEmail(
              booking,
              reader,
              await planViewOf(booking, todayInToronto()),
              manage(booking),
              todayInToronto(),
            )
          : bookingCancelledEmail(booking, reader, deps.siteUrl),
      (booking) => `${booking._id}:${cancellationNews(booking)}`,
    ),
  ];
}
