import { findTimeWindow } from '../domain/booking/catalogue';
import { torontoTimeToUtc } from '../domain/calendar/toronto-date';
import type { BookingDocument } from './booking-model';

/** A paid booking cancelled more than this long before its window starts is refunded. */
export const REFUND_NOTICE_MS = 24 * 3600 * 1000;
/** The reminder goes out this long before the window starts: the day before, at the same hour. */
export const REMINDER_LEAD_MS = 24 * 3600 * 1000;

/** When the crew is due: the start of the booking's window, in Toronto. */
export function visitStart(booking: Pick<BookingDocument, 'date' | 'time'>): Date {
  const window = findTimeWindow(booking.time);
  return torontoTimeToUtc(booking.date, window?.startHour ?? 0);
}

/** The last moment a cancel of a visit on this date and window is refunded. */
export function refundCutoffFor(visit: Pick<BookingDocument, 'date' | 'time'>): Date {
  return new Date(visitStart(visit).getTime() - REFUND_NOTICE_MS);
}

/**
 * The last moment a cancel of this booking is refunded: the earliest of the cutoff of the visit
 * it points at now and that of every visit it pointed at while paid (`refundCutoff`), so a visit
 * due within 24 hours cannot be moved a month out and then cancelled for its money back.
 */
export function refundDeadline(
  booking: Pick<BookingDocument, 'date' | 'time' | 'refundCutoff'>,
): Date {
  const current = refundCutoffFor(booking);
  const earlier = booking.refundCutoff;
  return earlier && earlier < current ? earlier : current;
}

/** A paid booking cancelled before its refund deadline is refunded. */
export function isRefundableOnCancel(
  booking: Pick<BookingDocument, 'status' | 'date' | 'time' | 'refundCutoff'>,
  now = new Date(),
): boolean {
  return booking.status === 'paid' && now < refundDeadline(booking);
}

/** How long until the reminder is due; null when that moment has passed. */
export function reminderDelayMs(
  booking: Pick<BookingDocument, 'date' | 'time'>,
  now = new Date(),
): number | null {
  const delay = visitStart(booking).getTime() - REMINDER_LEAD_MS - now.getTime();
  return delay > 0 ? delay : null;
}
