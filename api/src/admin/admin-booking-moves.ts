import { BookingModel, type BookingDocument } from '../bookings/booking-model';
import type { BookingService } from '../bookings/booking-service';
import { moveBooking, type MoveResult } from '../bookings/booking-transitions';
import { operatorRefundBar } from '../bookings/lifecycle/refund-policy';
import type { SlotLedger } from '../bookings/slot-ledger';
import { BookingMessages } from '../domain/booking/booking-schema';
import { BOOKING_STATUSES, canMove, type BookingStatus } from '../domain/booking/booking-status';
import { DomainError } from '../domain/domain-error';
import { jobs } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import { AdminMessages } from './admin-messages';

export interface AdminMove {
  booking: BookingDocument;
  /** True when the move asked the payment provider for a refund (it completes later). */
  refundRequested: boolean;
}

/**
 * An operator's change of a booking's status. Only the state machine's moves are made, each with
 * the side effects it has elsewhere: a cancel gives the place back and tells the customer; a
 * booking marked paid gets its confirmation and reminder. 'refunded' is never set here: only the
 * payment provider can give money back, so the refund is requested through the same job a
 * customer's cancel uses, and the provider's confirmation (its charge.refunded event) moves the
 * booking to Refunded, as for every other refund.
 */
export class AdminBookingMoves {
  constructor(
    private readonly deps: { bookings: BookingService; slots: SlotLedger; jobs: JobProducer },
  ) {}

  /** The moves an operator may make from here: the state machine's, less a refund of nothing. */
  allowed(booking: BookingDocument): BookingStatus[] {
    return BOOKING_STATUSES.filter(
      (to) =>
        canMove(booking.status, to) && (to !== 'refunded' || operatorRefundBar(booking) === null),
    );
  }

  async move(bookingId: string, to: BookingStatus, adminId: string): Promise<AdminMove> {
    const booking = await this.deps.bookings.find(bookingId);
    if (!canMove(booking.status, to)) throw this.refusal(booking, to);
    const by = `admin:${adminId}`;
    switch (to) {
      case 'cancelled':
        return { booking: await this.cancel(booking, by, false), refundRequested: false };
      case 'refunded':
        return { booking: await this.refund(booking, by), refundRequested: true };
      case 'paid': {
        const paid = this.moved(
          to,
          await moveBooking(bookingId, to, by, { 'payment.paidAt': new Date(), holdUntil: null }),
        );
        await this.deps.bookings.queueVisitEmails(paid, 'confirmation');
        return { booking: paid, refundRequested: false };
      }
      default:
        return {
          booking: this.moved(to, await moveBooking(bookingId, to, by)),
          refundRequested: false,
        };
    }
  }

  private refusal(booking: BookingDocument, to: BookingStatus): DomainError {
    return new DomainError(
      'conflict',
      AdminMessages.cannotMove(booking.status, to, this.allowed(booking)),
    );
  }

  /** The moved booking, or the refusal when another change got there first. */
  private moved(to: BookingStatus, result: MoveResult): BookingDocument {
    if (result.moved) return result.booking;
    if (!result.booking) throw new DomainError('notFound', BookingMessages.notFound);
    throw this.refusal(result.booking, to);
  }

  /**
   * As a customer's cancel, but at any date (operators tidy up past requests too) and with a
   * refund only when asked for: the 24-hour rule is the customer's, an operator decides.
   */
  private async cancel(
    booking: BookingDocument,
    by: string,
    refund: boolean,
  ): Promise<BookingDocument> {
    const bookingId = booking.id as string;
    const cancelled = this.moved(
      'cancelled',
      await moveBooking(bookingId, 'cancelled', by, {
        cancelledAt: new Date(),
        cancelReason: 'admin',
        ...(refund ? { 'payment.refundRequestedAt': new Date() } : {}),
      }),
    );
    await this.deps.slots.release(cancelled.date, cancelled.time, bookingId);
    if (refund) await this.queueRefund(bookingId);
    await this.deps.jobs.add(
      jobs.bookingCancelledEmail,
      { bookingId, refund },
      { jobId: `cancelled-${bookingId}` },
    );
    return cancelled;
  }

  /** A paid booking is cancelled (its place freed) with the refund; a cancelled one is refunded. */
  private async refund(booking: BookingDocument, by: string): Promise<BookingDocument> {
    const bar = operatorRefundBar(booking);
    if (bar === 'noPayment') throw new DomainError('conflict', AdminMessages.noPaymentToRefund);
    if (bar === 'alreadyAsked') throw new DomainError('conflict', AdminMessages.refundUnderway);
    if (booking.status === 'paid') return this.cancel(booking, by, true);
    // Conditional, so two operators pressing Refund at once request one refund.
    const claimed = await BookingModel.findOneAndUpdate(
      { _id: booking._id, status: 'cancelled', 'payment.refundRequestedAt': null },
      {
        $set: { 'payment.refundRequestedAt': new Date() },
        $push: {
          history: {
            from: 'cancelled',
            to: 'cancelled',
            by: `refund-requested:${by}`,
            at: new Date(),
          },
        },
      },
      { new: true },
    );
    if (!claimed) throw new DomainError('conflict', AdminMessages.refundUnderway);
    await this.queueRefund(booking.id as string);
    return claimed;
  }

  private async queueRefund(bookingId: string): Promise<void> {
    await this.deps.jobs.add(jobs.refundBooking, { bookingId }, { jobId: `refund-${bookingId}` });
  }
}
