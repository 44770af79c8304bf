import { BookingModel, type Booking } from '../bookings/booking-model';
import { findPlan, findService, findTimeWindow } from '../domain/booking/catalogue';
import { longDate, torontoDate } from '../domain/calendar/toronto-date';
import { Company } from '../domain/company';
import { lineOf, totalsOf } from '../domain/invoice/invoice-lines';
import { InvoiceWords } from '../domain/invoice/invoice-schema';
import type { Logger } from '../platform/logger';
import type { Clock } from '../platform/clock';
import type {
  CardOnPayment,
  PaymentProvider,
  PaymentReference,
} from '../payments/payment-provider';
import { periodStartOf } from '../subscriptions/plan-periods';
import { SubscriptionModel } from '../subscriptions/subscription-model';
import { DocumentNumbers, type UnnumberedDocument } from './document-numbers';
import { InvoiceModel, type InvoiceDocument } from './invoice-model';
import { invoiceView } from './invoice-view';

/** The seller as every document states it (configuration: invoiceEnv). */
export interface Seller {
  legalName: string;
  tradingName: string;
  address: string;
  hstNumber: string;
}

/** The seller from the configuration the API and the workers both read (invoiceEnv). */
export function sellerOf(config: {
  BUSINESS_LEGAL_NAME: string;
  BUSINESS_ADDRESS: string;
  HST_NUMBER: string;
}): Seller {
  return {
    legalName: config.BUSINESS_LEGAL_NAME,
    tradingName: Company.name,
    address: config.BUSINESS_ADDRESS,
    hstNumber: config.HST_NUMBER,
  };
}

export interface InvoiceIssuerDeps {
  seller: Seller;
  provider: Pick<PaymentProvider, 'cardOf'>;
  clock: Clock;
  logger: Logger;
}

/** The optional "Company (for invoices)" a booking carries, when it carries one. */
function companyOf(booking: { company?: string | null }): string | null {
  const company = booking.company?.trim() ?? '';
  return company === '' ? null : company;
}

function bookingLineDescription(booking: Booking): string {
  const service = findService(booking.serviceId)?.title ?? booking.serviceId;
  const plan = findPlan(booking.planId)?.name ?? booking.planId;
  const window = findTimeWindow(booking.time)?.label ?? booking.time;
  const discount = booking.discount
    ? `, Monthly Visit member price (${String(booking.discount.percent)}% off)`
    : '';
  return `${service} - ${plan}, ${longDate(booking.date)}, ${window}${discount}`;
}

/**
 * Issues the business's documents, once each: the invoice of a paid booking, of each paid period
 * of a Monthly Visit plan, and the credit note of a refund. Every call is safe to repeat (a
 * replayed event, a retried job, the email that needs the invoice before the event's handler got
 * to it): a document's `source` is issued once, and a repeat returns it unchanged.
 */
export class InvoiceIssuer {
  private readonly numbers = new DocumentNumbers();

  constructor(private readonly deps: InvoiceIssuerDeps) {}

  /** The invoice of a paid one-time booking; null while (or unless) the booking is paid. */
  async forBooking(bookingId: string): Promise<InvoiceDocument | null> {
    const source = `booking:${bookingId}`;
    const existing = await InvoiceModel.findOne({ source });
    if (existing) return existing;
    const booking = await BookingModel.findById(bookingId).lean();
    const paidAt = booking?.payment.paidAt;
    if (!booking || !paidAt || booking.subscriptionId) return null;
    if (booking.amountCents === null || booking.amountCents === undefined) return null;
    const lines = [lineOf(bookingLineDescription(booking), booking.amountCents)];
    const card = await this.card(
      booking.payment.intentId ? { intentId: booking.payment.intentId } : null,
    );
    return this.numbers.issue({
      ...this.header('invoice', source, paidAt),
      userId: booking.userId ? String(booking.userId) : null,
      bookingId: booking._id,
      subscriptionId: null,
      reference: booking.reference,
      serviceId: booking.serviceId,
      buyer: {
        name: booking.name,
        company: companyOf(booking),
        email: booking.email,
        serviceAddress: booking.address,
      },
      lines,
      ...totalsOf(lines),
      payment: { method: 'card', brand: card?.brand ?? null, last4: card?.last4 ?? null },
      terms: InvoiceWords.paidInFull,
      creditedInvoice: null,
    });
  }

  /** The invoice of a plan's paid period; null unless the plan records that period paid. */
  async forPlanPeriod(
    subscriptionId: string,
    periodIndex: number,
    providerInvoiceId: string | null,
  ): Promise<InvoiceDocument | null> {
    const source = `plan:${subscriptionId}:period:${String(periodIndex)}`;
    const existing = await InvoiceModel.findOne({ source });
    if (existing) return existing;
    const plan = await SubscriptionModel.findById(subscriptionId).lean();
    if (!plan?.paidPeriods.includes(periodIndex)) return null;
    // The plan's first visit is the booking its customer filled in: its company is the plan's.
    const first = await BookingModel.findById(subscriptionId).lean();
    const service = findService(plan.serviceId)?.title ?? plan.serviceId;
    const start = periodStartOf(plan.anchorDate, periodIndex);
    const lines = [
      lineOf(`${service} - Monthly Visit plan, month from ${longDate(start)}`, plan.amountCents),
    ];
    const card = await this.card(providerInvoiceId ? { providerInvoiceId } : null);
    return this.numbers.issue({
      ...this.header('invoice', source, this.deps.clock.now()),
      userId: plan.userId ? String(plan.userId) : null,
      bookingId: null,
      subscriptionId,
      reference: plan.reference,
      serviceId: plan.serviceId,
      buyer: {
        name: plan.name,
        company: first ? companyOf(first) : null,
        email: plan.email,
        serviceAddress: plan.address,
      },
      lines,
      ...totalsOf(lines),
      payment: { method: 'card', brand: card?.brand ?? null, last4: card?.last4 ?? null },
      terms: InvoiceWords.paidInFull,
      creditedInvoice: null,
    });
  }

  /**
   * The credit note of a refunded booking: the whole of its invoice given back, line by line, so
   * its HST is the invoice's. A partial refund would pass its own lines through `lineOf` the same
   * way. Null when the booking is not refunded or was never invoiced.
   */
  async forRefund(bookingId: string): Promise<InvoiceDocument | null> {
    const source = `refund:${bookingId}`;
    const existing = await InvoiceModel.findOne({ source });
    if (existing) return existing;
    const booking = await BookingModel.findById(bookingId).lean();
    const refundedAt = booking?.payment.refundedAt;
    if (!booking || !refundedAt) return null;
    const invoice = await this.forBooking(bookingId);
    if (!invoice) return null;
    // The invoice as plain values (invoice-view.ts): the note copies its buyer, card and lines.
    const credited = invoiceView(invoice);
    const lines = credited.lines.map((line) => ({
      ...line,
      description: `Refund: ${line.description}`,
    }));
    return this.numbers.issue({
      ...this.header('credit_note', source, refundedAt),
      userId: invoice.userId ?? null,
      bookingId: credited.bookingId,
      subscriptionId: credited.subscriptionId,
      reference: credited.reference,
      serviceId: credited.serviceId,
      buyer: credited.buyer,
      lines,
      ...totalsOf(lines),
      payment: credited.payment,
      terms: InvoiceWords.creditTerms(invoice.number),
      creditedInvoice: { id: invoice._id, number: invoice.number },
    });
  }

  /**
   * A document another feature words (a quote's deposit, its balance and the balance's receipt:
   * quotes/quote-invoices.ts),
   * numbered and stored once by its `source`; `build` runs only when none exists yet, and says
   * null when there is nothing to invoice (yet).
   */
  async issueOnce(
    kind: 'invoice' | 'receipt',
    source: string,
    build: (card: (payment: PaymentReference | null) => Promise<CardOnPayment | null>) => Promise<
      | (Omit<UnnumberedDocument, 'kind' | 'source' | 'issuedAt' | 'issueDate' | 'seller'> & {
          issuedAt: Date;
        })
      | null
    >,
  ): Promise<InvoiceDocument | null> {
    const existing = await InvoiceModel.findOne({ source });
    if (existing) return existing;
    const document = await build((payment) => this.card(payment));
    if (!document) return null;
    const { issuedAt, ...rest } = document;
    return this.numbers.issue({ ...rest, ...this.header(kind, source, issuedAt) });
  }

  private header(
    kind: UnnumberedDocument['kind'],
    source: string,
    issuedAt: Date,
  ): Pick<UnnumberedDocument, 'kind' | 'source' | 'issuedAt' | 'issueDate' | 'seller'> {
    return { kind, source, issuedAt, issueDate: torontoDate(issuedAt), seller: this.deps.seller };
  }

  /** The provider's word on the card; an invoice without it still says it was paid by card. */
  private async card(payment: PaymentReference | null): Promise<CardOnPayment | null> {
    if (payment === null) return null;
    try {
      return await this.deps.provider.cardOf(payment);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'the provider did not say which card paid');
      return null;
    }
  }
}
