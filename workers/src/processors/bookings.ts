import type { BookingLifecycle } from '@hs/api/bookings/lifecycle/booking-lifecycle';
import { jobs } from '@hs/api/jobs/job-definitions';
import type { PaymentEventHandler } from '@hs/api/settlement/payment-event-handler';
import type { PaymentProvider } from '@hs/api/payments/payment-provider';
import { defineProcessor, type Processor } from '../processor';

export interface BookingJobDependencies {
  lifecycle: Pick<BookingLifecycle, 'holdExpired' | 'refundOwed'>;
  paymentProvider: PaymentProvider;
  paymentEvents: Pick<PaymentEventHandler, 'handle'>;
}

export function bookingJobProcessors(deps: BookingJobDependencies): Processor[] {
  return [
    defineProcessor(jobs.releaseUnpaidBooking, async ({ bookingId }, { log }) => {
      const result = await deps.lifecycle.holdExpired(bookingId);
      log.info({ bookingId, result }, 'payment timer handled');
    }),
    defineProcessor(jobs.refundBooking, async ({ bookingId }, { log }) => {
      const owed = await deps.lifecycle.refundOwed(bookingId);
      if (owed.kind === 'settled') return;
      if (owed.kind === 'noPayment') {
        log.error({ bookingId }, 'refund asked for a booking with no recorded payment');
        return;
      }
      // The provider's idempotency key makes a retried job the same refund, never a second one.
      const refund = await deps.paymentProvider.refund({
        bookingId,
        intentId: owed.intentId,
        amountCents: owed.amountCents,
        idempotencyKey: `refund-${bookingId}`,
      });
      log.info({ bookingId, refundId: refund.id }, 'refund requested');
    }),
    defineProcessor(jobs.paymentEvent, async ({ eventId }, { log }) => {
      const outcome = await deps.paymentEvents.handle(eventId);
      log.info({ eventId, outcome }, 'payment event applied');
    }),
  ];
}
