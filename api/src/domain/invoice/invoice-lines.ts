import { HST_RATE_PERCENT, splitHstIncluded } from './hst';
import type { InvoiceLine } from './invoice-schema';

/**
 * One line of a document: a supply at its tax-included amount, split by the one HST rule. Every
 * document (invoice, credit note, and a quote's lines) builds its lines here, so a line reads the
 * same wherever it appears.
 */
export function lineOf(description: string, totalCents: number, quantity = 1): InvoiceLine {
  const split = splitHstIncluded(totalCents);
  return {
    description,
    quantity,
    unitPriceCents: Math.round(split.subtotalCents / quantity),
    subtotalCents: split.subtotalCents,
    hstRatePercent: HST_RATE_PERCENT,
    hstCents: split.hstCents,
    totalCents,
  };
}

/** A document's totals: the sums of its lines (its HST is its lines' HST, never split again). */
export function totalsOf(lines: readonly InvoiceLine[]): {
  subtotalCents: number;
  hstCents: number;
  totalCents: number;
} {
  return {
    subtotalCents: lines.reduce((sum, line) => sum + line.subtotalCents, 0),
    hstCents: lines.reduce((sum, line) => sum + line.hstCents, 0),
    totalCents: lines.reduce((sum, line) => sum + line.totalCents, 0),
  };
}
