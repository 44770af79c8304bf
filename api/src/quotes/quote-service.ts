import { BookingModel } from '../bookings/booking-model';
import { CUSTOM_ESTIMATE } from '../domain/booking/catalogue';
import { addDays, todayInToronto } from '../domain/calendar/toronto-date';
import { DomainError } from '../domain/domain-error';
import { quoteRefusal } from '../domain/quote/quote-moves';
import { quotePaymentId } from '../domain/quote/quote-payment-id';
import { QUOTE_LIMITS, QuoteWords, type QuoteDraft } from '../domain/quote/quote-schema';
import { QUOTE_OPEN, type QuoteStatus } from '../domain/quote/quote-status';
import { DEFAULT_VALIDITY_DAYS } from '../domain/quote/quote-totals';
import { DocumentCounterModel } from '../invoices/invoice-model';
import type { PaymentProvider } from '../payments/payment-provider';
import type { Clock } from '../platform/clock';
import type { Logger } from '../platform/logger';
import type { QuoteLinks } from './quote-links';
import type { QuoteInvoices } from './quote-invoices';
import { QuoteLifecycle, validityEnd } from './quote-lifecycle';
import { QuoteModel, type Quote } from './quote-model';
import { totalsOfQuote } from './quote-view';

const QUOTE_ID = /^[a-f0-9]{24}$/;
/** A checkout page with less than this left is not handed out again: a new one is opened. */
const CHECKOUT_MARGIN_MS = 10 * 60 * 1000;
/** How long the provider keeps a deposit's checkout page open (Stripe's limit is 24 h). */
const CHECKOUT_TTL_MS = 23 * 3600 * 1000;
const LIST_LIMIT = 100;

export const DEFAULT_QUOTE_TERMS =
  'Prices include 13% HST. The deposit books the work; the balance is due when the work is done. ' +
  'Materials chosen by the customer after acceptance are quoted separately.';

const notFound = () => new DomainError('quote.not_found', QuoteWords.notFound);
const linkInvalid = () => new DomainError('quote.not_found', QuoteWords.linkInvalid);

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface QuoteListFilter {
  status?: QuoteStatus;
  q?: string;
}

export interface QuoteServiceDeps {
  lifecycle: QuoteLifecycle;
  links: QuoteLinks;
  invoices: QuoteInvoices;
  provider: Pick<PaymentProvider, 'createCheckout' | 'closeCheckout'>;
  clock: Clock;
  logger: Logger;
}

/**
 * Quotes for custom work: the operator's drafts, sending and revisions, and the customer's answers
 * through the emailed link (view, choose optional items, accept with the deposit, decline). Every
 * status move goes through QuoteLifecycle; every total is computed here from the stored lines
 * (quote-totals.ts), never read from a request.
 */
export class QuoteService {
  constructor(private readonly deps: QuoteServiceDeps) {}

  // The operator's side.

  async list(filter: QuoteListFilter): Promise<Quote[]> {
    const query: Record<string, unknown> = {};
    if (filter.status) query.status = filter.status;
    const text = filter.q?.trim();
    if (text) {
      const pattern = new RegExp(escapeRegex(text), 'i');
      query.$or = [
        { number: pattern },
        { 'customer.name': pattern },
        { 'customer.email': pattern },
      ];
    }
    return QuoteModel.find(query).sort({ updatedAt: -1 }).limit(LIST_LIMIT).lean<Quote[]>();
  }

  async find(quoteId: string): Promise<Quote> {
    if (!QUOTE_ID.test(quoteId)) throw notFound();
    const quote = await QuoteModel.findById(quoteId).lean<Quote>();
    if (!quote) throw notFound();
    return quote;
  }

  /** The draft revision being written in this one's place, if any. */
  async nextDraftOf(quoteId: string): Promise<string | null> {
    const next = await QuoteModel.findOne({ previousId: quoteId }, { _id: 1 }).lean();
    return next?._id ?? null;
  }

  /** A new draft (revision 1) for an estimate request, with the customer's details copied. */
  async createForEstimate(estimateId: string): Promise<Quote> {
    const estimate = await BookingModel.findById(estimateId).lean();
    if (!estimate) throw new DomainError('notFound', QuoteWords.notAnEstimate);
    if (estimate.planId !== CUSTOM_ESTIMATE) {
      throw new DomainError('invalid', QuoteWords.notAnEstimate, {
        fields: { estimateId: QuoteWords.notAnEstimate },
      });
    }
    if (estimate.status === 'cancelled') {
      throw new DomainError('conflict', QuoteWords.estimateClosed);
    }
    const existing = await QuoteModel.findOne({ estimateId, revision: 1 }, { _id: 1 }).lean();
    if (existing) {
      throw new DomainError('quote.estimate_has_quote', QuoteWords.estimateHasQuote, {
        quoteId: existing._id,
      });
    }
    const today = todayInToronto(this.deps.clock.now());
    const year = today.slice(0, 4);
    const counter = await DocumentCounterModel.findOneAndUpdate(
      { _id: `quote:${year}` },
      { $inc: { sequence: 1 } },
      { upsert: true, new: true },
    );
    try {
      return await this.deps.lifecycle.openDraft({
        number: `Q-${year}-${String(counter.sequence).padStart(6, '0')}`,
        revision: 1,
        estimateId,
        estimateReference: estimate.reference,
        userId: estimate.userId ? String(estimate.userId) : null,
        customer: {
          name: estimate.name,
          company: estimate.company ?? null,
          email: estimate.email,
          phone: estimate.phone,
          address: estimate.address,
        },
        serviceId: estimate.serviceId,
        lines: [],
        validUntil: addDays(today, DEFAULT_VALIDITY_DAYS),
        depositPercent: null,
        terms: DEFAULT_QUOTE_TERMS,
        note: '',
        previousId: null,
      });
    } catch (error) {
      // Two operators at once: the first made it.
      if ((error as { code?: unknown }).code === 11000) {
        const made = await QuoteModel.findOne({ estimateId, revision: 1 }, { _id: 1 }).lean();
        throw new DomainError('quote.estimate_has_quote', QuoteWords.estimateHasQuote, {
          quoteId: made?._id ?? null,
        });
      }
      throw error;
    }
  }

  /** The editor's autosave: the whole draft, each time; refused once the revision was sent. */
  async saveDraft(quoteId: string, draft: QuoteDraft): Promise<Quote> {
    await this.find(quoteId);
    this.checkValidity(draft.validUntil);
    const saved = await QuoteModel.findOneAndUpdate(
      { _id: quoteId, status: 'draft' },
      {
        $set: {
          lines: draft.lines,
          validUntil: draft.validUntil,
          depositPercent: draft.depositPercent,
          terms: draft.terms,
          note: draft.note,
        },
      },
      { new: true },
    ).lean<Quote>();
    if (!saved) throw new DomainError('quote.not_draft', QuoteWords.notDraft);
    return saved;
  }

  /**
   * Sends a draft: it replaces the revision before it (which the customer can then no longer
   * answer), is frozen, and is emailed with its PDF. Refused when the customer answered the
   * earlier revision in the meantime.
   */
  async send(quoteId: string, by: string): Promise<Quote> {
    const quote = await this.find(quoteId);
    if (quote.status !== 'draft') throw new DomainError('quote.not_draft', QuoteWords.notDraft);
    if (quote.lines.length === 0) throw new DomainError('invalid', QuoteWords.emptyQuote);
    if (quote.lines.every((line) => line.optional)) {
      throw new DomainError('invalid', QuoteWords.nothingIncluded);
    }
    this.checkValidity(quote.validUntil);
    if (quote.previousId) {
      const previous = await this.find(quote.previousId);
      if (QUOTE_OPEN.includes(previous.status)) {
        await this.deps.lifecycle.apply(
          previous._id,
          'replaced',
          { by, set: { replacedById: quoteId }, detail: `by revision ${String(quote.revision)}` },
          { quiet: true },
        );
      }
      const now = await this.find(quote.previousId);
      if (now.status !== 'replaced') {
        throw new DomainError(
          'quote.not_open',
          `Revision ${String(previous.revision)} was answered meanwhile (${now.status}): this draft cannot be sent.`,
        );
      }
    }
    const sent = await this.deps.lifecycle.apply(quoteId, 'sent', { by });
    if (!sent) throw notFound();
    return sent.toObject();
  }

  /** The next revision of a sent quote, as a draft copy (or the one already being written). */
  async revise(quoteId: string): Promise<Quote> {
    const quote = await this.find(quoteId);
    if (!QUOTE_OPEN.includes(quote.status)) {
      throw new DomainError('quote.not_open', QuoteWords.cannotRevise);
    }
    const waiting = await QuoteModel.findOne({ previousId: quoteId }).lean<Quote>();
    if (waiting) return waiting;
    const today = todayInToronto(this.deps.clock.now());
    try {
      return await this.deps.lifecycle.openDraft({
        number: quote.number,
        revision: quote.revision + 1,
        estimateId: quote.estimateId ?? null,
        estimateReference: quote.estimateReference ?? null,
        userId: quote.userId ?? null,
        customer: { ...quote.customer, company: quote.customer.company ?? null },
        serviceId: quote.serviceId,
        lines: quote.lines.map((line) => ({
          description: line.description,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          optional: line.optional,
        })),
        validUntil:
          quote.validUntil >= today ? quote.validUntil : addDays(today, DEFAULT_VALIDITY_DAYS),
        depositPercent: quote.depositPercent ?? null,
        terms: quote.terms,
        note: quote.note,
        previousId: quoteId,
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === 11000) {
        const made = await QuoteModel.findOne({ previousId: quoteId }).lean<Quote>();
        if (made) return made;
      }
      throw error;
    }
  }

  // The customer's side: every call proves the link first.

  /** The quote a link opens, expired first if its validity ended before its timer ran. */
  async byLink(quoteId: string, token: string): Promise<Quote> {
    if (!QUOTE_ID.test(quoteId) || !this.deps.links.verify(quoteId, token)) throw linkInvalid();
    const quote = await QuoteModel.findById(quoteId).lean<Quote>();
    if (!quote || quote.status === 'draft') throw linkInvalid();
    if (
      QUOTE_OPEN.includes(quote.status) &&
      validityEnd(quote.validUntil).getTime() <= this.deps.clock.now().getTime()
    ) {
      await this.deps.lifecycle.apply(quoteId, 'expired', { by: 'validity' }, { quiet: true });
      return this.find(quoteId);
    }
    return quote;
  }

  /** Opening the link: the first opening of a sent quote is recorded. */
  async view(quoteId: string, token: string): Promise<Quote> {
    const quote = await this.byLink(quoteId, token);
    if (quote.status !== 'sent') return quote;
    await this.deps.lifecycle.apply(quoteId, 'viewed', { by: 'customer' }, { quiet: true });
    return this.find(quoteId);
  }

  /** The totals with the optional items the customer ticks, computed here. */
  async totals(quoteId: string, token: string, optionalItems: readonly number[]) {
    const quote = await this.byLink(quoteId, token);
    return totalsOfQuote(quote, this.chosenItems(quote, optionalItems));
  }

  /**
   * Accepts the quote with the chosen optional items: recorded with the typed name, the time and
   * the address it came from. With a deposit due, answers the provider's page to pay it at.
   * Two accepts at once make one acceptance (the lifecycle's conditional write): the other is
   * told the quote was already accepted, and only one deposit is asked.
   */
  async accept(
    quoteId: string,
    token: string,
    answer: { name: string; optionalItems: readonly number[] },
    ip: string,
  ): Promise<{ quote: Quote; checkoutUrl: string | null }> {
    const quote = await this.byLink(quoteId, token);
    const chosen = this.chosenItems(quote, answer.optionalItems);
    const totals = totalsOfQuote(quote, chosen);
    const event = totals.depositCents > 0 ? 'accepted' : 'acceptedWithoutDeposit';
    const accepted = await this.deps.lifecycle.apply(quoteId, event, {
      by: 'customer',
      detail: `by ${answer.name}`,
      set: {
        acceptance: { name: answer.name, at: this.deps.clock.now(), ip, optionalItems: chosen },
        acceptedTotals: {
          subtotalCents: totals.subtotalCents,
          hstCents: totals.hstCents,
          totalCents: totals.totalCents,
          depositPercent: totals.depositPercent,
          depositCents: totals.depositCents,
          balanceCents: totals.balanceCents,
        },
      },
    });
    if (!accepted) throw notFound();
    const stored = accepted.toObject() as Quote;
    if (totals.depositCents === 0) return { quote: stored, checkoutUrl: null };
    return { quote: await this.find(quoteId), checkoutUrl: await this.depositCheckout(stored) };
  }

  /** The deposit's payment page again (the customer came back later, or the page ran out). */
  async depositPage(quoteId: string, token: string): Promise<string> {
    return this.depositCheckout(await this.byLink(quoteId, token));
  }

  async decline(quoteId: string, token: string, reason: string): Promise<Quote> {
    await this.byLink(quoteId, token);
    const declined = await this.deps.lifecycle.apply(quoteId, 'declined', {
      by: 'customer',
      set: { declineReason: reason === '' ? null : reason },
    });
    if (!declined) throw notFound();
    return declined.toObject();
  }

  /** The signed-in customer's quotes (sent ones: a draft is the operator's). */
  listForUser(userId: string): Promise<Quote[]> {
    return QuoteModel.find({ userId, status: { $ne: 'draft' } })
      .sort({ updatedAt: -1 })
      .limit(LIST_LIMIT)
      .lean<Quote[]>();
  }

  // The payment provider's word, applied by the workers.

  /** A quote's deposit was paid: the quote becomes a job, and the deposit is invoiced, once. */
  async depositPaid(
    effect: { quoteId: string; intentId: string | null; amountCents: number | null },
    by: string,
  ): Promise<string> {
    const quote = await QuoteModel.findById(effect.quoteId).lean<Quote>();
    if (!quote) return 'unknown quote';
    const due = quote.acceptedTotals?.depositCents ?? null;
    if (effect.amountCents !== null && due !== effect.amountCents) {
      this.deps.logger.error(
        { quoteId: effect.quoteId, paid: effect.amountCents, due },
        'a payment of another amount than the quote’s deposit: an operator must look',
      );
      return 'amount mismatch';
    }
    const moved = await this.deps.lifecycle.apply(
      effect.quoteId,
      'depositPaid',
      {
        by,
        set: {
          depositPaidAt: quote.depositPaidAt ?? this.deps.clock.now(),
          depositIntentId: effect.intentId,
        },
      },
      { quiet: true },
    );
    if (!moved) return `ignored: quote is ${quote.status}`;
    await this.deps.invoices.deposit(effect.quoteId);
    return 'deposit paid';
  }

  private chosenItems(quote: Quote, items: readonly number[]): number[] {
    const chosen = [...new Set(items)].sort((a, b) => a - b);
    for (const index of chosen) {
      if (!quote.lines[index]?.optional) {
        throw new DomainError('invalid', QuoteWords.unknownOptional, {
          fields: { optionalItems: QuoteWords.unknownOptional },
        });
      }
    }
    return chosen;
  }

  private checkValidity(validUntil: string): void {
    const today = todayInToronto(this.deps.clock.now());
    if (validUntil < today) {
      throw new DomainError('invalid', QuoteWords.validityPast, {
        fields: { validUntil: QuoteWords.validityPast },
      });
    }
    if (validUntil > addDays(today, QUOTE_LIMITS.maxValidityDays)) {
      throw new DomainError('invalid', QuoteWords.validityTooFar, {
        fields: { validUntil: QuoteWords.validityTooFar },
      });
    }
  }

  /**
   * The deposit's checkout page: the open one while it has time left, else a new attempt. The
   * attempt number is taken with a conditional write, and the provider's idempotency key is the
   * attempt's, so requests at once share one page and the customer can pay only once.
   */
  private async depositCheckout(quote: Quote): Promise<string> {
    const status = quote.status;
    const totals = quote.acceptedTotals;
    if (status === 'converted') throw new DomainError('quote.not_open', quoteRefusal(status));
    if (status !== 'accepted' || !totals) {
      throw new DomainError('quote.not_open', QuoteWords.notAccepted);
    }
    if (totals.depositCents === 0) throw new DomainError('conflict', QuoteWords.noDepositDue);
    const now = this.deps.clock.now().getTime();
    if (
      quote.depositCheckoutUrl &&
      quote.depositCheckoutExpiresAt &&
      quote.depositCheckoutExpiresAt.getTime() - now > CHECKOUT_MARGIN_MS
    ) {
      return quote.depositCheckoutUrl;
    }
    if (quote.depositSessionId) {
      const closed = await this.deps.provider.closeCheckout(quote.depositSessionId);
      if (closed === 'paid') throw new DomainError('conflict', QuoteWords.depositPaid);
    }
    const taken = await QuoteModel.updateOne(
      { _id: quote._id, depositAttempt: quote.depositAttempt },
      { $inc: { depositAttempt: 1 } },
    );
    const attempt =
      taken.modifiedCount === 1
        ? quote.depositAttempt + 1
        : ((await QuoteModel.findById(quote._id, { depositAttempt: 1 }).lean())?.depositAttempt ??
          quote.depositAttempt + 1);
    const expiresAt = new Date(now + CHECKOUT_TTL_MS);
    const link = this.deps.links.url(quote._id);
    const session = await this.deps.provider.createCheckout({
      bookingId: quotePaymentId(quote._id, 'deposit'),
      reference: `${quote.number} r${String(quote.revision)}`,
      description: `Deposit on quote ${quote.number}`,
      amountCents: totals.depositCents,
      currency: 'cad',
      customerEmail: quote.customer.email,
      successUrl: `${link}&paid=1`,
      cancelUrl: link,
      expiresAt,
      idempotencyKey: `quote-deposit-${quote._id}-${String(attempt)}`,
    });
    await QuoteModel.updateOne(
      { _id: quote._id, depositAttempt: attempt },
      {
        $set: {
          depositSessionId: session.id,
          depositCheckoutUrl: session.url,
          depositCheckoutExpiresAt: expiresAt,
        },
      },
    );
    return session.url;
  }
}
