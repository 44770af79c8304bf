import { randomBytes } from 'node:crypto';
import mongoose, { type HydratedDocument, type InferSchemaType } from 'mongoose';
import { QUOTE_STATUSES } from '../domain/quote/quote-status';

const lineSchema = new mongoose.Schema(
  {
    description: { type: String, required: true },
    quantity: { type: Number, required: true },
    /** One unit, HST included, in cents. */
    unitPriceCents: { type: Number, required: true },
    optional: { type: Boolean, required: true },
  },
  { _id: false },
);

const totalsSchema = new mongoose.Schema(
  {
    subtotalCents: { type: Number, required: true },
    hstCents: { type: Number, required: true },
    totalCents: { type: Number, required: true },
    depositPercent: { type: Number, required: true },
    depositCents: { type: Number, required: true },
    balanceCents: { type: Number, required: true },
  },
  { _id: false },
);

const historySchema = new mongoose.Schema(
  {
    at: { type: Date, required: true },
    event: { type: String, required: true },
    from: { type: String, default: null },
    to: { type: String, required: true },
    /** Who or what: `admin:<id>`, `customer`, `payment-event:<id>`, `timer`. */
    by: { type: String, required: true },
    detail: { type: String, default: null },
  },
  { _id: false },
);

/**
 * One revision of a quote (domain/quote/quote-schema.ts says what it carries). A draft is written
 * by the operator's editor; from "sent" on its lines, dates and terms never change (a change is
 * the next revision, a document of its own), and only the quote lifecycle
 * (quote-lifecycle.ts) writes its status, its answer and its history. Ids are random: the
 * customer's link adds a signature, and an id alone opens nothing.
 */
const quoteSchema = new mongoose.Schema(
  {
    _id: { type: String, default: () => randomBytes(12).toString('hex') },
    /** `Q-2026-000001`, shared by every revision of the quote. */
    number: { type: String, required: true },
    revision: { type: Number, required: true },
    status: { type: String, required: true, enum: QUOTE_STATUSES },
    /** The estimate request it answers (a booking id), if it came from one. */
    estimateId: { type: String, default: null },
    estimateReference: { type: String, default: null },
    userId: { type: String, default: null },
    customer: {
      type: new mongoose.Schema(
        {
          name: { type: String, required: true },
          company: { type: String, default: null },
          email: { type: String, required: true },
          phone: { type: String, required: true },
          address: { type: String, required: true },
        },
        { _id: false },
      ),
      required: true,
    },
    serviceId: { type: String, required: true },
    lines: { type: [lineSchema], default: [] },
    validUntil: { type: String, required: true },
    /** Null: the default by total (quote-totals.ts). */
    depositPercent: { type: Number, default: null },
    terms: { type: String, default: '' },
    note: { type: String, default: '' },
    sentAt: { type: Date, default: null },
    previousId: { type: String, default: null },
    replacedById: { type: String, default: null },
    acceptance: {
      type: new mongoose.Schema(
        {
          name: { type: String, required: true },
          at: { type: Date, required: true },
          ip: { type: String, required: true },
          optionalItems: { type: [Number], default: [] },
        },
        { _id: false },
      ),
      default: null,
    },
    /** The totals the customer accepted, with their chosen items: the deposit and balance bill these. */
    acceptedTotals: { type: totalsSchema, default: null },
    declineReason: { type: String, default: null },
    // The deposit's payment: the provider's checkout page (a new attempt when one ran out) and,
    // once the provider says so, when it was paid.
    depositAttempt: { type: Number, default: 0 },
    depositSessionId: { type: String, default: null },
    depositCheckoutUrl: { type: String, default: null },
    depositCheckoutExpiresAt: { type: Date, default: null },
    depositIntentId: { type: String, default: null },
    depositPaidAt: { type: Date, default: null },
    depositInvoiceId: { type: String, default: null },
    depositInvoiceNumber: { type: String, default: null },
    // The balance, once the job's last visit is done: its invoice (issued due), its payment page
    // and, once paid, the receipt.
    workDoneAt: { type: Date, default: null },
    balanceAttempt: { type: Number, default: 0 },
    balanceSessionId: { type: String, default: null },
    balanceCheckoutUrl: { type: String, default: null },
    balanceCheckoutExpiresAt: { type: Date, default: null },
    balanceIntentId: { type: String, default: null },
    balancePaidAt: { type: Date, default: null },
    balanceInvoiceId: { type: String, default: null },
    balanceInvoiceNumber: { type: String, default: null },
    receiptId: { type: String, default: null },
    receiptNumber: { type: String, default: null },
    history: { type: [historySchema], default: [] },
  },
  { timestamps: true },
);

// The console's list (newest first, by status), the customer's dashboard, a quote's revisions.
quoteSchema.index({ updatedAt: -1 });
quoteSchema.index({ status: 1, updatedAt: -1 });
quoteSchema.index({ userId: 1, updatedAt: -1 });
quoteSchema.index({ number: 1, revision: 1 }, { unique: true });
// A quote's next revision, looked up from the one it replaces (QuoteService).
quoteSchema.index({ previousId: 1 });
// One quote per estimate request: its first revision.
quoteSchema.index(
  { estimateId: 1 },
  { unique: true, partialFilterExpression: { revision: 1, estimateId: { $type: 'string' } } },
);

export type Quote = InferSchemaType<typeof quoteSchema> & { _id: string };
export type QuoteDocument = HydratedDocument<Quote>;
export const QuoteModel = mongoose.model('Quote', quoteSchema);
