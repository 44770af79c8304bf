import mongoose from 'mongoose';

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
    sentAt: { type: Date, default: null },
    messageId: { type: String, default: null },
  },
  { timestamps: true },
);

export const EmailDeliveryModel = mongoose.model('EmailDelivery', emailDeliverySchema);
