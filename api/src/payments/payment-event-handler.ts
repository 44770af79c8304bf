import { BookingModel, type BookingDocument } from '../bookings/booking-model';
import type { BookingService } from '../bookings/booking-service';
import { moveBooking } from '../bookings/booking-transitions';
import { refundOnLatePayment } from '../bookings/lifecycle/refund-policy';
import { AWAITING_PAYMENT } from '../domain/booking/booking-status';
import { jobs } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import type { Logger } from '../platform/logger';
import { PaymentEventModel } from './payment-event-model';
import type { PaymentEventEffect } from './payment-events';

/**
 * Applies a stored provider event to its booking, in the workers. Every step is safe to repeat:
 * the event row says whether it was applied, moves are conditional on the state machine (a late
 * failure never demotes a paid booking), and the follow-up jobs have the booking's ids.
 */
export class PaymentEventHandler {
  constructor(
    private readonly deps: { bookings: BookingService; jobs: JobProducer; logger: Logger },
  ) {}

  async handle(eventId: string): Promise<string> {
    const record = await PaymentEventModel.findOne({ eventId });
    if (!record) return 'unknown event';
    if (record.processedAt) return record.outcome ?? 'already applied';
    const effect = record.effect as PaymentEventEffect;
    const outcome = await this.apply(effect, eventId);
    await PaymentEventModel.updateOne({ eventId }, { $set: { processedAt: new Date(), outcome } });
    return outcome;
  }

  private async apply(effect: PaymentEventEffect, eventId: string): Promise<string> {
    const by = `payment-event:${eventId}`;
    switch (effect.kind) {
      case 'ignored':
        return `ignored: ${effect.reason}`;
      case 'paid':
        return this.paid(effect, by);
      case 'failed': {
        const result = await moveBooking(effect.bookingId, 'payment_failed', by, {
          'payment.failureReason': effect.reason,
          ...(effect.intentId ? { 'payment.intentId': effect.intentId } : {}),
        });
        if (result.moved) return 'payment_failed';
        return result.booking ? `kept ${result.booking.status}` : 'booking not found';
      }
      case 'refunded': {
        const booking = await this.bookingOf(effect.bookingId, effect.intentId);
        if (!booking) return 'booking not found';
        if (AWAITING_PAYMENT.includes(booking.status)) {
          // Stripe does not promise order: a refund can arrive before the payment it gives back.
          // Marked done now, it would be lost and the payment would then leave the booking paid;
          // failing the attempt lets the job's retries apply it once the payment is recorded.
          throw new Error(`refund for booking ${booking.id as string} arrived before its payment`);
        }
        const result = await moveBooking(booking.id as string, 'refunded', by, {
          'payment.refundedAt': new Date(),
        });
        // Refunded straight from paid, at the provider: nothing here gave the place up or told
        // the customer. Read from the history, so a retry after a crash still does both.
        const current = result.booking;
        if (current?.history.some((move) => move.from === 'paid' && move.to === 'refunded')) {
          await this.deps.bookings.refundedAtProvider(current);
        }
        return result.moved ? 'refunded' : `kept ${booking.status}`;
      }
    }
  }

  private async paid(effect: Extract<PaymentEventEffect, { kind: 'paid' }>, by: string) {
    const booking = await BookingModel.findById(effect.bookingId);
    if (!booking) return 'booking not found';
    if (effect.amountCents !== null && effect.amountCents !== booking.amountCents) {
      this.deps.logger.error(
        { bookingId: effect.bookingId, paid: effect.amountCents, price: booking.amountCents },
        'payment amount differs from the booking price; left for an operator',
      );
      return 'amount mismatch';
    }
    const result = await moveBooking(effect.bookingId, 'paid', by, {
      'payment.paidAt': new Date(),
      'payment.intentId': effect.intentId ?? booking.payment.intentId ?? null,
      ...(effect.sessionId ? { 'payment.checkoutSessionId': effect.sessionId } : {}),
      holdUntil: null,
    });
    const current = result.booking;
    if (current?.status === 'paid') {
      // Also on a repeat: a crash after the move but before the queueing is made good here.
      await this.deps.bookings.queueVisitEmails(current, 'confirmation');
      return result.moved ? 'paid' : 'already paid';
    }
    if (current && refundOnLatePayment(current)) {
      // Paid after the place was given up (the payment timer ran out): give the money back.
      await BookingModel.updateOne(
        { _id: current._id },
        { $set: { 'payment.intentId': effect.intentId, 'payment.refundRequestedAt': new Date() } },
      );
      await this.deps.jobs.add(
        jobs.refundBooking,
        { bookingId: effect.bookingId },
        { jobId: `refund-${effect.bookingId}` },
      );
      this.deps.logger.warn(
        { bookingId: effect.bookingId },
        'late payment for a released booking; refunding',
      );
      return 'late payment refunded';
    }
    return current ? `kept ${current.status}` : 'booking not found';
  }

  private async bookingOf(
    bookingId: string | null,
    intentId: string | null,
  ): Promise<BookingDocument | null> {
    if (bookingId) return BookingModel.findById(bookingId);
    if (intentId) return BookingModel.findOne({ 'payment.intentId': intentId });
    return null;
  }
}
