import { lineOf, totalsOf } from '../invoice/invoice-lines';
import type { InvoiceLine } from '../invoice/invoice-schema';

/** A line as the operator writes it: the unit price includes HST, as every price on the site. */
export interface QuoteLineInput {
  readonly description: string;
  readonly quantity: number;
  /** One unit's price, HST included, in cents. */
  readonly unitPriceCents: number;
  /** An item the customer may add (or leave out) before accepting. */
  readonly optional: boolean;
}

export interface QuoteTotals {
  /** The lines that count, split by the one HST rule (lineOf), in the quote's order. */
  readonly lines: readonly (InvoiceLine & { index: number; optional: boolean })[];
  readonly subtotalCents: number;
  readonly hstCents: number;
  readonly totalCents: number;
  readonly depositPercent: number;
  readonly depositCents: number;
  /** What is left to pay after the deposit: the balance invoice's amount. */
  readonly balanceCents: number;
}

/** At and above this total (tax included) a deposit is asked by default. */
export const DEPOSIT_THRESHOLD_CENTS = 100_000;
export const DEFAULT_DEPOSIT_PERCENT = 25;
/** Days a quote is valid for unless the operator says otherwise. */
export const DEFAULT_VALIDITY_DAYS = 30;

/** The deposit percent a quote of this total asks when the operator has not set one. */
export function defaultDepositPercent(totalCents: number): number {
  return totalCents >= DEPOSIT_THRESHOLD_CENTS ? DEFAULT_DEPOSIT_PERCENT : 0;
}

/** A percent of an amount in whole cents, halves rounded up (the one rounding of deposits). */
export function depositOf(totalCents: number, percent: number): number {
  return Math.floor((totalCents * percent * 2 + 100) / 200);
}

/**
 * A quote's totals with the optional items `chosen` (their indexes) added: the only place they are
 * computed, on the server, from the stored lines; a total the browser sends is never read. Each
 * line is split into its price before tax and HST by lineOf, as on invoices, so the deposit and
 * balance invoices carry the same figures.
 */
export function quoteTotals(
  lines: readonly QuoteLineInput[],
  chosen: readonly number[],
  depositPercent: number | null,
): QuoteTotals {
  const counted = lines
    .map((line, index) => ({ line, index }))
    .filter(({ line, index }) => !line.optional || chosen.includes(index))
    .map(({ line, index }) => ({
      ...lineOf(line.description, line.unitPriceCents * line.quantity, line.quantity),
      index,
      optional: line.optional,
    }));
  const totals = totalsOf(counted);
  const percent = depositPercent ?? defaultDepositPercent(totals.totalCents);
  const depositCents = depositOf(totals.totalCents, percent);
  return {
    lines: counted,
    ...totals,
    depositPercent: percent,
    depositCents,
    balanceCents: totals.totalCents - depositCents,
  };
}
