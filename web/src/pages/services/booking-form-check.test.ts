import { BookingMessages } from '@hs/api/domain/booking/booking-schema';
import { findPlan, findService } from '@hs/api/domain/booking/catalogue';
import { addDays, todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, type BookingDraft } from './booking-draft';
import { checkBooking } from './booking-form-check';
import type { DayAvailability } from './use-window-availability';

const painting = findService('painting');
const oneTime = findPlan('one-time');

const OPEN_DAY: DayAvailability = { windowState: () => 'open', closedReason: null };

function check(overrides: Partial<BookingDraft>, day: DayAvailability = OPEN_DAY) {
  if (!painting || !oneTime) throw new Error('the catalogue has no Painting or One-time Visit');
  const draft: BookingDraft = {
    ...EMPTY_DRAFT,
    name: 'Maya Singh',
    phone: '416-555-0199',
    email: 'maya@example.test',
    address: '12 Rosedale Ave',
    postalCode: 'M4W 1P8',
    date: addDays(todayInToronto(), 3),
    ...overrides,
  };
  return checkBooking(draft, painting, oneTime, day, null);
}

// The form judges with the API's own schema, so it refuses what the API would, before sending.
describe('the booking form refuses hidden control and direction characters, as the API does', () => {
  it('accepts the form as typed, right-to-left names and line breaks in the details included', () => {
    expect(check({ name: 'مريم\u200F Singh', details: 'A deck.\r\n\tTwo steps.' }).ok).toBe(true);
  });

  it.each([
    [
      'name',
      'Maya\u202Egnp.exe',
      'Full name must be on one line, without hidden control or text-direction characters.',
    ],
    [
      'address',
      '12 Rosedale\u0085Ave',
      'Service address must be on one line, without hidden control or text-direction characters.',
    ],
    [
      'details',
      'A deck \u2066please\u2069',
      'Project description must not contain hidden control or text-direction characters.',
    ],
  ] as const)('refuses %s = %j with the message the API gives', (field, value, message) => {
    const result = check({ [field]: value });
    expect(result.ok).toBe(false);
    expect(result.fields[field]).toBe(message);
  });
});

describe('the booking form refuses a day we are closed, as the API does', () => {
  it('says so on the date field with the reason and the way on, not on the time', () => {
    const result = check({}, { windowState: () => 'dayClosed', closedReason: 'Christmas Day' });
    expect(result.ok).toBe(false);
    expect(result.fields).toEqual({ date: 'Closed: Christmas Day. Please choose another date.' });
  });

  it("keeps the schema's own date error first", () => {
    const result = check(
      { date: '' },
      { windowState: () => 'dayClosed', closedReason: 'Christmas Day' },
    );
    expect(result.fields.date).toBe(BookingMessages.dateRequired);
  });
});
