import { escapeRegex } from '../platform/escape-regex';
import { newBookingId } from '../bookings/booking-id';
import { BookingModel, type Booking } from '../bookings/booking-model';
import type { BookingLifecycle } from '../bookings/lifecycle/booking-lifecycle';
import { timeLabel } from '../domain/booking/booking-schema';
import {
  BOOKING_STATUS_LABELS,
  CALLED_OFF,
  type BookingStatus,
} from '../domain/booking/booking-status';
import type { TimeWindowId } from '../domain/booking/catalogue';
import { CUSTOM_ESTIMATE, TIME_WINDOW_IDS } from '../domain/booking/catalogue';
import { addDays, todayInToronto } from '../domain/calendar/toronto-date';
import { DomainError } from '../domain/domain-error';
import { quoteRefusal } from '../domain/quote/quote-moves';
import { quotePaymentId, type QuotePaymentStage } from '../domain/quote/quote-payment-id';
import {
  QUOTE_LIMITS,
  QuoteWords,
  type QuoteDraft,
  type QuoteJob,
} from '../domain/quote/quote-schema';
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
import { presentString } from '../platform/present-string';

const QUOTE_ID = /^[a-f0-9]{24}$/;

/** Where each payment of a quote keeps its checkout page. */
const PAYMENT_FIELDS = {
  deposit: {
    attempt: 'depositAttempt',
    session: 'depositSessionId',
    url: 'depositCheckoutUrl',
    expiresAt: 'depositCheckoutExpiresAt',
  },
  balance: {
    attempt: 'balanceAttempt',
    session: 'balanceSessionId',
    url: 'balanceCheckoutUrl',
    expiresAt: 'balanceCheckoutExpiresAt',
  },
} as const;
/** A checkout page with less than this left is not handed out again: a new one is opened. */
const CHECKOUT_MARGIN_MS = 10 * 60 * 1000;
/** How long the provider keeps a deposit's checkout page open (Stripe's limit is 24 h). */
const CHECKOUT_TTL_MS = 23 * 3600 * 1000;
const LIST_LIMIT = 100;

export const DEFAULT_QUOTE_TERMS =
  'Prices include 13% HST. The deposit books the work; the balance is due when the work is done. ' +
  'Materials chosen by the customer after acceptance are quoted separately.';

/** The statuses of a quote that became a job. */
const JOB_STATUSES: readonly string[] = ['converted', 'balance_due', 'completed'];

/** A job visit books like a site visit (estimate_scheduled): it reads as the work it is. */
function jobVisitLabel(status: BookingStatus): string {
  return status === 'estimate_scheduled' ? 'Booked' : BOOKING_STATUS_LABELS[status];
}

const notFound = () => new DomainError('quote.not_found', QuoteWords.notFound);
const linkInvalid = () => new DomainError('quote.not_found', QuoteWords.linkInvalid);

export interface QuoteListFilter {
  status?: QuoteStatus;
  q?: string;
}

export interface QuoteServiceDeps {
  lifecycle: QuoteLifecycle;
  /** Books the job's visits as the booking lifecycle books any visit. */
  visits: Pick<BookingLifecycle, 'openJobVisit'>;
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
    const existing = await QuoteModel.findOne(
      { estimateId: presentString(estimateId), revision: 1 },
      { _id: 1 },
    ).lean();
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
        const made = await QuoteModel.findOne(
          { estimateId: presentString(estimateId), revision: 1 },
          { _id: 1 },
        ).lean();
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
    return {
      quote: await this.find(quoteId),
      checkoutUrl: await this.paymentPage(stored, 'deposit'),
    };
  }

  /** The deposit's payment page again (the customer came back later, or the page ran out). */
  async depositPage(quoteId: string, token: string): Promise<string> {
    return this.paymentPage(await this.byLink(quoteId, token), 'deposit');
  }

  /** The balance's payment page, once the work is done. */
  async balancePage(quoteId: string, token: string): Promise<string> {
    return this.paymentPage(await this.byLink(quoteId, token), 'balance');
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

  /**
   * A quote's payment was reported by the provider: the deposit makes the quote a job, the
   * balance completes it; each is invoiced (or receipted) once, whatever repeats.
   */
  async paymentReceived(
    effect: {
      quoteId: string;
      stage: QuotePaymentStage;
      intentId: string | null;
      amountCents: number | null;
    },
    by: string,
  ): Promise<string> {
    const quote = await QuoteModel.findById(effect.quoteId).lean<Quote>();
    if (!quote) return 'unknown quote';
    const totals = quote.acceptedTotals;
    const due = totals
      ? effect.stage === 'deposit'
        ? totals.depositCents
        : totals.balanceCents
      : null;
    if (effect.amountCents !== null && due !== effect.amountCents) {
      this.deps.logger.error(
        { quoteId: effect.quoteId, stage: effect.stage, paid: effect.amountCents, due },
        'a payment of another amount than the quote asks: an operator must look',
      );
      return 'amount mismatch';
    }
    const now = this.deps.clock.now();
    // A repeated event keeps the first payment's time.
    const earlier = effect.stage === 'deposit' ? quote.depositPaidAt : quote.balancePaidAt;
    const paidAt = earlier ? new Date(earlier.getTime()) : now;
    const set: Record<string, unknown> =
      effect.stage === 'deposit'
        ? { depositPaidAt: paidAt, depositIntentId: effect.intentId }
        : { balancePaidAt: paidAt, balanceIntentId: effect.intentId };
    const event = effect.stage === 'deposit' ? 'depositPaid' : 'balancePaid';
    const moved = await this.deps.lifecycle.apply(
      effect.quoteId,
      event,
      { by, set },
      { quiet: true },
    );
    if (!moved) return `ignored: quote is ${quote.status}`;
    if (effect.stage === 'deposit') await this.deps.invoices.deposit(effect.quoteId);
    else await this.deps.invoices.receipt(effect.quoteId);
    return `${effect.stage} paid`;
  }

  // The job: its visits, booked by an operator on the board, and its balance.

  /** The visits of the job the quote became, in the order they come. */
  async visitsOf(quoteId: string): Promise<Booking[]> {
    const visits = await BookingModel.find({ quoteId }).lean<Booking[]>();
    const order = (visit: Booking) =>
      `${visit.date}:${String(TIME_WINDOW_IDS.indexOf(visit.time))}`;
    return visits.sort((a, b) => order(a).localeCompare(order(b)));
  }

  /** The job as the customer and the operator read it; null before the quote became one. */
  async jobOf(quote: Quote): Promise<QuoteJob | null> {
    if (!JOB_STATUSES.includes(quote.status)) return null;
    const visits = await this.visitsOf(quote._id);
    return {
      visits: visits.map((visit) => ({
        id: visit._id,
        reference: visit.reference,
        date: visit.date,
        time: visit.time,
        window: timeLabel(visit.time),
        status: visit.status,
        statusLabel: jobVisitLabel(visit.status),
        crewId: visit.crewId ?? null,
      })),
      balanceInvoice:
        quote.balanceInvoiceId && quote.balanceInvoiceNumber
          ? { id: quote.balanceInvoiceId, number: quote.balanceInvoiceNumber }
          : null,
      balanceCents: quote.acceptedTotals?.balanceCents ?? 0,
      balancePaid: Boolean(quote.balancePaidAt),
      receipt:
        quote.receiptId && quote.receiptNumber
          ? { id: quote.receiptId, number: quote.receiptNumber }
          : null,
    };
  }

  /**
   * A visit of the job, booked by an operator in a window of the board: it takes a place like any
   * visit (409 when the window is full), on a working day from today on, and the customer is
   * emailed with a calendar file. Only a quote whose deposit is paid (or none due) is a job.
   */
  async bookVisit(quoteId: string, visit: { date: string; time: TimeWindowId }): Promise<Booking> {
    const quote = await this.find(quoteId);
    if (quote.status !== 'converted') throw new DomainError('conflict', QuoteWords.notAJob);
    const estimate = quote.estimateId
      ? await BookingModel.findById(quote.estimateId, { postalCode: 1 }).lean()
      : null;
    const booking = await this.deps.visits.openJobVisit({
      _id: newBookingId(),
      userId: quote.userId ?? null,
      name: quote.customer.name,
      company: quote.customer.company ?? null,
      phone: quote.customer.phone,
      email: quote.customer.email,
      address: quote.customer.address,
      postalCode: estimate?.postalCode ?? '',
      serviceId: quote.serviceId,
      planId: CUSTOM_ESTIMATE,
      date: visit.date,
      time: visit.time,
      amountCents: null,
      imageKey: '',
      imageType: '',
      idempotencyKey: undefined,
      requestFingerprint: '',
      quoteId,
    });
    return booking.toObject();
  }

  /**
   * A visit of the job was marked done: once every visit still on (none called off) is done, the
   * work is, and the balance is invoiced (a job with nothing left to pay completes at once).
   */
  async visitDone(quoteId: string): Promise<string> {
    const quote = await QuoteModel.findById(quoteId).lean<Quote>();
    if (!quote || (quote.status !== 'converted' && quote.status !== 'balance_due')) {
      return 'not a job in progress';
    }
    const visits = (await this.visitsOf(quoteId)).filter(
      (visit) => !CALLED_OFF.includes(visit.status),
    );
    if (visits.length === 0 || visits.some((visit) => visit.status !== 'done')) {
      return 'visits still to make';
    }
    await this.deps.lifecycle.apply(
      quoteId,
      'workDone',
      { by: 'visits', set: { workDoneAt: quote.workDoneAt ?? this.deps.clock.now() } },
      { quiet: true },
    );
    if ((quote.acceptedTotals?.balanceCents ?? 0) === 0) {
      await this.deps.lifecycle.apply(
        quoteId,
        'balancePaid',
        { by: 'visits', set: { balancePaidAt: quote.balancePaidAt ?? this.deps.clock.now() } },
        { quiet: true },
      );
      return 'work done, nothing left to pay';
    }
    await this.deps.invoices.balance(quoteId);
    return 'work done, balance invoiced';
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

  /** Whether the quote is where `stage` can be paid, or why not (409). */
  private payable(quote: Quote, stage: QuotePaymentStage): number {
    const status = quote.status;
    const totals = quote.acceptedTotals;
    if (stage === 'deposit') {
      if (status === 'converted' || status === 'balance_due' || status === 'completed') {
        throw new DomainError('quote.not_open', quoteRefusal(status));
      }
      if (status !== 'accepted' || !totals) {
        throw new DomainError('quote.not_open', QuoteWords.notAccepted);
      }
      if (totals.depositCents === 0) throw new DomainError('conflict', QuoteWords.noDepositDue);
      return totals.depositCents;
    }
    if (status === 'completed') throw new DomainError('conflict', QuoteWords.balancePaid);
    if (status !== 'balance_due' || !totals || totals.balanceCents === 0) {
      throw new DomainError('conflict', QuoteWords.noBalanceDue);
    }
    return totals.balanceCents;
  }

  /**
   * The payment page of a quote's deposit or balance: the open one while it has time left, else
   * a new attempt. The attempt number is taken with a conditional write, and the provider's
   * idempotency key is the attempt's, so requests at once share one page and the customer can
   * pay only once.
   */
  private async paymentPage(quote: Quote, stage: QuotePaymentStage): Promise<string> {
    const amountCents = this.payable(quote, stage);
    const field = PAYMENT_FIELDS[stage];
    const now = this.deps.clock.now().getTime();
    const url = quote[field.url];
    const expires = quote[field.expiresAt];
    if (url && expires && expires.getTime() - now > CHECKOUT_MARGIN_MS) return url;
    const previous = quote[field.session];
    if (previous) {
      const closed = await this.deps.provider.closeCheckout(previous);
      if (closed === 'paid') {
        throw new DomainError(
          'conflict',
          stage === 'deposit' ? QuoteWords.depositPaid : QuoteWords.balancePaid,
        );
      }
    }
    const current = quote[field.attempt];
    // Each write names its fields, deposit's or balance's, for whoever audits who writes what.
    const taken =
      stage === 'deposit'
        ? await QuoteModel.updateOne(
            { _id: quote._id, depositAttempt: current },
            { $inc: { depositAttempt: 1 } },
          )
        : await QuoteModel.updateOne(
            { _id: quote._id, balanceAttempt: current },
            { $inc: { balanceAttempt: 1 } },
          );
    const attempt =
      taken.modifiedCount === 1
        ? current + 1
        : ((await QuoteModel.findById(quote._id).lean<Quote>())?.[field.attempt] ?? current + 1);
    const expiresAt = new Date(now + CHECKOUT_TTL_MS);
    const link = this.deps.links.url(quote._id);
    const session = await this.deps.provider.createCheckout({
      bookingId: quotePaymentId(quote._id, stage),
      reference: `${quote.number} r${String(quote.revision)}`,
      description: `${stage === 'deposit' ? 'Deposit' : 'Balance'} of quote ${quote.number}`,
      amountCents,
      currency: 'cad',
      customerEmail: quote.customer.email,
      successUrl: `${link}&paid=1`,
      cancelUrl: link,
      expiresAt,
      idempotencyKey: `quote-${stage}-${quote._id}-${String(attempt)}`,
    });
    if (stage === 'deposit') {
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
    } else {
      await QuoteModel.updateOne(
        { _id: quote._id, balanceAttempt: attempt },
        {
          $set: {
            balanceSessionId: session.id,
            balanceCheckoutUrl: session.url,
            balanceCheckoutExpiresAt: expiresAt,
          },
        },
      );
    }
    return session.url;
  }
}
