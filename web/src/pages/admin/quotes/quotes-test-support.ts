import type { AdminQuote, AdminQuoteSummary } from '@hs/api/domain/quote/quote-schema';

/** The Quotes tab's tests: quotes as the admin API answers them (figures made up, not computed). */

type Totals = AdminQuote['totals'];

export function totalsOf(totalCents: number, depositPercent = 25): Totals {
  const depositCents = Math.round((totalCents * depositPercent) / 100);
  const hstCents = Math.round((totalCents * 13) / 113);
  return {
    subtotalCents: totalCents - hstCents,
    hstCents,
    totalCents,
    depositPercent,
    depositCents,
    balanceCents: totalCents - depositCents,
  };
}

const NONE = totalsOf(0, 0);

export const draftQuote: AdminQuote = {
  id: 'a1b2c3d4e5f6a1b2c3d4e5f6',
  number: 'Q-2030-000042',
  revision: 1,
  status: 'draft',
  statusLabel: 'Draft',
  estimateId: 'e'.repeat(32),
  estimateReference: 'HS-2001',
  customer: {
    name: 'Dana Builder',
    company: null,
    email: 'dana@example.com',
    phone: '416-555-0142',
    address: '12 King St E, Toronto',
  },
  serviceId: 'construction-estimate',
  draft: {
    lines: [],
    validUntil: '2030-07-01',
    depositPercent: null,
    terms: '',
    note: '',
  },
  totalsWithOptions: NONE,
  totals: NONE,
  acceptedTotals: null,
  acceptance: null,
  declineReason: null,
  depositInvoice: null,
  sentAt: null,
  updatedAt: '2030-06-01T14:00:00.000Z',
  previousId: null,
  replacedById: null,
  nextDraftId: null,
  customerUrl: null,
  history: [
    { at: '2030-06-01T14:00:00.000Z', event: 'created', label: 'Draft created', detail: null },
  ],
  job: null,
};

/** The same quote with two lines, one of them optional. */
export const draftWithLines: AdminQuote = {
  ...draftQuote,
  draft: {
    ...draftQuote.draft,
    lines: [
      { description: 'Bathroom tiles', quantity: 2, unitPriceCents: 125_050, optional: false },
      { description: 'Heated floor', quantity: 1, unitPriceCents: 80_000, optional: true },
    ],
  },
  totals: totalsOf(250_100),
  totalsWithOptions: totalsOf(330_100),
};

export const sentQuote: AdminQuote = {
  ...draftWithLines,
  status: 'sent',
  statusLabel: 'Sent',
  sentAt: '2030-06-02T15:30:00.000Z',
  updatedAt: '2030-06-02T15:30:00.000Z',
  customerUrl: 'https://homeservices.example/quotes/a1b2?token=signed',
  history: [
    ...draftQuote.history,
    { at: '2030-06-02T15:30:00.000Z', event: 'sent', label: 'Sent to the customer', detail: null },
  ],
};

export function summaryOf(quote: AdminQuote): AdminQuoteSummary {
  return {
    id: quote.id,
    number: quote.number,
    revision: quote.revision,
    status: quote.status,
    statusLabel: quote.statusLabel,
    estimateReference: quote.estimateReference,
    sentAt: quote.sentAt,
    updatedAt: quote.updatedAt,
    customerName: quote.customer.name,
    email: quote.customer.email,
    totalCents: quote.totals.totalCents,
  };
}
