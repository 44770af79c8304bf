import {
  type BookingView,
  type ManagedBookingView,
  timeLabel,
} from '../domain/booking/booking-schema';
import { AWAITING_PAYMENT, HOLDS_A_PLACE } from '../domain/booking/booking-status';
import { PLANS, SERVICES } from '../domain/booking/catalogue';
import { todayInToronto } from '../domain/calendar/toronto-date';
import type { BookingDocument } from './booking-model';
import { refundDeadline, refundOnCustomerCancel } from './lifecycle/refund-policy';

export function serviceTitle(serviceId: string): string {
  return SERVICES.find((service) => service.id === serviceId)?.title ?? serviceId;
}

export function planName(planId: string): string {
  return PLANS.find((plan) => plan.id === planId)?.name ?? planId;
}

/** A booking as its customer sees it: no internal keys, no payment ids. */
export function bookingView(booking: BookingDocument): BookingView {
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
  };
}

/** The manage page's view: the booking, its contact details and what may still be done with it. */
export function managedBookingView(booking: BookingDocument, now = new Date()): ManagedBookingView {
  const upcoming = booking.date >= todayInToronto(now);
  const open = booking.status === 'estimate_requested' || HOLDS_A_PLACE.includes(booking.status);
  return {
    ...bookingView(booking),
    name: booking.name,
    email: booking.email,
    phone: booking.phone,
    address: booking.address,
    canCancel: open && upcoming,
    canReschedule: open && upcoming,
    refundOnCancel:
      open &&
      upcoming &&
      !AWAITING_PAYMENT.includes(booking.status) &&
      refundOnCustomerCancel(booking, now),
    refundUntil: booking.status === 'paid' ? refundDeadline(booking).toISOString() : null,
  };
}
