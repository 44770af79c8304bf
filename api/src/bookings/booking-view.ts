import {
  type BookingView,
  type ClosedDayNotice,
  type ManagedBookingView,
  type MonthlyPlanView,
  timeLabel,
} from '../domain/booking/booking-schema';
import { PLANS, SERVICES } from '../domain/booking/catalogue';
import { AWAITING_PAYMENT } from '../domain/booking/booking-status';
import { todayInToronto } from '../domain/calendar/toronto-date';
import type { BookingDocument } from './booking-model';
import { customerMay } from './lifecycle/booking-moves';
import {
  closedDayApplies,
  refundDeadline,
  refundOnCustomerCancel,
} from './lifecycle/refund-policy';

export function serviceTitle(serviceId: string): string {
  return SERVICES.find((service) => service.id === serviceId)?.title ?? serviceId;
}

export function planName(planId: string): string {
  return PLANS.find((plan) => plan.id === planId)?.name ?? planId;
}

/**
 * A booking as its customer sees it: no internal keys, no payment ids. A visit of a Monthly Visit
 * plan carries its plan, which the caller reads (subscription-view.ts).
 */
export function bookingView(
  booking: BookingDocument,
  monthlyPlan: MonthlyPlanView | null = null,
): BookingView {
  const time = booking.time;
  return {
    id: booking.id as string,
    reference: booking.reference,
    service: serviceTitle(booking.serviceId),
    serviceId: booking.serviceId,
    plan: planName(booking.planId),
    planId: booking.planId,
    date: booking.date,
    time,
    timeLabel: timeLabel(time),
    amountCents: booking.amountCents ?? null,
    currency: 'cad',
    status: booking.status,
    hasImage: booking.imageKey !== '',
    createdAt: booking.createdAt.toISOString(),
    monthlyPlan,
    discount: booking.discount
      ? { percent: booking.discount.percent, fullPriceCents: booking.discount.fullPriceCents }
      : null,
  };
}

/** The closed day a visit still sits on, as its customer reads it (null once moved or called off). */
function closedDayNotice(booking: BookingDocument): ClosedDayNotice | null {
  const closed = booking.closedDay;
  if (!closedDayApplies(booking) || !closed) return null;
  const offer =
    closed.offerDate && closed.offerTime
      ? { date: closed.offerDate, time: closed.offerTime }
      : null;
  return { date: closed.date, reason: closed.reason, offer };
}

/** The manage page's view: the booking, its contact details and what may still be done with it. */
export function managedBookingView(
  booking: BookingDocument,
  now = new Date(),
  monthlyPlan: MonthlyPlanView | null = null,
): ManagedBookingView {
  const canCancel = customerMay('cancelledByCustomer', booking, now);
  return {
    ...bookingView(booking, monthlyPlan),
    name: booking.name,
    company: booking.company ?? null,
    email: booking.email,
    phone: booking.phone,
    address: booking.address,
    postalCode: booking.postalCode,
    canCancel,
    canReschedule: customerMay('rescheduled', booking, now),
    canPay:
      AWAITING_PAYMENT.includes(booking.status) &&
      booking.amountCents !== null &&
      !booking.subscriptionId &&
      booking.date >= todayInToronto(now) &&
      // Nobody pays for a visit on a day we closed: it moves first, or is cancelled.
      !closedDayApplies(booking),
    refundOnCancel: canCancel && refundOnCustomerCancel(booking, now),
    refundUntil: booking.status === 'paid' ? refundDeadline(booking).toISOString() : null,
    closedDay: closedDayNotice(booking),
  };
}
