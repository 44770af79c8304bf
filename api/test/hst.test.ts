import { describe, expect, it } from 'vitest';
import { memberPrice, PLANS, formatCad } from '../src/domain/booking/catalogue';
import { HST_RATE_PERCENT, splitHstIncluded } from '../src/domain/invoice/hst';

/** The rule, restated as a check rather than a computation: the subtotal is the nearest cent. */
function isNearestSubtotal(total: number, subtotal: number): boolean {
  // |subtotal - total / 1.13| <= 0.5 cent, halves up, in integers: times 2 * 113.
  const distance = 2 * (subtotal * (100 + HST_RATE_PERCENT) - total * 100);
  return distance > -(100 + HST_RATE_PERCENT) && distance <= 100 + HST_RATE_PERCENT;
}

describe('the HST inside a price (domain/invoice/hst.ts)', () => {
  it.each([
    // [tax-included, before tax, HST]
    [14_900, 13_186, 1_714], // one-time visit, $149
    [24_900, 22_035, 2_865], // Monthly Visit, $249
    [memberPrice(14_900), 11_867, 1_543], // $134.10, a plan member's one-time visit
    [0, 0, 0],
    [1, 1, 0],
    [2, 2, 0],
    [8, 7, 1],
    [113, 100, 13],
    [100_000, 88_496, 11_504],
    [10_000_000, 8_849_558, 1_150_442], // $100,000
  ])('splits %i cents into %i before tax and %i HST', (total, subtotal, hst) => {
    expect(splitHstIncluded(total)).toEqual({
      subtotalCents: subtotal,
      hstCents: hst,
      totalCents: total,
    });
  });

  it('splits every catalogue price and its member price into parts that add up', () => {
    const prices = PLANS.flatMap((plan) =>
      plan.amountCents === null ? [] : [plan.amountCents, memberPrice(plan.amountCents)],
    );
    expect(prices.length).toBeGreaterThanOrEqual(4);
    for (const total of prices) {
      const split = splitHstIncluded(total);
      expect(split.subtotalCents + split.hstCents, formatCad(total)).toBe(total);
      expect(isNearestSubtotal(total, split.subtotalCents), formatCad(total)).toBe(true);
    }
  });

  it('holds the rule for every amount from 1 cent to $100,000', () => {
    let wrong: number | null = null;
    for (let total = 1; total <= 10_000_000 && wrong === null; total += 1) {
      const { subtotalCents, hstCents } = splitHstIncluded(total);
      if (
        subtotalCents + hstCents !== total ||
        hstCents < 0 ||
        !Number.isInteger(subtotalCents) ||
        !isNearestSubtotal(total, subtotalCents)
      ) {
        wrong = total;
      }
    }
    expect(wrong).toBeNull();
  });

  it('refuses what is not a whole number of cents', () => {
    expect(() => splitHstIncluded(-1)).toThrow(RangeError);
    expect(() => splitHstIncluded(1.5)).toThrow(RangeError);
    expect(() => splitHstIncluded(Number.NaN)).toThrow(RangeError);
  });
});
