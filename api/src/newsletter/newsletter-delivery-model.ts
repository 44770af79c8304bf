import mongoose, { type HydratedDocument, type InferSchemaType } from 'mongoose';
import { sendDecisionSchema } from '../mail/email-delivery-model';

export const DELIVERY_STATUSES = [
  'pending',
  // Claimed by a worker; its message has not been handed over in full yet.
  'sending',
  // Its final "." has left for the SMTP server: never sent again (see CommitGate).
  'committed',
  'sent',
  // Unconfirmed, and an operator had it sent again through the mail queue, whose own record
  // sends that copy once (unconfirmed-deliveries.ts).
  'resent',
  'failed',
  // The subscriber left after the campaign started.
  'skipped',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Still to be sent by a batch job. */
export const OPEN_DELIVERY: readonly DeliveryStatus[] = ['pending', 'sending'];

/**
 * One row per campaign and subscriber, unique: the record that makes every campaign reach each
 * person once, whatever is retried or restarted.
 */
const newsletterDeliverySchema = new mongoose.Schema(
  {
    campaignId: { type: mongoose.Schema.Types.ObjectId, required: true },
    subscriberId: { type: mongoose.Schema.Types.ObjectId, required: true },
    email: { type: String, required: true },
    batch: { type: Number, required: true },
    status: { type: String, enum: DELIVERY_STATUSES, required: true, default: 'pending' },
    attempts: { type: Number, default: 0 },
    /** The batch job that holds it while sending, and since when. */
    claimedBy: { type: String, default: null },
    claimedAt: { type: Date, default: null },
    lastError: { type: String, default: null },
    /** When its final "." was about to leave: the moment it became committed. */
    committedAt: { type: Date, default: null },
    /** The server's answer; or an operator's word that it arrived (its decisions say who). */
    sentAt: { type: Date, default: null },
    /** Operators' decisions on it while it was unconfirmed (committed), oldest first. */
    decisions: { type: [sendDecisionSchema], default: [] },
    /** When the last decision was made: the order of the list of decided sends. */
    decidedAt: { type: Date, default: null },
    /**
     * When MongoDB deletes the row (retention, docs/product.md#privacy). Null, and so never
     * deleted, until its campaign is settled: finished, no row of it open or unconfirmed, and its
     * totals kept on the campaign (retention/delivery-retention.ts).
     */
    expiresAt: { type: Date, default: null },
  },
  { timestamps: true },
);
newsletterDeliverySchema.index({ campaignId: 1, subscriberId: 1 }, { unique: true });
newsletterDeliverySchema.index({ campaignId: 1, batch: 1, status: 1 });
newsletterDeliverySchema.index({ campaignId: 1, status: 1 });
// A campaign's failures, latest first (campaign-service.ts).
newsletterDeliverySchema.index({ campaignId: 1, status: 1, updatedAt: -1 });
// The list of unconfirmed sends, newest commit first, and the list of decided ones. Partial: each
// holds the few rows it lists (and each message for the moment between its commit and its
// answer), not the campaign's every row.
newsletterDeliverySchema.index(
  { committedAt: -1, _id: -1 },
  { partialFilterExpression: { status: 'committed' } },
);
newsletterDeliverySchema.index(
  { decidedAt: -1, _id: -1 },
  { partialFilterExpression: { decidedAt: { $type: 'date' } } },
);

// Retention: only rows given a date expire; a pending, sending or committed row never has one.
newsletterDeliverySchema.index(
  { expiresAt: 1 },
  { expireAfterSeconds: 0, partialFilterExpression: { expiresAt: { $type: 'date' } } },
);

/** What a settled row can be: nothing moves it any more (see DELIVERY_STATUSES). */
export const SETTLED_DELIVERY: readonly DeliveryStatus[] = ['sent', 'resent', 'failed', 'skipped'];

export type NewsletterDelivery = InferSchemaType<typeof newsletterDeliverySchema>;
export type NewsletterDeliveryDocument = HydratedDocument<NewsletterDelivery>;
export const NewsletterDeliveryModel = mongoose.model(
  'NewsletterDelivery',
  newsletterDeliverySchema,
);
