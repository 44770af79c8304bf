import { QuoteWords } from './quote-schema';
import type { QuoteStatus } from './quote-status';

/**
 * Every way a quote revision's status moves, and what each move does besides: the table the
 * API's QuoteLifecycle runs. A pair of event and status with no entry is refused (and the
 * customer told why, quote-refusals.ts), so a move nobody wrote down cannot happen.
 */
export const QUOTE_EVENTS = [
  // The operator.
  'sent',
  // The customer, through the emailed link.
  'viewed',
  // Accepted with a deposit to pay, or with none due (a job at once).
  'accepted',
  'acceptedWithoutDeposit',
  'declined',
  // The payment provider's event for the deposit, applied by the workers.
  'depositPaid',
  // The job's last visit was marked done, and its balance was paid (the provider's event).
  'workDone',
  'balancePaid',
  // The validity timer (a delayed job).
  'expired',
  // A later revision was sent in this one's place.
  'replaced',
] as const;
export type QuoteEvent = (typeof QUOTE_EVENTS)[number];

export type QuoteEffect =
  /** Freezes the revision's totals and date of sending. */
  | 'stampSent'
  /** Emails the customer the link and the quote as a PDF. */
  | 'emailQuote'
  /** Queues the expiry at the end of the validity date. */
  | 'expiryTimer'
  /** Records the acceptance (typed name, time, address) and the totals with the chosen items. */
  | 'recordAcceptance'
  /** Tells the operators the quote was accepted, or declined. */
  | 'tellOperatorAccepted'
  | 'tellOperatorDeclined'
  /** Issues the deposit's invoice and emails it to the customer. */
  | 'depositInvoice'
  /** Issues the balance's invoice (due), emails it with the way to pay, and its reminders. */
  | 'balanceInvoice'
  /** Issues the receipt of the balance paid, emails it, and calls the reminders off. */
  | 'receipt';

export interface QuoteMove {
  readonly to: QuoteStatus;
  readonly effects: readonly QuoteEffect[];
}

const move = (to: QuoteStatus, ...effects: QuoteEffect[]): QuoteMove => ({ to, effects });

const accept = move('accepted', 'recordAcceptance', 'tellOperatorAccepted');
const acceptWithoutDeposit = move('converted', 'recordAcceptance', 'tellOperatorAccepted');

export const QUOTE_MOVES: Record<QuoteEvent, Partial<Record<QuoteStatus, QuoteMove>>> = {
  sent: { draft: move('sent', 'stampSent', 'emailQuote', 'expiryTimer') },
  viewed: { sent: move('viewed') },
  accepted: { sent: accept, viewed: accept },
  acceptedWithoutDeposit: { sent: acceptWithoutDeposit, viewed: acceptWithoutDeposit },
  declined: {
    sent: move('declined', 'tellOperatorDeclined'),
    viewed: move('declined', 'tellOperatorDeclined'),
  },
  depositPaid: {
    accepted: move('converted', 'depositInvoice'),
    // The same payment again (a replayed event): the invoice is issued once, by its source.
    converted: move('converted', 'depositInvoice'),
  },
  workDone: {
    converted: move('balance_due', 'balanceInvoice'),
    // A repeat (a visit marked done again after a crash) finishes what was cut short.
    balance_due: move('balance_due', 'balanceInvoice'),
  },
  balancePaid: {
    balance_due: move('completed', 'receipt'),
    completed: move('completed', 'receipt'),
  },
  expired: { sent: move('expired'), viewed: move('expired') },
  replaced: { sent: move('replaced'), viewed: move('replaced') },
};

/** What `event` does to a quote in `status`; undefined when it is refused. */
export function quoteMoveFor(event: QuoteEvent, status: QuoteStatus): QuoteMove | undefined {
  return QUOTE_MOVES[event][status];
}

/**
 * Why the customer's answer changed nothing, by the status the quote is in: said on the page and
 * in the API's 409, so an accept of an expired, replaced, declined or accepted quote says why.
 */
export function quoteRefusal(status: QuoteStatus): string {
  switch (status) {
    case 'accepted':
      return QuoteWords.alreadyAccepted;
    case 'converted':
    case 'balance_due':
    case 'completed':
      return QuoteWords.alreadyConverted;
    case 'declined':
      return QuoteWords.alreadyDeclined;
    case 'expired':
      return QuoteWords.expired;
    case 'replaced':
      return QuoteWords.replaced;
    case 'draft':
    case 'sent':
    case 'viewed':
      return QuoteWords.notOpen;
  }
}
