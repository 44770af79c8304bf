import { BookingModel, type BookingDocument } from '../bookings/booking-model';
import type { SlotLedger } from '../bookings/slot-ledger';
import type {
  AdminBookingView,
  AdminScheduleDay,
  AdminScheduleWeek,
  ScheduleVisitKind,
} from '../domain/admin/admin-views';
import { timeLabel } from '../domain/booking/booking-schema';
import { TIME_WINDOW_IDS } from '../domain/booking/catalogue';
import { addDays, weekdayOf } from '../domain/calendar/toronto-date';

/** Bookings that are no longer visits: nobody goes. */
const OFF = ['cancelled', 'refunded'];

function kindOf(booking: BookingDocument): ScheduleVisitKind {
  if (booking.status === 'estimate_requested') return 'estimate';
  return booking.subscriptionId ? 'plan' : 'one-time';
}

/** The Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/**
 * The operators' week at a glance: each day by time window, the places used of the capacity and
 * the visits in it (one-time, a plan's, each with its photo), and the estimate requests preferring
 * that day, which hold no place until an operator schedules them.
 */
export async function scheduleWeek(
  anyDay: string,
  slots: SlotLedger,
  view: (booking: BookingDocument) => AdminBookingView,
): Promise<AdminScheduleWeek> {
  const from = mondayOf(anyDay);
  const to = addDays(from, 6);
  const [bookings, taken] = await Promise.all([
    BookingModel.find({ date: { $gte: from, $lte: to }, status: { $nin: OFF } }).sort({
      date: 1,
      time: 1,
      createdAt: 1,
    }),
    slots.taken(from, to),
  ]);
  const days: AdminScheduleDay[] = Array.from({ length: 7 }, (_, offset) => {
    const date = addDays(from, offset);
    const ofDay = bookings.filter((booking) => booking.date === date);
    const visit = (booking: BookingDocument) => ({ kind: kindOf(booking), booking: view(booking) });
    return {
      date,
      windows: TIME_WINDOW_IDS.map((time) => ({
        time,
        label: timeLabel(time),
        used: taken.get(`${date}|${time}`) ?? 0,
        capacity: slots.capacity,
        visits: ofDay
          .filter((booking) => booking.time === time && kindOf(booking) !== 'estimate')
          .map(visit),
      })),
      estimates: ofDay.filter((booking) => kindOf(booking) === 'estimate').map(visit),
    };
  });
  return { from, to, capacity: slots.capacity, days };
}
