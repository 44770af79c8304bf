import { torontoDate } from '../domain/calendar/toronto-date';
import { lineOf } from '../domain/invoice/invoice-lines';
import { quoteRefusal, type QuoteEvent } from '../domain/quote/quote-moves';
import type {
  AdminQuote,
  AdminQuoteSummary,
  CustomerQuote,
  MyQuote,
  QuoteJob,
} from '../domain/quote/quote-schema';
import {
  QUOTE_CUSTOMER_LABELS,
  QUOTE_OPEN,
  QUOTE_STATUS_LABELS,
} from '../domain/quote/quote-status';
import { quoteTotals, type QuoteLineInput, type QuoteTotals } from '../domain/quote/quote-totals';
import type { Quote } from './quote-model';
import type { QuoteLinks } from './quote-links';

/** How each event reads in a quote's history. */
export const QUOTE_EVENT_LABELS: Record<QuoteEvent, string> = {
  sent: 'Sent to the customer',
  viewed: 'Opened by the customer',
  accepted: 'Accepted by the customer',
  acceptedWithoutDeposit: 'Accepted by the customer (no deposit due)',
  declined: 'Declined by the customer',
  depositPaid: 'Deposit paid',
  expired: 'Expired',
  replaced: 'Replaced by a new revision',
  workDone: 'Work done: balance invoiced',
  balancePaid: 'Balance paid',
};

type StoredTotals = Quote['acceptedTotals'];

const linesOf = (quote: Pick<Quote, 'lines'>): QuoteLineInput[] =>
  quote.lines.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    optional: line.optional,
  }));

const plainTotals = (totals: QuoteTotals | NonNullable<StoredTotals>) => ({
  subtotalCents: totals.subtotalCents,
  hstCents: totals.hstCents,
  totalCents: totals.totalCents,
  depositPercent: totals.depositPercent,
  depositCents: totals.depositCents,
  balanceCents: totals.balanceCents,
});

/** The quote's totals with `chosen` optional items: the accepted ones once accepted. */
export function totalsOfQuote(quote: Quote, chosen: readonly number[] = []): QuoteTotals {
  return quoteTotals(linesOf(quote), chosen, quote.depositPercent ?? null);
}

/** The quote as its customer reads it; `links` for the newer revision's address. */
export function customerQuoteView(
  quote: Quote,
  deps: { links: QuoteLinks; siteUrl: string; job: QuoteJob | null },
): CustomerQuote {
  const chosen = quote.acceptance?.optionalItems ?? [];
  const status = quote.status;
  const totals = quote.acceptedTotals ?? totalsOfQuote(quote, chosen);
  return {
    id: quote._id,
    number: quote.number,
    revision: quote.revision,
    status,
    statusLabel: QUOTE_CUSTOMER_LABELS[status],
    closedReason: QUOTE_OPEN.includes(status) ? null : quoteRefusal(status),
    customerName: quote.customer.name,
    company: quote.customer.company ?? null,
    serviceAddress: quote.customer.address,
    sentDate: quote.sentAt ? torontoDate(quote.sentAt) : null,
    validUntil: quote.validUntil,
    lines: quote.lines.map((line, index) => ({
      index,
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      optional: line.optional,
      included: !line.optional || chosen.includes(index),
      split: lineOf(line.description, line.unitPriceCents * line.quantity, line.quantity),
    })),
    totals: plainTotals(totals),
    terms: quote.terms,
    note: quote.note,
    acceptedBy: quote.acceptance?.name ?? null,
    acceptedAt: quote.acceptance?.at.toISOString() ?? null,
    depositPaid: Boolean(quote.depositPaidAt),
    replacedByUrl: quote.replacedById ? deps.links.url(quote.replacedById) : null,
    newQuoteUrl: `${deps.siteUrl}/contact`,
    job: deps.job,
  };
}

/** The quote as the operator reads and edits it. */
export function adminQuoteView(
  quote: Quote,
  deps: { links: QuoteLinks; nextDraftId: string | null; job: QuoteJob | null },
): AdminQuote {
  const status = quote.status;
  const optional = quote.lines.flatMap((line, index) => (line.optional ? [index] : []));
  return {
    id: quote._id,
    number: quote.number,
    revision: quote.revision,
    status,
    statusLabel: QUOTE_STATUS_LABELS[status],
    estimateId: quote.estimateId ?? null,
    estimateReference: quote.estimateReference ?? null,
    customer: {
      name: quote.customer.name,
      company: quote.customer.company ?? null,
      email: quote.customer.email,
      phone: quote.customer.phone,
      address: quote.customer.address,
    },
    serviceId: quote.serviceId,
    draft: {
      lines: linesOf(quote),
      validUntil: quote.validUntil,
      depositPercent: quote.depositPercent ?? null,
      terms: quote.terms,
      note: quote.note,
    },
    totals: plainTotals(totalsOfQuote(quote)),
    totalsWithOptions: plainTotals(totalsOfQuote(quote, optional)),
    acceptedTotals: quote.acceptedTotals ? plainTotals(quote.acceptedTotals) : null,
    acceptance: quote.acceptance
      ? {
          name: quote.acceptance.name,
          at: quote.acceptance.at.toISOString(),
          ip: quote.acceptance.ip,
          optionalItems: [...quote.acceptance.optionalItems],
        }
      : null,
    declineReason: quote.declineReason ?? null,
    depositInvoice:
      quote.depositInvoiceId && quote.depositInvoiceNumber
        ? { id: quote.depositInvoiceId, number: quote.depositInvoiceNumber }
        : null,
    sentAt: quote.sentAt?.toISOString() ?? null,
    updatedAt: quote.updatedAt.toISOString(),
    previousId: quote.previousId ?? null,
    replacedById: quote.replacedById ?? null,
    nextDraftId: deps.nextDraftId,
    customerUrl: status === 'draft' ? null : deps.links.url(quote._id),
    history: quote.history.map((entry) => ({
      at: entry.at.toISOString(),
      event: entry.event,
      label: (QUOTE_EVENT_LABELS as Record<string, string | undefined>)[entry.event] ?? entry.event,
      detail: entry.detail ?? null,
    })),
    job: deps.job,
  };
}

export function adminQuoteSummary(quote: Quote): AdminQuoteSummary {
  const status = quote.status;
  return {
    id: quote._id,
    number: quote.number,
    revision: quote.revision,
    status,
    statusLabel: QUOTE_STATUS_LABELS[status],
    estimateReference: quote.estimateReference ?? null,
    sentAt: quote.sentAt?.toISOString() ?? null,
    updatedAt: quote.updatedAt.toISOString(),
    customerName: quote.customer.name,
    email: quote.customer.email,
    totalCents: (quote.acceptedTotals ?? totalsOfQuote(quote)).totalCents,
  };
}

export function myQuote(quote: Quote, links: QuoteLinks): MyQuote {
  const status = quote.status;
  return {
    id: quote._id,
    number: quote.number,
    revision: quote.revision,
    status,
    statusLabel: QUOTE_CUSTOMER_LABELS[status],
    validUntil: quote.validUntil,
    totalCents: (quote.acceptedTotals ?? totalsOfQuote(quote)).totalCents,
    url: links.url(quote._id),
  };
}
