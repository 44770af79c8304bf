import type { InvoiceSummary, InvoiceView } from '../domain/invoice/invoice-schema';
import type { Invoice } from './invoice-model';

/** An issued document as the API answers it and the PDF prints it. */
export function invoiceView(invoice: Invoice): InvoiceView {
  return {
    id: invoice._id,
    kind: invoice.kind,
    number: invoice.number,
    issueDate: invoice.issueDate,
    issuedAt: invoice.issuedAt.toISOString(),
    seller: {
      legalName: invoice.seller.legalName,
      tradingName: invoice.seller.tradingName,
      address: invoice.seller.address,
      hstNumber: invoice.seller.hstNumber,
    },
    buyer: {
      name: invoice.buyer.name,
      company: invoice.buyer.company ?? null,
      email: invoice.buyer.email,
      serviceAddress: invoice.buyer.serviceAddress,
    },
    reference: invoice.reference,
    bookingId: invoice.bookingId ?? null,
    subscriptionId: invoice.subscriptionId ?? null,
    serviceId: invoice.serviceId,
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      subtotalCents: line.subtotalCents,
      hstRatePercent: line.hstRatePercent,
      hstCents: line.hstCents,
      totalCents: line.totalCents,
    })),
    subtotalCents: invoice.subtotalCents,
    hstCents: invoice.hstCents,
    totalCents: invoice.totalCents,
    payment: {
      method: invoice.payment.method,
      brand: invoice.payment.brand ?? null,
      last4: invoice.payment.last4 ?? null,
    },
    terms: invoice.terms,
    creditedInvoice: invoice.creditedInvoice
      ? { id: invoice.creditedInvoice.id, number: invoice.creditedInvoice.number }
      : null,
  };
}

export function invoiceSummary(invoice: Invoice): InvoiceSummary {
  return {
    id: invoice._id,
    kind: invoice.kind,
    number: invoice.number,
    issueDate: invoice.issueDate,
    reference: invoice.reference,
    totalCents: invoice.totalCents,
    hstCents: invoice.hstCents,
  };
}
