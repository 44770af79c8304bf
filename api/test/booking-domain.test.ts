import { describe, expect, it } from 'vitest';
import { bookingFormSchema, BookingMessages } from '../src/domain/booking/booking-schema';
import { canMove } from '../src/bookings/lifecycle/booking-moves';
import { BOOKING_STATUSES } from '../src/domain/booking/booking-status';
import { findPlan, findService, planLabel, PLANS, SERVICES } from '../src/domain/booking/catalogue';
import { addDays, todayInToronto, torontoTimeToUtc } from '../src/domain/calendar/toronto-date';
import {
  cardFormSchema,
  CardMessages,
  testPaymentMethodFor,
} from '../src/domain/payment/test-cards';

describe('the catalogue', () => {
  it('has the 12 services of docs/product.md with their keywords', () => {
    expect(SERVICES.map((service) => [service.title, service.keyword])).toEqual([
      ['Garden Maintenance', 'garden'],
      ['House/Office Cleaning', 'house'],
      ['Seasonal Cleaning', 'house'],
      ['Specialized Carpentry', 'office'],
      ['Painting', 'furniture'],
      ['Free Construction Estimate', 'construction'],
      ['Pressure Wash', 'glass'],
      ['Garden & Backyard Design', 'planting'],
      ['Lawn Repair', 'lawn'],
      ['Weed Control', 'weeding'],
      ['Snow Removal', 'pruning'],
      ['Eavestrough', 'top'],
    ]);
    expect(new Set(SERVICES.map((service) => service.id)).size).toBe(12);
  });

  it('finds a plan by the label the form carries, never by the price written in it', () => {
    expect(findPlan('One-time Visit - $149')?.amountCents).toBe(14900);
    expect(findPlan('One-time Visit - $1')?.amountCents).toBe(14900);
    expect(findPlan('monthly visit')?.amountCents).toBe(24900);
    expect(findPlan('Custom Estimate')?.amountCents).toBeNull();
    expect(findPlan('Platinum')).toBeUndefined();
    expect(PLANS.map(planLabel)).toEqual([
      'One-time Visit - $149',
      'Monthly Visit - $249',
      'Custom Estimate',
    ]);
  });

  it('finds a service by id or by title in any case', () => {
    expect(findService('garden & backyard design')?.id).toBe('garden-backyard-design');
    expect(findService('snow-removal')?.title).toBe('Snow Removal');
    expect(findService('Chimney Sweep')).toBeUndefined();
  });
});

describe('Toronto dates', () => {
  it('turns a window start into the right instant in winter and in summer', () => {
    expect(torontoTimeToUtc('2026-12-10', 8).toISOString()).toBe('2026-12-10T13:00:00.000Z');
    expect(torontoTimeToUtc('2027-07-10', 16).toISOString()).toBe('2027-07-10T20:00:00.000Z');
    // The morning after clocks go forward (8 March 2026) and back (1 November 2026).
    expect(torontoTimeToUtc('2026-03-08', 8).toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(torontoTimeToUtc('2026-11-01', 8).toISOString()).toBe('2026-11-01T13:00:00.000Z');
  });

  it('keeps each side of a clock change apart, asked again and again (offsets are kept per hour)', () => {
    for (let round = 0; round < 2; round += 1) {
      // Spring: 1:00 is still EST, 3:00 already EDT; autumn: midnight is EDT, 3:00 is EST.
      expect(torontoTimeToUtc('2026-03-08', 1).toISOString()).toBe('2026-03-08T06:00:00.000Z');
      expect(torontoTimeToUtc('2026-03-08', 3).toISOString()).toBe('2026-03-08T07:00:00.000Z');
      expect(torontoTimeToUtc('2026-11-01', 0).toISOString()).toBe('2026-11-01T04:00:00.000Z');
      expect(torontoTimeToUtc('2026-11-01', 3).toISOString()).toBe('2026-11-01T08:00:00.000Z');
    }
  });

  it("says today is still yesterday's date in Toronto late in the UTC day", () => {
    expect(todayInToronto(new Date('2026-11-21T03:00:00Z'))).toBe('2026-11-20');
    expect(todayInToronto(new Date('2026-11-21T06:00:00Z'))).toBe('2026-11-21');
  });

  it('refuses a date before today in Toronto even when it is already tomorrow in UTC', () => {
    // 23:30 in Toronto on 20 November: 21 November in UTC, and the form may not pick it as past.
    const schema = bookingFormSchema(() => todayInToronto(new Date('2026-11-21T04:30:00Z')));
    const form = {
      name: 'Maya',
      phone: '416 555 0199',
      email: 'maya@example.test',
      address: '12 Rosedale Ave',
      postalCode: 'M4W 1P8',
      service: 'Painting',
      plan: 'One-time Visit',
    };
    expect(schema.safeParse({ ...form, date: '2026-11-20' }).success).toBe(true);
    const past = schema.safeParse({ ...form, date: '2026-11-19' });
    expect(past.error?.issues[0]?.message).toBe(BookingMessages.dateInPast);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('booking states', () => {
  it('allows only the moves of the state machine', () => {
    const allowed = BOOKING_STATUSES.flatMap((from) =>
      BOOKING_STATUSES.filter((to) => canMove(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        // A plan's visit given up unpaid, restored when its month's payment comes after all.
        'cancelled->paid',
        'cancelled->refunded',
        'estimate_requested->cancelled',
        // An operator books an estimate's site visit; it is then called off or done.
        'estimate_requested->estimate_scheduled',
        'estimate_scheduled->cancelled',
        'estimate_scheduled->done',
        // How a visit went, from its day on: a no-show is made again (paid) or found done after all.
        'paid->done',
        'paid->no_show',
        'no_show->done',
        'no_show->paid',
        // Refunded at the provider after the visit.
        'done->refunded',
        'no_show->refunded',
        'paid->cancelled',
        'paid->refunded',
        'payment_failed->cancelled',
        'payment_failed->paid',
        'payment_failed->pending_payment',
        'pending_payment->cancelled',
        'pending_payment->paid',
        'pending_payment->payment_failed',
        // A plan's visit skipped by its customer (paid for or not), refunded when it was paid.
        'paid->skipped',
        'payment_failed->skipped',
        'pending_payment->skipped',
        'skipped->refunded',
      ].sort(),
    );
    expect(canMove('paid', 'payment_failed')).toBe(false);
    expect(canMove('refunded', 'paid')).toBe(false);
    expect(canMove('done', 'paid')).toBe(false);
    expect(canMove('estimate_requested', 'done')).toBe(false);
  });
});

describe('the card form of docs/product.md section 5 (local test provider)', () => {
  const schema = cardFormSchema(() => new Date('2026-11-21T12:00:00Z'));
  const card = {
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/28',
    cvv: '123',
    nameOnCard: 'Maya Singh',
  };
  const problem = (changes: Partial<typeof card>) =>
    schema.safeParse({ ...card, ...changes }).error?.issues[0]?.message;

  it('accepts a complete card', () => {
    expect(schema.parse(card).cardNumber).toBe('4242424242424242');
  });

  it.each([
    [{ cardNumber: '4242 4242 4242' }, CardMessages.number],
    [{ cardNumber: '4242 4242 4242 424x' }, CardMessages.number],
    [{ expiry: '13/28' }, CardMessages.expiry],
    [{ expiry: '00/28' }, CardMessages.expiry],
    [{ expiry: '1228' }, CardMessages.expiry],
    [{ expiry: '10/26' }, CardMessages.expired],
    [{ cvv: '12' }, CardMessages.cvv],
    [{ cvv: '1234' }, CardMessages.cvv],
    [{ nameOnCard: '  ' }, CardMessages.name],
  ])('refuses %j', (changes, message) => {
    expect(problem(changes)).toBe(message);
  });

  it('turns the two test cards into the tokens Stripe uses for them, and nothing else', () => {
    expect(testPaymentMethodFor('4242 4242 4242 4242')).toBe('pm_card_visa');
    expect(testPaymentMethodFor('4000-0000-0000-0002')).toBe('pm_card_chargeDeclined');
    expect(testPaymentMethodFor('5555 5555 5555 4444')).toBeNull();
  });
});
