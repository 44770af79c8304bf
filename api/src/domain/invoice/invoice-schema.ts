import '../zod-config';
import { z } from 'zod';
import { DOCUMENT_KINDS } from './document-number';

/**
 * An issued invoice or credit note as its owner, the operator and the PDF read it. Everything on
 * it is a copy made when it was issued (names, addresses, prices, the business's own details):
 * an issued document never changes, whatever happens to the booking, the account or the
 * configuration afterwards.
 */
export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int().positive(),
  /** Price of one unit before tax, in cents (the line's subtotal divided by its quantity). */
  unitPriceCents: z.number().int().nonnegative(),
  subtotalCents: z.number().int().nonnegative(),
  hstRatePercent: z.number(),
  hstCents: z.number().int().nonnegative(),
  /** Tax included: what the line costs as the site shows it. */
  totalCents: z.number().int().nonnegative(),
});

export const invoiceViewSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string(),
  /** The day it was issued, in Toronto (YYYY-MM-DD); `issuedAt` is the instant. */
  issueDate: z.string(),
  issuedAt: z.string(),
  seller: z.object({
    legalName: z.string(),
    tradingName: z.string(),
    address: z.string(),
    hstNumber: z.string(),
  }),
  buyer: z.object({
    name: z.string(),
    company: z.string().nullable(),
    email: z.string(),
    serviceAddress: z.string(),
  }),
  /** The booking or the plan it bills, by reference, as the customer knows it. */
  reference: z.string(),
  bookingId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  serviceId: z.string(),
  lines: z.array(invoiceLineSchema),
  subtotalCents: z.number().int(),
  hstCents: z.number().int(),
  totalCents: z.number().int(),
  /** How it was paid (or, on a credit note, where the refund goes). */
  /** How it was paid: by card, or (an invoice issued before its payment) still due. */
  payment: z.object({
    method: z.enum(['card', 'due']),
    brand: z.string().nullable(),
    last4: z.string().nullable(),
  }),
  /** "Paid in full", or on a credit note what it credits. */
  terms: z.string(),
  /** The invoice a credit note gives money back on. */
  creditedInvoice: z.object({ id: z.string(), number: z.string() }).nullable(),
});

export type InvoiceView = z.infer<typeof invoiceViewSchema>;
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** A document in a list: enough to find it and open it. */
export const invoiceSummarySchema = invoiceViewSchema.pick({
  id: true,
  kind: true,
  number: true,
  issueDate: true,
  reference: true,
  totalCents: true,
  hstCents: true,
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const InvoiceWords = {
  paidInFull: 'Paid in full',
  creditTerms: (invoiceNumber: string) =>
    `Credit on invoice ${invoiceNumber}, refunded to the card`,
  notFound: 'Invoice not found.',
  /**
   * In place of what the booker typed, on the copy mailed to an address nobody proved (a payment
   * proves nothing of the address): the owner's download from the manage page has it all.
   */
  buyerInMail: 'As booked (see this invoice on your manage page)',
  addressInMail: 'As booked',
} as const;
