import { randomBytes } from 'node:crypto';

/** A new booking id (see domain/booking/booking-id.ts): 16 bytes from the system's CSPRNG. */
export function newBookingId(): string {
  return randomBytes(16).toString('hex');
}
