import mongoose from 'mongoose';
import { SEND_DECISIONS } from '../domain/admin/unconfirmed-sends';
import type { SendDecisionRecord } from './send-decision';

/** The decisions of a row, oldest first: transactional emails and newsletter deliveries alike. */
export const sendDecisionSchema = new mongoose.Schema<SendDecisionRecord>(
  {
    decision: { type: String, enum: SEND_DECISIONS, required: true },
    adminId: { type: String, required: true },
    adminEmail: { type: String, required: true },
    at: { type: Date, required: true },
    committedAt: { type: Date, required: true },
  },
  { _id: false },
);

/** The job a send was made for (send-origin.ts), kept so that an operator can run it again. */
const sendOriginSchema = new mongoose.Schema(
  {
    queue: { type: String, required: true },
    name: { type: String, required: true },
    jobId: { type: String, required: true },
    data: { type: mongoose.Schema.Types.Mixed, required: true },
  },
  { _id: false, minimize: false },
);

/**
 * One row per email we decided to send, keyed by the job that sends it. A retried or duplicated
 * job finds its row marked sent and does not send again.
 */
const emailDeliverySchema = new mongoose.Schema(
  {
    key: { type: String, required: true, unique: true },
    to: { type: String, required: true },
    subject: { type: String, required: true },
    /** Set just before the message's final "." left for the server: from then on, never resend. */
    committedAt: { type: Date, default: null },
    /**
     * The server's answer; or, with no messageId, an operator's word that the email arrived
     * (its decisions say who): either way it reads as delivered from then on.
     */
    sentAt: { type: Date, default: null },
    messageId: { type: String, default: null },
    /** The job it was sent for; null when sent outside a job, or before sends recorded it. */
    origin: { type: sendOriginSchema, default: null },
    /** Operators' decisions on it while it was unconfirmed, oldest first. */
    decisions: { type: [sendDecisionSchema], default: [] },
    /** When the last decision was made: the order of the list of decided sends. */
    decidedAt: { type: Date, default: null },
    /**
     * An operator had it sent again under a key of its own (its job run again with a new job
     * id): this row stays committed, so a late retry of the first job never sends it either.
     */
    supersededBy: { type: String, default: null },
  },
  { timestamps: true },
);

// The list of unconfirmed emails, newest commit first. Partial: a send is in it only between its
// commit and its answer (the few milliseconds of every send, and the unconfirmed ones), so the
// index costs the sends little and stays the size of what is unanswered.
emailDeliverySchema.index(
  { committedAt: -1, _id: -1 },
  { partialFilterExpression: { sentAt: { $type: 'null' } } },
);
// The list of decided ones, newest decision first: only rows an operator decided on.
emailDeliverySchema.index(
  { decidedAt: -1, _id: -1 },
  { partialFilterExpression: { decidedAt: { $type: 'date' } } },
);

export type EmailDelivery = mongoose.InferSchemaType<typeof emailDeliverySchema>;
export const EmailDeliveryModel = mongoose.model('EmailDelivery', emailDeliverySchema);
