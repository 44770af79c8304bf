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
  // Accepted with its deposit paid (or none due): a job, its visits booked on the board.
  'converted',
  // Every visit of the job done: the balance invoiced and due.
  'balance_due',
  // The balance paid (or none was due): the receipt issued.
  'completed',
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
  balance_due: 'Work done, balance due',
  completed: 'Paid in full',
};

/**
 * How a status reads to the customer, on the quote's page and the dashboard: their words, not the
 * office's ("Viewed", "Converted" are how the operators follow a quote).
 */
export const QUOTE_CUSTOMER_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Awaiting your answer',
  viewed: 'Awaiting your answer',
  accepted: 'Accepted, deposit due',
  declined: 'Declined',
  expired: 'Expired',
  replaced: 'Replaced by a newer revision',
  converted: 'Accepted: your job',
  balance_due: 'Work done, balance due',
  completed: 'Paid in full',
};

/** States in which the customer may still answer the quote. */
export const QUOTE_OPEN: readonly QuoteStatus[] = ['sent', 'viewed'];
