import type { Test } from 'supertest';
import { addDays, todayInToronto } from '../../api/src/domain/calendar/toronto-date';
import { testEmail } from './test-env';

export type BookingFields = Record<string, string>;

let nextDay = 2;
let phoneSerial = Math.floor(Math.random() * 9_000_000);

/**
 * A phone number of its own for each booking: one phone may hold only a few unpaid bookings at
 * once (UNPAID_HOLDS_PER_CONTACT), so forms that share one would refuse each other.
 */
export function testPhone(): string {
  phoneSerial = (phoneSerial + 1) % 10_000_000;
  const digits = String(phoneSerial).padStart(7, '0');
  return `416-${digits.slice(0, 3)}-${digits.slice(3)}`;
}

/**
 * A valid booking form as the site posts it. Each form is for another day (from two days ahead),
 * so bookings of one test file do not fill each other's windows unless a test means them to.
 */
export function bookingFields(overrides: BookingFields = {}): BookingFields {
  const daysAhead = nextDay;
  nextDay = nextDay >= 300 ? 2 : nextDay + 1;
  return {
    name: 'Maya Singh',
    phone: testPhone(),
    email: testEmail('booker'),
    address: '12 Rosedale Ave, Toronto, ON M4W 1P8',
    date: addDays(todayInToronto(), daysAhead),
    time: 'morning',
    service: 'Painting',
    plan: 'One-time Visit - $149',
    ...overrides,
  };
}

/** Adds the fields to a multipart request (a field set to '' is sent empty, as a blank input is). */
export function withFields(test: Test, fields: BookingFields): Test {
  let request = test;
  for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
  return request;
}
