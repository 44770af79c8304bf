import { VISIT_AHEAD } from '../../domain/booking/booking-status';
import type { BookingDocument } from '../booking-model';
import { visitStart } from '../visit-times';

/**
 * When a booking's money goes back: the one place that says so, for the customer's cancel, the
 * operator's refund, a payment that came too late and the job that asks the provider.
 */

/** A paid booking cancelled more than this long before its window starts is refunded. */
export const REFUND_NOTICE_MS = 24 * 3600 * 1000;

type Visit = Pick<BookingDocument, 'date' | 'time'>;
type Payment = Pick<BookingDocument, 'status' | 'amountCents' | 'payment'>;

/** The last moment a cancel of a visit on this date and window is refunded. */
export function refundCutoffFor(visit: Visit): Date {
  return new Date(visitStart(visit).getTime() - REFUND_NOTICE_MS);
}

/**
 * The last moment a cancel of this booking is refunded: the earliest of the cutoff of the visit
 * it points at now and that of every visit it pointed at while paid (`refundCutoff`), so a visit
 * due within 24 hours cannot be moved a month out and then cancelled for its money back.
 */
export function refundDeadline(booking: Visit & Pick<BookingDocument, 'refundCutoff'>): Date {
  const current = refundCutoffFor(booking);
  const earlier = booking.refundCutoff;
  return earlier && earlier < current ? earlier : current;
}

/**
 * Whether the visit still sits on a day the business closed after it was booked (an operator's
 * closure): its customer was offered another day or a full refund.
 */
export function closedDayApplies(
  booking: Pick<BookingDocument, 'date' | 'status' | 'closedDay'>,
): boolean {
  return booking.closedDay?.date === booking.date && VISIT_AHEAD.includes(booking.status);
}

/**
 * A customer's cancel of a paid booking before its refund deadline gives the money back, and so
 * does one of a visit whose day the business closed since (whenever it comes: we called it off).
 * A Monthly Visit plan's visit is skipped, not refunded: the month is paid as a whole, and the
 * customer is told before they confirm.
 */
export function refundOnCustomerCancel(
  booking: Visit &
    Pick<BookingDocument, 'status' | 'refundCutoff' | 'subscriptionId' | 'closedDay'>,
  now: Date,
): boolean {
  if (booking.subscriptionId) return false;
  if (booking.status !== 'paid') return false;
  return closedDayApplies(booking) || now < refundDeadline(booking);
}

/** A card payment the provider could give back. */
function hasPayment(booking: Payment): boolean {
  return Boolean(booking.payment.intentId) && typeof booking.amountCents === 'number';
}

/**
 * Why an operator may not ask for this booking's money back, or null when they may: the 24-hour
 * rule is the customer's, an operator decides, but only a recorded payment can be given back,
 * and only once.
 */
export function operatorRefundBar(booking: Payment): 'noPayment' | 'alreadyAsked' | null {
  if (!hasPayment(booking)) return 'noPayment';
  if (booking.payment.refundRequestedAt) return 'alreadyAsked';
  return null;
}

/** A payment for a booking that had given its place up (its hold ran out) goes back, once. */
export function refundOnLatePayment(booking: Payment): boolean {
  return booking.status === 'cancelled' && !booking.payment.refundRequestedAt;
}

export type RefundOwed =
  | { kind: 'owed'; intentId: string; amountCents: number }
  /** Given back already (or the booking is gone): asking again would be a second refund. */
  | { kind: 'settled' }
  /** Asked for, yet nothing was paid by card: an operator has to look at it. */
  | { kind: 'noPayment' };

/** What the refund job asks the provider for. */
export function refundOwed(booking: Payment | null): RefundOwed {
  if (!booking || booking.status === 'refunded' || booking.payment.refundedAt) {
    return { kind: 'settled' };
  }
  const intentId = booking.payment.intentId;
  if (!intentId || booking.amountCents === null || booking.amountCents === undefined) {
    return { kind: 'noPayment' };
  }
  return { kind: 'owed', intentId, amountCents: booking.amountCents };
}

/**
 * Whether the booking's money is going back, or has: asked of the provider, or given back (at
 * the provider's dashboard too). What its cancellation email says is read from this when the
 * email is sent, so a payment that crossed the cancel is told as the refund it became.
 */
export function refundUnderway(booking: Pick<BookingDocument, 'status' | 'payment'>): boolean {
  return (
    booking.status === 'refunded' ||
    Boolean(booking.payment.refundRequestedAt) ||
    Boolean(booking.payment.refundedAt)
  );
}
