import { findService, formatCad } from '../domain/booking/catalogue';
import { lineOf, totalsOf } from '../domain/invoice/invoice-lines';
import type { InvoiceIssuer } from '../invoices/invoice-issuer';
import type { InvoiceDocument } from '../invoices/invoice-model';
import { QuoteModel, type Quote } from './quote-model';

type InvoiceLine = ReturnType<typeof lineOf>;
type Payment = { method: 'card' | 'due'; brand: string | null; last4: string | null };

/** What every document of a quote says of it: its customer, its number, its line and totals. */
function documentOf(
  quote: Quote,
  line: InvoiceLine,
  issuedAt: Date,
  payment: Payment,
  terms: string,
) {
  const lines = [line];
  return {
    issuedAt,
    userId: quote.userId ?? null,
    bookingId: null,
    subscriptionId: null,
    reference: quote.number,
    serviceId: quote.serviceId,
    buyer: {
      name: quote.customer.name,
      company: quote.customer.company ?? null,
      email: quote.customer.email,
      serviceAddress: quote.customer.address,
    },
    lines,
    ...totalsOf(lines),
    payment,
    terms,
    creditedInvoice: null,
  };
}

const byCard = (card: { brand: string; last4: string } | null): Payment => ({
  method: 'card',
  brand: card?.brand ?? null,
  last4: card?.last4 ?? null,
});

const balanceLine = (quote: Quote, balanceCents: number) => {
  const service = findService(quote.serviceId)?.title ?? quote.serviceId;
  return lineOf(
    `Balance of quote ${quote.number}, revision ${String(quote.revision)}: ${service}, work done`,
    balanceCents,
  );
};

/**
 * The invoices of a quote's payments, each issued once (by its source) through the one issuer,
 * its line split by the one HST rule like every document's.
 */
export class QuoteInvoices {
  constructor(private readonly issuer: InvoiceIssuer) {}

  /** The deposit's invoice; null until the deposit is recorded paid. */
  async deposit(quoteId: string): Promise<InvoiceDocument | null> {
    const invoice = await this.issuer.issueOnce(
      'invoice',
      `quote:${quoteId}:deposit`,
      async (card) => {
        const quote = await QuoteModel.findById(quoteId).lean<Quote>();
        const totals = quote?.acceptedTotals;
        if (!quote?.depositPaidAt || !totals || totals.depositCents === 0) return null;
        const service = findService(quote.serviceId)?.title ?? quote.serviceId;
        const line = lineOf(
          `Deposit (${String(totals.depositPercent)}%) on quote ${quote.number}, revision ${String(quote.revision)}: ${service}`,
          totals.depositCents,
        );
        const paidWith = await card(
          quote.depositIntentId ? { intentId: quote.depositIntentId } : null,
        );
        return documentOf(
          quote,
          line,
          quote.depositPaidAt,
          byCard(paidWith),
          `Deposit paid in full. Balance of ${formatCad(totals.balanceCents)} due when the work is done.`,
        );
      },
    );
    if (invoice) {
      await QuoteModel.updateOne(
        { _id: quoteId, depositInvoiceId: null },
        { $set: { depositInvoiceId: invoice._id, depositInvoiceNumber: invoice.number } },
      );
    }
    return invoice;
  }

  /**
   * The balance's invoice, issued when the job's last visit is done, before it is paid: due on
   * receipt. Null until the work is done, and when nothing is left to pay.
   */
  async balance(quoteId: string): Promise<InvoiceDocument | null> {
    const invoice = await this.issuer.issueOnce('invoice', `quote:${quoteId}:balance`, async () => {
      const quote = await QuoteModel.findById(quoteId).lean<Quote>();
      const balanceCents = quote?.acceptedTotals?.balanceCents ?? 0;
      if (!quote?.workDoneAt || balanceCents === 0) return null;
      return documentOf(
        quote,
        balanceLine(quote, balanceCents),
        quote.workDoneAt,
        { method: 'due', brand: null, last4: null },
        'Due on receipt: pay online from your quote’s page, or call us.',
      );
    });
    if (invoice) {
      await QuoteModel.updateOne(
        { _id: quoteId, balanceInvoiceId: null },
        { $set: { balanceInvoiceId: invoice._id, balanceInvoiceNumber: invoice.number } },
      );
    }
    return invoice;
  }

  /** The receipt of the balance paid online: the balance invoice's lines, paid by card. */
  async receipt(quoteId: string): Promise<InvoiceDocument | null> {
    const balance = await this.balance(quoteId);
    if (!balance) return null;
    const receipt = await this.issuer.issueOnce(
      'receipt',
      `quote:${quoteId}:balance-paid`,
      async (card) => {
        const quote = await QuoteModel.findById(quoteId).lean<Quote>();
        if (!quote?.balancePaidAt) return null;
        const paidWith = await card(
          quote.balanceIntentId ? { intentId: quote.balanceIntentId } : null,
        );
        return documentOf(
          quote,
          balanceLine(quote, balance.totalCents),
          quote.balancePaidAt,
          byCard(paidWith),
          `Payment received for invoice ${balance.number}. Paid in full.`,
        );
      },
    );
    if (receipt) {
      await QuoteModel.updateOne(
        { _id: quoteId, receiptId: null },
        { $set: { receiptId: receipt._id, receiptNumber: receipt.number } },
      );
    }
    return receipt;
  }
}
