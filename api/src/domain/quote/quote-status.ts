/**
 * A quote revision's states and how they read, for the API and the site alike. The moves between
 * them and what each does live in one table, quote-moves.ts, run by the API's QuoteLifecycle.
 */
export const QUOTE_STATUSES = [
  // Written by an operator, autosaved, not yet seen by anyone else.
  'draft',
  'sent',
  // The customer opened the emailed link.
  'viewed',
  // Accepted by the customer, the deposit still to pay.
  'accepted',
  'declined',
  // Past its validity date unanswered.
  'expired',
  // A later revision was sent in its place.
  'replaced',
  // Accepted with its deposit paid (or none due): a job.
  'converted',
] as const;

export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted, deposit due',
  declined: 'Declined',
  expired: 'Expired',
  replaced: 'Replaced',
  converted: 'Converted to a job',
};

/** States in which the customer may still answer the quote. */
export const QUOTE_OPEN: readonly QuoteStatus[] = ['sent', 'viewed'];
