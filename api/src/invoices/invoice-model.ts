import { randomBytes } from 'node:crypto';
import mongoose, { type HydratedDocument, type InferSchemaType } from 'mongoose';
import { DOCUMENT_KINDS } from '../domain/invoice/document-number';

const lineSchema = new mongoose.Schema(
  {
    description: { type: String, required: true },
    quantity: { type: Number, required: true },
    unitPriceCents: { type: Number, required: true },
    subtotalCents: { type: Number, required: true },
    hstRatePercent: { type: Number, required: true },
    hstCents: { type: Number, required: true },
    totalCents: { type: Number, required: true },
  },
  { _id: false },
);

/**
 * An issued invoice or credit note (domain/invoice/invoice-schema.ts says what it carries). Written
 * once, by the issuer (invoice-issuer.ts), in the transaction that takes its number; never
 * updated afterwards, except `pdfKey` once its PDF is stored. Ids are random: they are not proof
 * of anything, and a stranger holding one gets the 404 of an unknown invoice.
 */
const invoiceSchema = new mongoose.Schema(
  {
    _id: { type: String, default: () => randomBytes(12).toString('hex') },
    kind: { type: String, required: true, enum: DOCUMENT_KINDS },
    number: { type: String, required: true, unique: true },
    year: { type: Number, required: true },
    sequence: { type: Number, required: true },
    /**
     * What it was issued for, once: `booking:<id>`, `plan:<id>:period:<n>`, `refund:<booking id>`.
     * Unique, so a replayed or concurrent payment event never issues a second document.
     */
    source: { type: String, required: true, unique: true },
    issuedAt: { type: Date, required: true },
    issueDate: { type: String, required: true },
    /** The account it belongs to, or null for a booking made without one (its email owns it). */
    userId: { type: String, default: null },
    bookingId: { type: String, default: null },
    subscriptionId: { type: String, default: null },
    reference: { type: String, required: true },
    serviceId: { type: String, required: true },
    seller: {
      type: new mongoose.Schema(
        {
          legalName: { type: String, required: true },
          tradingName: { type: String, required: true },
          address: { type: String, required: true },
          hstNumber: { type: String, required: true },
        },
        { _id: false },
      ),
      required: true,
    },
    buyer: {
      type: new mongoose.Schema(
        {
          name: { type: String, required: true },
          company: { type: String, default: null },
          email: { type: String, required: true },
          serviceAddress: { type: String, required: true },
        },
        { _id: false },
      ),
      required: true,
    },
    lines: { type: [lineSchema], required: true },
    subtotalCents: { type: Number, required: true },
    hstCents: { type: Number, required: true },
    totalCents: { type: Number, required: true },
    payment: {
      type: new mongoose.Schema(
        {
          method: { type: String, required: true, enum: ['card', 'due'] },
          brand: { type: String, default: null },
          last4: { type: String, default: null },
        },
        { _id: false },
      ),
      required: true,
    },
    terms: { type: String, required: true },
    creditedInvoice: {
      type: new mongoose.Schema(
        { id: { type: String, required: true }, number: { type: String, required: true } },
        { _id: false },
      ),
      default: null,
    },
    /** The stored PDF (private, in S3), once rendered. */
    pdfKey: { type: String, default: null },
  },
  { timestamps: true },
);

// The owner's lists (dashboard, manage page) and the operator's books by date.
invoiceSchema.index({ userId: 1, issuedAt: -1 });
invoiceSchema.index({ bookingId: 1, issuedAt: 1 });
invoiceSchema.index({ subscriptionId: 1, issuedAt: 1 });
invoiceSchema.index({ issuedAt: -1 });
// The operator's books, listed latest first (admin/invoice-books.ts booksDocuments).
invoiceSchema.index({ issuedAt: -1, number: -1 });
invoiceSchema.index({ kind: 1, year: 1, sequence: 1 }, { unique: true });

export type Invoice = InferSchemaType<typeof invoiceSchema> & { _id: string };
export type InvoiceDocument = HydratedDocument<Invoice>;
export const InvoiceModel = mongoose.model('Invoice', invoiceSchema);

/**
 * The last number taken per kind and year (`_id`: `invoice:2026`). Incremented only inside the
 * transaction that writes the document with that number, so an aborted issue gives its number
 * back and the sequence has no gaps.
 */
const documentCounterSchema = new mongoose.Schema({
  _id: { type: String, required: true },
  sequence: { type: Number, required: true },
});
export const DocumentCounterModel = mongoose.model('DocumentCounter', documentCounterSchema);
