import { lineOf } from '../../api/src/domain/invoice/invoice-lines';
import { customerQuoteSchema, type CustomerQuote } from '../../api/src/domain/quote/quote-schema';
import { QUOTE_STATUS_LABELS } from '../../api/src/domain/quote/quote-status';
import { quoteTotals, type QuoteLineInput } from '../../api/src/domain/quote/quote-totals';

/**
 * A quote as the API answers it to its customer, for tests of what is drawn or mailed from it:
 * its figures from the one place that computes them (quoteTotals, each line split by lineOf),
 * parsed by the schema the API answers with. `fields` replace any of the defaults.
 */
export function customerQuoteOf(
  lines: readonly QuoteLineInput[],
  options: { chosen?: number[]; depositPercent?: number | null } & Partial<CustomerQuote> = {},
): CustomerQuote {
  const { chosen = [], depositPercent = null, ...fields } = options;
  const totals = quoteTotals(lines, chosen, depositPercent);
  return customerQuoteSchema.parse({
    id: 'q1',
    number: 'Q-2026-000042',
    revision: 1,
    status: 'sent',
    statusLabel: QUOTE_STATUS_LABELS.sent,
    closedReason: null,
    customerName: 'Maya Singh',
    company: 'Singh Renovations',
    serviceAddress: '12 Rosedale Ave, Toronto',
    sentDate: '2026-11-20',
    validUntil: '2026-12-20',
    lines: lines.map((line, index) => ({
      index,
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      optional: line.optional,
      included: !line.optional || chosen.includes(index),
      split: lineOf(line.description, line.unitPriceCents * line.quantity, line.quantity),
    })),
    totals: {
      subtotalCents: totals.subtotalCents,
      hstCents: totals.hstCents,
      totalCents: totals.totalCents,
      depositPercent: totals.depositPercent,
      depositCents: totals.depositCents,
      balanceCents: totals.balanceCents,
    },
    terms: 'Balance due within 15 days of the work.',
    note: '',
    acceptedBy: null,
    acceptedAt: null,
    depositPaid: false,
    replacedByUrl: null,
    newQuoteUrl: 'https://homeservices.example/contact',
    job: null,
    ...fields,
  });
}
