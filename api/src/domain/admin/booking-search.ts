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

/** A name or a search in the one form both are compared in: composed accents, lower case. */
export function nameKeyForm(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * A name from each of its words on ('Émilie Côté' -> 'émilie côté', 'côté'): a search finds it
 * by the start of any word with a prefix of one of these.
 */
export function nameKeysOf(name: unknown): string[] {
  if (typeof name !== 'string') return [];
  const words = nameKeyForm(name)
    .split(' ')
    .filter((word) => word !== '');
  return [...new Set(words.map((_, index) => words.slice(index).join(' ')))];
}
