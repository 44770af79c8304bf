import { BookingMessages, timeLabel } from '../../domain/booking/booking-schema';
import { DomainError } from '../../domain/domain-error';
import { jobs } from '../../jobs/job-definitions';
import type { JobProducer } from '../../jobs/job-producer';
import type { Clock } from '../../platform/clock';
import type { BookingDocument } from '../booking-model';
import type { BookingEffect } from './booking-moves';
import type { SlotLedger } from '../slot-ledger';
import { reminderDelayMs, reviewRequestDelayMs } from '../visit-times';
import { refundUnderway } from './refund-policy';

type Visit = Pick<BookingDocument, 'date' | 'time'>;

/** An unpaid booking is reminded this long after it was made, unless paid or left before. */
export const PAYMENT_REMINDER_DELAY_MS = 10 * 60_000;

/** One reminder per booking: leaving payment brings the same job forward. */
export const paymentReminderJobId = (bookingId: string) => `complete-booking-${bookingId}`;

/** A booking as a move found it and as it left it: a reschedule gives back the old window. */
export interface MovedBooking {
  before: Visit;
  after: BookingDocument;
  /** Whether the customer's cancel is refunded (askRefundIfDue). */
  refund: boolean;
}

/**
 * What a move does outside the booking itself: the window's places and the jobs it queues. Every
 * job id is the booking's own (with the visit's date where a move of date makes a new one), so a
 * repeated event queues nothing twice.
 */
export class BookingEffects {
  constructor(
    private readonly deps: {
      slots: SlotLedger;
      jobs: JobProducer;
      clock: Clock;
      /** How long a hold lasts: the timer of a booking that no longer records its end. */
      holdSeconds: number;
    },
  ) {}

  /** Refused as a conflict when the window is full. */
  async takePlace(visit: Visit, bookingId: string): Promise<void> {
    if (await this.deps.slots.take(visit.date, visit.time, bookingId)) return;
    const message = BookingMessages.windowFull(visit.date, timeLabel(visit.time));
    throw new DomainError('booking.window_full', message, { fields: { time: message } });
  }

  givePlaceBack(visit: Visit, bookingId: string): Promise<void> {
    return this.deps.slots.release(visit.date, visit.time, bookingId);
  }

  /** Runs the effects that follow the booking's write, in the table's order. */
  async after(effects: readonly BookingEffect[], moved: MovedBooking): Promise<void> {
    for (const effect of effects) await this.run(effect, moved);
  }

  private async run(effect: BookingEffect, { before, after, refund }: MovedBooking) {
    const bookingId = after.id as string;
    switch (effect) {
      case 'givePlaceBack':
        return this.givePlaceBack(before, bookingId);
      case 'startHold':
        return this.holdTimer(after);
      case 'paymentReminder':
        return this.deps.jobs.add(
          jobs.completeBookingEmail,
          { bookingId },
          { jobId: paymentReminderJobId(bookingId), delayMs: PAYMENT_REMINDER_DELAY_MS },
        );
      case 'notifyBusiness':
        return this.deps.jobs.add(
          jobs.businessBookingNotification,
          { bookingId },
          { jobId: `notify-${bookingId}` },
        );
      case 'acknowledgeEstimate':
        return this.deps.jobs.add(
          jobs.estimateAcknowledgementEmail,
          { bookingId },
          { jobId: `estimate-ack-${bookingId}` },
        );
      case 'visitEmails':
        return this.visitEmails(after, 'confirmation');
      case 'rescheduledEmails':
        return this.visitEmails(after, 'rescheduled');
      case 'visitReminder':
        return this.reminder(after);
      case 'cancelledEmail':
        // A refund that comes after the cancel (a payment that crossed it, an operator's) is a
        // job of its own: the first may have gone out already, saying no refund was due.
        return this.deps.jobs.add(
          jobs.bookingCancelledEmail,
          { bookingId },
          { jobId: `${refundUnderway(after) ? 'cancelled-refund' : 'cancelled'}-${bookingId}` },
        );
      case 'siteVisitEmail':
        return this.deps.jobs.add(
          jobs.siteVisitEmail,
          { bookingId, date: after.date, time: after.time },
          { jobId: `site-visit-${bookingId}-${after.date}-${after.time}` },
        );
      case 'reviewRequest':
        // One per visit, whatever happens to it later: the job id is the booking's.
        return this.deps.jobs.add(
          jobs.reviewRequestEmail,
          { bookingId },
          {
            jobId: `review-request-${bookingId}`,
            delayMs: reviewRequestDelayMs(this.deps.clock.now()),
          },
        );
      case 'jobVisitDone':
        if (!after.quoteId) return;
        return this.deps.jobs.add(
          jobs.quoteVisitDone,
          { quoteId: after.quoteId },
          { jobId: `quote-visit-done-${bookingId}` },
        );
      case 'askRefundIfDue':
        if (!refund) return;
        return this.askRefund(bookingId);
      case 'askRefund':
        return this.askRefund(bookingId);
      // Made before the write (a place) or by it (the booking's own fields).
      case 'takePlace':
      case 'endHold':
      case 'keepEarliestRefundCutoff':
        return;
    }
  }

  /** The payment timer, due when the hold ends (also when the follow-ups are handed over late). */
  private async holdTimer(booking: BookingDocument): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const holdEnds = booking.holdUntil?.getTime() ?? now + this.deps.holdSeconds * 1000;
    await this.deps.jobs.add(
      jobs.releaseUnpaidBooking,
      { bookingId: booking.id as string },
      { jobId: `release-${booking.id as string}`, delayMs: Math.max(0, holdEnds - now) },
    );
  }

  /** The timer again, for a hold extended since it was set (a checkout page still open). */
  async holdTimerAt(bookingId: string, holdUntil: Date): Promise<void> {
    const at = holdUntil.getTime();
    await this.deps.jobs.add(
      jobs.releaseUnpaidBooking,
      { bookingId },
      {
        jobId: `release-${bookingId}-${String(at)}`,
        delayMs: at - this.deps.clock.now().getTime(),
      },
    );
  }

  private async askRefund(bookingId: string): Promise<void> {
    await this.deps.jobs.add(jobs.refundBooking, { bookingId }, { jobId: `refund-${bookingId}` });
  }

  /**
   * The confirmation (or the notice of a new date) and the reminder of a paid booking. The job
   * ids name the booking and its date, so a repeat queues nothing new.
   */
  private async visitEmails(
    booking: BookingDocument,
    kind: 'confirmation' | 'rescheduled',
  ): Promise<void> {
    const bookingId = booking.id as string;
    const visit = { bookingId, date: booking.date, time: booking.time };
    if (kind === 'confirmation') {
      await this.deps.jobs.add(
        jobs.bookingConfirmationEmail,
        { bookingId },
        { jobId: `confirmation-${bookingId}` },
      );
    } else {
      await this.deps.jobs.add(jobs.bookingRescheduledEmail, visit, {
        jobId: `rescheduled-${bookingId}-${booking.date}-${booking.time}`,
      });
    }
    await this.reminder(booking);
  }

  /** The reminder the day before the visit; none once that moment has passed. */
  private async reminder(booking: BookingDocument): Promise<void> {
    const bookingId = booking.id as string;
    const visit = { bookingId, date: booking.date, time: booking.time };
    const delayMs = reminderDelayMs(booking, this.deps.clock.now());
    if (delayMs !== null) {
      await this.deps.jobs.add(jobs.bookingReminderEmail, visit, {
        jobId: `reminder-${bookingId}-${booking.date}-${booking.time}`,
        delayMs,
      });
    }
  }
}
