import { BookingModel } from '../bookings/booking-model';
import type { InvoiceIssuer } from '../invoices/invoice-issuer';
import { jobs } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import { periodIndexOf } from '../subscriptions/plan-periods';
import { SubscriptionModel } from '../subscriptions/subscription-model';
import type { BookingLifecycle } from '../bookings/lifecycle/booking-lifecycle';
import type { Logger } from '../platform/logger';
import type { SubscriptionLifecycle } from '../subscriptions/subscription-lifecycle';
import type { QuoteService } from '../quotes/quote-service';
import { paidAmountDiffers } from '../payments/paid-amount';
import { PaymentEventModel } from '../payments/payment-event-model';
import type { PaymentEventEffect } from '../payments/payment-events';

/**
 * Applies a stored provider event to its booking or its plan, in the workers. It sits above both
 * lifecycles and above payments/, which stores the event and says what it means. Every step is
 * safe to repeat: the event row says whether it was applied, the booking's lifecycle judges each
 * event on the status the booking has now (a late failure never demotes a paid booking), and the
 * follow-up jobs have the booking's ids.
 */
export class PaymentEventHandler {
  constructor(
    private readonly deps: {
      lifecycle: BookingLifecycle;
      subscriptions: SubscriptionLifecycle;
      invoices: InvoiceIssuer;
      quotes: Pick<QuoteService, 'paymentReceived'>;
      jobs: Pick<JobProducer, 'add'>;
      logger: Logger;
    },
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
    const { lifecycle } = this.deps;
    switch (effect.kind) {
      case 'ignored':
        return `ignored: ${effect.reason}`;
      case 'paid': {
        if (await this.amountDiffers(effect)) return 'amount mismatch';
        const outcome = await lifecycle.paymentSucceeded(effect.bookingId, effect, by);
        // A payment the booking kept (not one refunded as late) is invoiced, once.
        await this.deps.invoices.forBooking(effect.bookingId);
        return outcome;
      }
      case 'failed':
        return lifecycle.paymentFailed(effect.bookingId, effect, by);
      case 'refunded': {
        const outcome = await lifecycle.refundConfirmed(effect, by);
        await this.creditNote(effect);
        return outcome;
      }
      case 'periodPaid': {
        const outcome = await this.deps.subscriptions.apply(effect, by);
        await this.periodInvoice(effect);
        return outcome;
      }
      case 'quotePaid':
        return this.deps.quotes.paymentReceived(effect, by);
      case 'subscriptionStarted':
      case 'periodPaymentFailed':
      case 'subscriptionUpdated':
      case 'subscriptionEnded':
        return this.deps.subscriptions.apply(effect, by);
    }
  }

  /** The invoice of a plan's paid period (none when the plan did not take the payment). */
  private async periodInvoice(effect: Extract<PaymentEventEffect, { kind: 'periodPaid' }>) {
    const plan = await SubscriptionModel.findById(effect.subscriptionId, { createdAt: 1 }).lean();
    if (!plan) return;
    const index = periodIndexOf(plan.createdAt, new Date(effect.periodStart * 1000));
    await this.deps.invoices.forPlanPeriod(effect.subscriptionId, index, effect.invoiceId);
  }

  /** A confirmed refund's credit note, and its email (one job per note, whatever repeats). */
  private async creditNote(effect: Extract<PaymentEventEffect, { kind: 'refunded' }>) {
    const bookingId =
      effect.bookingId ??
      (effect.intentId
        ? ((await BookingModel.findOne({ 'payment.intentId': effect.intentId }, { _id: 1 }).lean())
            ?._id ?? null)
        : null);
    if (bookingId === null) return;
    const note = await this.deps.invoices.forRefund(bookingId);
    if (!note) return;
    await this.deps.jobs.add(
      jobs.creditNoteEmail,
      { invoiceId: note._id },
      { jobId: `credit-note-${note._id}` },
    );
  }

  /** A payment of another amount than the price is not this booking's: an operator looks. */
  private async amountDiffers(effect: Extract<PaymentEventEffect, { kind: 'paid' }>) {
    // An event that does not say the amount has nothing to compare: the booking is not read.
    if (effect.amountCents === null) return false;
    const booking = await BookingModel.findById(effect.bookingId);
    if (!booking) return false;
    const { logger } = this.deps;
    return paidAmountDiffers(
      logger,
      'booking',
      effect.bookingId,
      effect.amountCents,
      booking.amountCents,
    );
  }
}
