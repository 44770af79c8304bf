import { BookingModel, type BookingDocument } from '../bookings/booking-model';
import type { SlotLedger } from '../bookings/slot-ledger';
import type {
  AdminBookingView,
  Crew,
  AdminScheduleDay,
  AdminScheduleWeek,
  ScheduleVisitKind,
} from '../domain/admin/admin-views';
import { CALLED_OFF } from '../domain/booking/booking-status';
import { timeLabel } from '../domain/booking/booking-schema';
import { CUSTOM_ESTIMATE, TIME_WINDOW_IDS } from '../domain/booking/catalogue';
import { addDays, weekdayOf } from '../domain/calendar/toronto-date';

export function kindOf(booking: BookingDocument): ScheduleVisitKind {
  if (booking.planId === CUSTOM_ESTIMATE) return 'estimate';
  return booking.subscriptionId ? 'plan' : 'one-time';
}

/** An estimate request still waits for an operator to pick its site visit's time. */
const toSchedule = (booking: BookingDocument) => booking.status === 'estimate_requested';

/** The Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/**
 * The operators' week at a glance: each day by time window, the places used of the capacity and
 * the visits in it (one-time, a plan's, an estimate's site visit, each with its photo and crew),
 * and the estimate requests preferring that day, which hold no place until an operator books
 * their site visit.
 */
export async function scheduleWeek(
  anyDay: string,
  board: {
    slots: SlotLedger;
    crews: readonly Crew[];
    view: (booking: BookingDocument) => AdminBookingView;
  },
): Promise<AdminScheduleWeek> {
  const { slots, view } = board;
  const from = mondayOf(anyDay);
  const to = addDays(from, 6);
  const [bookings, taken, closedDays] = await Promise.all([
    BookingModel.find({ date: { $gte: from, $lte: to }, status: { $nin: CALLED_OFF } }).sort({
      date: 1,
      time: 1,
      createdAt: 1,
    }),
    slots.taken(from, to),
    slots.calendar.closedDays(from, to),
  ]);
  const days: AdminScheduleDay[] = Array.from({ length: 7 }, (_, offset) => {
    const date = addDays(from, offset);
    const ofDay = bookings.filter((booking) => booking.date === date);
    const visit = (booking: BookingDocument) => ({ kind: kindOf(booking), booking: view(booking) });
    const closedReason = closedDays.get(date);
    return {
      ...(closedReason === undefined ? {} : { closedReason }),
      date,
      windows: TIME_WINDOW_IDS.map((time) => ({
        time,
        label: timeLabel(time),
        used: taken.get(`${date}|${time}`) ?? 0,
        capacity: slots.capacity,
        visits: ofDay.filter((booking) => booking.time === time && !toSchedule(booking)).map(visit),
      })),
      estimates: ofDay.filter(toSchedule).map(visit),
    };
  });
  return { from, to, capacity: slots.capacity, crews: [...board.crews], days };
}
