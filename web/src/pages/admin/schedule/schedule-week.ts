import type {
  AdminBookingView,
  AdminScheduleDay,
  AdminScheduleVisit,
  AdminScheduleWeek,
  AdminScheduleWindow,
} from '@hs/api/domain/admin/admin-views';
import { TIME_WINDOW_IDS } from '@hs/api/domain/booking/catalogue';

/** What the board and the day sheets read of a week: pure, so that they agree. */

/** An estimate request waits for an operator to pick its site visit's time: it has no window. */
export function isWaiting(booking: AdminBookingView): boolean {
  return booking.status === 'estimate_requested';
}

/**
 * The crews going to another visit of the window. A crew is in one place at a time, so the board
 * offers them to this visit only as busy (the API would refuse them anyway).
 */
export function busyCrews(window: AdminScheduleWindow, bookingId: string): ReadonlySet<string> {
  const busy = new Set<string>();
  for (const { booking } of window.visits) {
    if (booking.id !== bookingId && booking.crewId !== null) busy.add(booking.crewId);
  }
  return busy;
}

/**
 * The visits of the day a crew goes to (or that no crew goes to yet, for null), in visiting
 * order: morning, afternoon, evening.
 */
export function crewVisits(day: AdminScheduleDay, crewId: string | null): AdminScheduleVisit[] {
  return inVisitingOrder(day.windows).flatMap((window) =>
    window.visits.filter(({ booking }) => booking.crewId === crewId),
  );
}

/** A day's windows as the day goes: morning, afternoon, evening, whatever order they came in. */
export function inVisitingOrder(windows: readonly AdminScheduleWindow[]): AdminScheduleWindow[] {
  return [...windows].sort(
    (a, b) => TIME_WINDOW_IDS.indexOf(a.time) - TIME_WINDOW_IDS.indexOf(b.time),
  );
}

/** The address as a crew needs it: with the postal code, when the booking has one. */
export function fullAddress(booking: {
  readonly address: string;
  readonly postalCode: string;
}): string {
  const postalCode = booking.postalCode.trim();
  return postalCode === '' ? booking.address : `${booking.address}, ${postalCode}`;
}

function without(visits: AdminScheduleVisit[], bookingId: string): AdminScheduleVisit[] {
  return visits.filter(({ booking }) => booking.id !== bookingId);
}

/**
 * The week with `booking` where the API now has it: in place of its old copy, in another day or
 * window after a move, among the day's requests while it waits, or gone when it left the week.
 * The places used are the API's to count: the board reads the week again after a move.
 */
export function placeBooking(
  week: AdminScheduleWeek,
  booking: AdminBookingView,
): AdminScheduleWeek {
  const before = week.days
    .flatMap((day) => [...day.estimates, ...day.windows.flatMap((window) => window.visits)])
    .find((visit) => visit.booking.id === booking.id);
  if (before === undefined) return week;
  const placed: AdminScheduleVisit = { kind: before.kind, booking };
  const here = (date: string) => booking.date === date;
  return {
    ...week,
    days: week.days.map((day) => ({
      ...day,
      windows: day.windows.map((window) => {
        const visits = without(window.visits, booking.id);
        const staying = window.visits.length !== visits.length;
        if (!here(day.date) || isWaiting(booking) || window.time !== booking.time) {
          return staying ? { ...window, visits } : window;
        }
        // In place of its old copy when it stays in this window, so that the card keeps its spot.
        return {
          ...window,
          visits: staying
            ? window.visits.map((visit) => (visit.booking.id === booking.id ? placed : visit))
            : [...visits, placed],
        };
      }),
      estimates:
        here(day.date) && isWaiting(booking)
          ? day.estimates.some((visit) => visit.booking.id === booking.id)
            ? day.estimates.map((visit) => (visit.booking.id === booking.id ? placed : visit))
            : [...day.estimates, placed]
          : without(day.estimates, booking.id),
    })),
  };
}
