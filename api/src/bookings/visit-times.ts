import { findTimeWindow } from '../domain/booking/catalogue';
import { addDays, todayInToronto, torontoTimeToUtc } from '../domain/calendar/toronto-date';
import type { BookingDocument } from './booking-model';

/** The reminder goes out this long before the window starts: the day before, at the same hour. */
export const REMINDER_LEAD_MS = 24 * 3600 * 1000;

/** When the crew is due: the start of the booking's window, in Toronto. */
export function visitStart(booking: Pick<BookingDocument, 'date' | 'time'>): Date {
  const window = findTimeWindow(booking.time);
  return torontoTimeToUtc(booking.date, window?.startHour ?? 0);
}

/** How long until the reminder is due; null when that moment has passed. */
export function reminderDelayMs(
  booking: Pick<BookingDocument, 'date' | 'time'>,
  now = new Date(),
): number | null {
  const delay = visitStart(booking).getTime() - REMINDER_LEAD_MS - now.getTime();
  return delay > 0 ? delay : null;
}

/** The review request goes out at this hour (Toronto) the morning after the visit was done. */
export const REVIEW_REQUEST_HOUR = 9;

/** How long until the morning after `now`, Toronto time, when a done visit's review is asked for. */
export function reviewRequestDelayMs(now: Date): number {
  const tomorrow = addDays(todayInToronto(now), 1);
  return torontoTimeToUtc(tomorrow, REVIEW_REQUEST_HOUR).getTime() - now.getTime();
}
