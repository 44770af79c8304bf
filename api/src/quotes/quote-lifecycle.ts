import { addDays, torontoTimeToUtc } from '../domain/calendar/toronto-date';
import { DomainError } from '../domain/domain-error';
import {
  quoteMoveFor,
  quoteRefusal,
  type QuoteEffect,
  type QuoteEvent,
  type QuoteMove,
} from '../domain/quote/quote-moves';
import { QuoteWords } from '../domain/quote/quote-schema';
import type { QuoteStatus } from '../domain/quote/quote-status';
import { jobs } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import type { Clock } from '../platform/clock';
import { QuoteModel, type Quote, type QuoteDocument } from './quote-model';

/** What a new draft is made of: the customer, the estimate, and where its revision stands. */
export interface DraftFields {
  number: string;
  revision: number;
  estimateId: string | null;
  estimateReference: string | null;
  userId: string | null;
  customer: { name: string; company: string | null; email: string; phone: string; address: string };
  serviceId: string;
  lines: { description: string; quantity: number; unitPriceCents: number; optional: boolean }[];
  validUntil: string;
  depositPercent: number | null;
  terms: string;
  note: string;
  previousId: string | null;
}

/** An unpaid balance is reminded this many days after its invoice. */
export const BALANCE_REMINDER_DAYS = [7, 14] as const;
const DAY_MS = 24 * 3600 * 1000;

export const balanceReminderJobId = (quoteId: string, days: number) =>
  `quote-balance-reminder-${quoteId}-${String(days)}`;

/** How an event changes the quote besides its status. */
export interface QuoteChange {
  /** Who or what made it, for the history. */
  by: string;
  set?: Record<string, unknown>;
  /** A few words for the history (a decline's reason is kept in its own field). */
  detail?: string;
}

/** The instant a quote valid until `validUntil` (Toronto's day) stops being valid: that day's end. */
export function validityEnd(validUntil: string): Date {
  return torontoTimeToUtc(addDays(validUntil, 1), 0);
}

/**
 * The one owner of a quote revision's status: every event that moves it (the operator's send, the
 * customer's view, accept and decline, the deposit's payment, the validity timer, a newer revision)
 * is judged against the table of domain/quote/quote-moves.ts for the status the revision has, and
 * written only if that status still holds, so two answers at once make one move. The effects of
 * the move follow it (emails and timers are jobs with ids of their own: a repeat queues nothing).
 */
export class QuoteLifecycle {
  constructor(
    private readonly deps: {
      jobs: Pick<JobProducer, 'add' | 'cancel'>;
      clock: Clock;
    },
  ) {}

  /**
   * A new draft (a first revision, or the next one of a sent quote): where every quote starts.
   * A duplicate (the estimate's first quote, or a revision's number) throws MongoDB's 11000.
   */
  async openDraft(fields: DraftFields): Promise<Quote> {
    const created = await QuoteModel.create({ ...fields, status: 'draft', history: [] });
    return created.toObject();
  }

  /**
   * Applies `event` to the quote, or throws the refusal the customer reads (409) when the table
   * has no move for its status. `quiet` refusals (a timer, a repeated event) return null instead.
   */
  async apply(
    quoteId: string,
    event: QuoteEvent,
    change: QuoteChange,
    options: { quiet?: boolean } = {},
  ): Promise<QuoteDocument | null> {
    for (;;) {
      const quote = await QuoteModel.findById(quoteId);
      if (!quote) throw new DomainError('quote.not_found', QuoteWords.notFound);
      const status = quote.status;
      const move = quoteMoveFor(event, status);
      if (!move) {
        if (options.quiet) return null;
        throw new DomainError('quote.not_open', quoteRefusal(status));
      }
      const written = await this.write(quote, status, event, move, change);
      if (!written) continue;
      await this.effects(written, move.effects);
      return written;
    }
  }

  private async write(
    quote: QuoteDocument,
    from: QuoteStatus,
    event: QuoteEvent,
    move: QuoteMove,
    change: QuoteChange,
  ): Promise<QuoteDocument | null> {
    const now = this.deps.clock.now();
    const set: Record<string, unknown> = { ...change.set, status: move.to };
    if (move.effects.includes('stampSent')) set.sentAt = now;
    const entry = {
      at: now,
      event,
      from,
      to: move.to,
      by: change.by,
      detail: change.detail ?? null,
    };
    // A move that keeps the status (a repeated payment event) is not news for the history.
    const update = from === move.to ? { $set: set } : { $set: set, $push: { history: entry } };
    return QuoteModel.findOneAndUpdate({ _id: quote._id, status: from }, update, { new: true });
  }

  private async effects(quote: QuoteDocument, effects: readonly QuoteEffect[]): Promise<void> {
    const quoteId = quote._id;
    for (const effect of effects) {
      switch (effect) {
        case 'emailQuote':
          await this.deps.jobs.add(
            jobs.quoteSentEmail,
            { quoteId },
            { jobId: `quote-sent-${quoteId}` },
          );
          break;
        case 'expiryTimer': {
          const delayMs = validityEnd(quote.validUntil).getTime() - this.deps.clock.now().getTime();
          await this.deps.jobs.add(
            jobs.quoteExpiry,
            { quoteId },
            { jobId: `quote-expiry-${quoteId}`, delayMs: Math.max(0, delayMs) },
          );
          break;
        }
        case 'tellOperatorAccepted':
        case 'tellOperatorDeclined': {
          const answer = effect === 'tellOperatorAccepted' ? 'accepted' : 'declined';
          await this.deps.jobs.add(
            jobs.quoteAnsweredNotice,
            { quoteId, answer },
            { jobId: `quote-${answer}-${quoteId}` },
          );
          break;
        }
        case 'balanceInvoice': {
          await this.deps.jobs.add(
            jobs.quoteBalanceEmail,
            { quoteId },
            { jobId: `quote-balance-${quoteId}` },
          );
          for (const days of BALANCE_REMINDER_DAYS) {
            await this.deps.jobs.add(
              jobs.quoteBalanceReminder,
              { quoteId, days },
              { jobId: balanceReminderJobId(quoteId, days), delayMs: days * DAY_MS },
            );
          }
          break;
        }
        case 'receipt':
          // Paid: the reminders still waiting are called off (a reminder that runs anyway finds
          // the quote paid and sends nothing).
          for (const days of BALANCE_REMINDER_DAYS) {
            await this.deps.jobs.cancel(
              jobs.quoteBalanceReminder,
              balanceReminderJobId(quoteId, days),
            );
          }
          await this.deps.jobs.add(
            jobs.quoteReceiptEmail,
            { quoteId },
            { jobId: `quote-receipt-${quoteId}` },
          );
          break;
        case 'depositInvoice':
          await this.deps.jobs.add(
            jobs.quoteDepositEmail,
            { quoteId },
            { jobId: `quote-deposit-${quoteId}` },
          );
          break;
        // Written with the move itself.
        case 'stampSent':
        case 'recordAcceptance':
          break;
      }
    }
  }
}
