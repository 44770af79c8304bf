/**
 * The operators' bookings list: its orders and the bounds of its search box, for the API that
 * answers and the console that asks. Browser-safe.
 */

/**
 * `upcoming`: today's and later visits first, soonest first, then past ones, latest first (the
 * day's work on top). `latest`: every visit by date, latest first.
 */
export const BOOKING_SORTS = ['upcoming', 'latest'] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];
export const DEFAULT_BOOKING_SORT: BookingSort = 'upcoming';

/** The longest search the list takes: a name, an email, a phone, a reference or a postal code. */
export const BOOKING_SEARCH_MAX = 100;

export const BookingSearchMessages = {
  search: `q must be 1 to ${String(BOOKING_SEARCH_MAX)} characters on one line.`,
  sort: `sort must be one of: ${BOOKING_SORTS.join(', ')}.`,
} as const;
