import type { BookingDocument } from '../bookings/booking-model';
import type { BookingService, OwnershipProof } from '../bookings/booking-service';
import { planName, serviceTitle } from '../bookings/booking-view';
import type { ManageLinks } from '../bookings/manage-link';
import { AWAITING_PAYMENT } from '../domain/booking/booking-status';
import {
  type CheckoutInput,
  type InPagePaymentInput,
  type InPagePaymentResult,
} from '../domain/payment/payment-schema';
import { PaymentMessages } from '../domain/payment/payment-messages';
import { DomainError } from '../domain/domain-error';
import type { Logger } from '../platform/logger';
import type { PaymentProvider, SubscribeOutcome } from './payment-provider';
import type { PlanPaymentRecords } from './plan-payment-records';

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes from now. */
const MIN_CHECKOUT_MS = 30 * 60_000;
/** Expiry times are rounded up to this step, so a repeated request asks for the same session. */
const CHECKOUT_STEP_MS = 10 * 60_000;
/** A stored checkout page is reused while it has at least this long left. */
const REUSE_MARGIN_MS = 10 * 60_000;
/** The place stays held a little past the checkout page's end, for a payment made at the last second. */
const HOLD_MARGIN_MS = 5 * 60_000;
/** A page cut short by the hold's limit ends on a whole minute, so a repeat asks for the same one. */
const CHECKOUT_FLOOR_MS = 60_000;

/** The latest an unpaid booking may hold its place (one made before limits: its hold as it is). */
function holdLimitOf(booking: BookingDocument): number {
  return (booking.holdLimit ?? booking.holdUntil)?.getTime() ?? 0;
}

export interface PaymentServiceDependencies {
  provider: PaymentProvider;
  bookings: BookingService;
  /** Where a plan's in-page payment is recorded (SubscriptionLifecycle). */
  plans: PlanPaymentRecords;
  links: ManageLinks;
  siteUrl: string;
  logger: Logger;
}

/**
 * Payments for bookings: the amount is the booking's own price, checked against what the client
 * sent and never taken from it. The booking becomes paid only when the provider's signed event
 * says so (the workers apply it).
 */
export class PaymentService {
  constructor(private readonly deps: PaymentServiceDependencies) {}

  /** The caller's own booking, still waiting for exactly this amount. */
  private async payableBooking(
    input: { bookingId: string; amount: number },
    proof: OwnershipProof,
  ): Promise<BookingDocument> {
    const { amount } = input;
    const booking = await this.deps.bookings.findOwned(input.bookingId, proof);
    // A plan is paid through its first visit, which carries the plan's monthly price.
    if (booking.subscriptionId && booking.subscriptionId !== booking.id) {
      throw new DomainError('payment.not_awaiting', PaymentMessages.noPaymentNeeded);
    }
    if (booking.amountCents === null || booking.amountCents === undefined) {
      throw new DomainError('payment.not_awaiting', PaymentMessages.noPaymentNeeded);
    }
    if (!AWAITING_PAYMENT.includes(booking.status)) {
      throw new DomainError('payment.not_awaiting', PaymentMessages.notAwaitingPayment);
    }
    if (amount !== booking.amountCents) {
      throw new DomainError('payment.amount_mismatch', PaymentMessages.amountMismatch, {
        fields: { amount: PaymentMessages.amountMismatch },
      });
    }
    return booking;
  }

  /** What every provider call says about the booking being paid for. */
  private order(booking: BookingDocument) {
    return {
      bookingId: booking.id as string,
      reference: booking.reference,
      description: `${serviceTitle(booking.serviceId)}, ${planName(booking.planId)} (${booking.date})`,
      amountCents: booking.amountCents ?? 0,
      currency: 'cad' as const,
      // The booking's own address: the receipt goes where the confirmation goes.
      customerEmail: booking.email,
    };
  }

  /** What the provider's subscription for a plan (paid through its first visit) says. */
  private planOrder(booking: BookingDocument) {
    const order = this.order(booking);
    return {
      subscriptionId: order.bookingId,
      reference: order.reference,
      description: `${planName(booking.planId)}: ${serviceTitle(booking.serviceId)}`,
      amountCents: order.amountCents,
      currency: order.currency,
      customerEmail: order.customerEmail,
    };
  }

  /**
   * A plan's in-page payment: the provider's subscription, charged now for the first period.
   * The visits follow the provider's invoice event, as a booking follows its payment's.
   */
  private async subscribeInPage(
    booking: BookingDocument,
    paymentMethodId: string,
  ): Promise<InPagePaymentResult> {
    const planId = booking.id as string;
    // One subscription per plan: a second card sent while the first is charged (or after it
    // was) would start a second monthly charge. The same card again is the same request.
    const claimed = await this.deps.plans.claimInPagePayment(planId, paymentMethodId);
    if (!claimed) throw new DomainError('payment.not_awaiting', PaymentMessages.notAwaitingPayment);
    let outcome: SubscribeOutcome;
    try {
      await this.closeEarlierCheckout(booking);
      outcome = await this.deps.provider.subscribe({
        ...this.planOrder(booking),
        paymentMethodId,
        idempotencyKey: `subscribe-${planId}-${paymentMethodId}`,
      });
    } catch (error) {
      await this.deps.plans.releaseInPagePaymentClaim(planId, paymentMethodId);
      throw error;
    }
    if (outcome.status === 'failed') {
      // Declined: another card may try.
      await this.deps.plans.releaseInPagePaymentClaim(planId, paymentMethodId);
      this.deps.logger.info({ bookingId: planId, reason: outcome.reason }, 'payment declined');
      throw new DomainError('paymentDeclined', PaymentMessages.failed, { reason: outcome.reason });
    }
    await this.deps.plans.inPageSubscriptionStarted(planId, {
      provider: this.deps.provider.name,
      providerSubscriptionId: outcome.providerSubscriptionId,
      customerId: outcome.customerId,
    });
    const message = PaymentMessages.confirmed(serviceTitle(booking.serviceId), booking.email);
    if (outcome.status === 'requires_action') {
      return { status: outcome.status, message, clientSecret: outcome.clientSecret };
    }
    return { status: outcome.status, message };
  }

  /**
   * A checkout page opened before must not stay payable beside a new one or an in-page payment:
   * two payments, or for a plan two monthly subscriptions. Paid already, the provider's event
   * follows and nothing more is taken.
   */
  private async closeEarlierCheckout(booking: BookingDocument): Promise<void> {
    const previous = booking.payment.checkoutSessionId;
    if (previous && (await this.deps.provider.closeCheckout(previous)) === 'paid') {
      throw new DomainError('payment.not_awaiting', PaymentMessages.notAwaitingPayment);
    }
  }

  /**
   * The provider's hosted checkout page for the caller's booking awaiting payment: `{url}`. Each
   * new page extends the booking's hold to the page's end, but never past the hold's limit: a
   * page that could not stay open its minimum time within the limit is not opened.
   */
  async checkout(input: CheckoutInput, proof: OwnershipProof): Promise<{ url: string }> {
    const booking = await this.payableBooking(input, proof);
    const now = Date.now();
    const stored = booking.payment.checkoutExpiresAt?.getTime() ?? 0;
    if (booking.payment.checkoutUrl && stored - now > REUSE_MARGIN_MS) {
      return { url: booking.payment.checkoutUrl };
    }
    const latestEnd = holdLimitOf(booking) - HOLD_MARGIN_MS;
    const expiresAt = new Date(
      Math.min(
        Math.ceil((now + MIN_CHECKOUT_MS) / CHECKOUT_STEP_MS) * CHECKOUT_STEP_MS,
        Math.floor(latestEnd / CHECKOUT_FLOOR_MS) * CHECKOUT_FLOOR_MS,
      ),
    );
    if (expiresAt.getTime() < now + MIN_CHECKOUT_MS) {
      throw new DomainError('payment.hold_ended', PaymentMessages.holdEnded);
    }
    await this.closeEarlierCheckout(booking);
    const bookingId = booking.id as string;
    const query = new URLSearchParams({
      booking: bookingId,
      token: this.deps.links.token(bookingId),
    });
    const page = {
      successUrl: `${this.deps.siteUrl}/bookings/return?${query.toString()}`,
      // Back to the booking, which says what happened and offers to pay or cancel it.
      cancelUrl: `${this.deps.siteUrl}/bookings/manage?${query.toString()}&payment=cancelled`,
      expiresAt,
      // The page it replaces is part of the key: a page closed for this one is never replayed.
      idempotencyKey: `checkout-${bookingId}-${String(expiresAt.getTime() / 1000)}${booking.payment.checkoutSessionId ? `-after-${booking.payment.checkoutSessionId}` : ''}`,
    };
    const session = booking.subscriptionId
      ? await this.deps.provider.createSubscriptionCheckout({ ...this.planOrder(booking), ...page })
      : await this.deps.provider.createCheckout({ ...this.order(booking), ...page });
    await this.deps.bookings.checkoutStarted(
      bookingId,
      new Date(expiresAt.getTime() + HOLD_MARGIN_MS),
      {
        'payment.provider': this.deps.provider.name,
        'payment.checkoutSessionId': session.id,
        'payment.checkoutUrl': session.url,
        'payment.checkoutExpiresAt': expiresAt,
      },
    );
    return { url: session.url };
  }

  /**
   * The in-page payment: the card was turned into a provider token in the browser. Answers at
   * once with the provider's verdict; the booking itself follows the provider's event.
   */
  async payInPage(input: InPagePaymentInput, proof: OwnershipProof): Promise<InPagePaymentResult> {
    const booking = await this.payableBooking(input, proof);
    if (booking.subscriptionId) return this.subscribeInPage(booking, input.paymentMethodId);
    await this.closeEarlierCheckout(booking);
    const bookingId = booking.id as string;
    const outcome = await this.deps.provider.pay({
      ...this.order(booking),
      paymentMethodId: input.paymentMethodId,
      idempotencyKey: `pay-${bookingId}-${input.paymentMethodId}`,
    });
    if (outcome.intentId) {
      await this.deps.bookings.inPagePaymentStarted(bookingId, {
        provider: this.deps.provider.name,
        intentId: outcome.intentId,
      });
    }
    if (outcome.status === 'failed') {
      this.deps.logger.info({ bookingId, reason: outcome.reason }, 'payment declined');
      throw new DomainError('paymentDeclined', PaymentMessages.failed, { reason: outcome.reason });
    }
    const message = PaymentMessages.confirmed(serviceTitle(booking.serviceId), booking.email);
    if (outcome.status === 'requires_action') {
      return { status: outcome.status, message, clientSecret: outcome.clientSecret };
    }
    return { status: outcome.status, message };
  }
}
