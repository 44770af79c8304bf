import { findService, formatCad } from '../domain/booking/catalogue';
import { lineOf, totalsOf } from '../domain/invoice/invoice-lines';
import type { InvoiceIssuer } from '../invoices/invoice-issuer';
import type { InvoiceDocument } from '../invoices/invoice-model';
import { QuoteModel } from './quote-model';

/**
 * The invoices of a quote's payments, each issued once (by its source) through the one issuer,
 * its line split by the one HST rule like every document's.
 */
export class QuoteInvoices {
  constructor(private readonly issuer: InvoiceIssuer) {}

  /** The deposit's invoice; null until the deposit is recorded paid. */
  async deposit(quoteId: string): Promise<InvoiceDocument | null> {
    const invoice = await this.issuer.issueOnce(`quote:${quoteId}:deposit`, async (card) => {
      const quote = await QuoteModel.findById(quoteId).lean();
      const totals = quote?.acceptedTotals;
      if (!quote?.depositPaidAt || !totals || totals.depositCents === 0) return null;
      const service = findService(quote.serviceId)?.title ?? quote.serviceId;
      const lines = [
        lineOf(
          `Deposit (${String(totals.depositPercent)}%) on quote ${quote.number}, revision ${String(quote.revision)}: ${service}`,
          totals.depositCents,
        ),
      ];
      const paidWith = await card(
        quote.depositIntentId ? { intentId: quote.depositIntentId } : null,
      );
      return {
        issuedAt: quote.depositPaidAt,
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
        payment: { method: 'card', brand: paidWith?.brand ?? null, last4: paidWith?.last4 ?? null },
        terms: `Deposit paid in full. Balance of ${formatCad(totals.balanceCents)} due when the work is done.`,
        creditedInvoice: null,
      };
    });
    if (invoice) {
      await QuoteModel.updateOne(
        { _id: quoteId, depositInvoiceId: null },
        { $set: { depositInvoiceId: invoice._id, depositInvoiceNumber: invoice.number } },
      );
    }
    return invoice;
  }
}
