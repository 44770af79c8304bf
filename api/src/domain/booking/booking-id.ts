/**
 * A booking's id: 128 random bits written as 32 lowercase hex digits. Never sequential and
 * never derived from a clock, so knowing one booking's id says nothing about another's; and an id
 * alone opens nothing: every read or change of a booking also needs proof of ownership.
 */
export const BOOKING_ID_PATTERN = /^[a-f0-9]{32}$/;

export function isBookingId(value: unknown): value is string {
  return typeof value === 'string' && BOOKING_ID_PATTERN.test(value);
}
