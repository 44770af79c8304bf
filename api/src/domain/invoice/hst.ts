/**
 * Ontario's 13 % HST inside the prices the site shows (docs/product.md: prices include HST). The
 * one place an amount is split into its price before tax and its tax; invoices, credit notes and
 * quotes all call it.
 *
 * Rounding rule: the price before tax is the tax-included amount divided by 1.13, rounded to the
 * nearest cent with halves rounded up; the HST is what is left (`total - subtotal`). So the two
 * parts always add up to the amount paid, to the cent, and the HST is never more than 13 % of
 * the subtotal by more than half a cent. A document's HST is the sum of its lines' HST: each line
 * is split on its own, so a line reads the same on every document it appears on.
 */
export const HST_RATE_PERCENT = 13;

export interface HstSplit {
  /** The amount before tax, in cents. */
  readonly subtotalCents: number;
  readonly hstCents: number;
  /** The amount paid, tax included: `subtotalCents + hstCents`. */
  readonly totalCents: number;
}

/** Splits a tax-included amount of whole cents (0 or more) into its price before tax and HST. */
export function splitHstIncluded(totalCents: number): HstSplit {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) {
    throw new RangeError(
      `an amount in whole cents, 0 or more, was expected: ${String(totalCents)}`,
    );
  }
  // total * 100 / 113, halves up, in integers: floor((2 * total * 100 + 113) / (2 * 113)).
  const hundred = 100 + HST_RATE_PERCENT;
  const subtotalCents = Math.floor((2 * totalCents * 100 + hundred) / (2 * hundred));
  return { subtotalCents, hstCents: totalCents - subtotalCents, totalCents };
}
