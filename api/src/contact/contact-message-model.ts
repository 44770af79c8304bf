import mongoose, { type HydratedDocument, type InferSchemaType } from 'mongoose';
import { FOLLOW_UP_CLAIM_FIELDS } from '../jobs/follow-up-sweep';
import { RETENTION_DAYS, retentionSeconds } from '../domain/retention';

/** A message from the contact form, kept so that no message depends on an email arriving. */
const contactMessageSchema = new mongoose.Schema(
  {
    /** Quoted back to the sender in the acknowledgement: 'CM-4HX7P2'. */
    reference: { type: String, required: true, unique: true },
    fullName: { type: String, required: true },
    email: { type: String, required: true, index: true },
    phone: { type: String, required: true },
    subject: { type: String, required: true },
    message: { type: String, required: true },
    service: { type: String, default: null },
    status: { type: String, enum: ['new', 'answered', 'archived'], default: 'new' },
    /** True until both emails are handed over (see BookingModel's followUpsPending). */
    emailsPending: { type: Boolean, default: true },
    ...FOLLOW_UP_CLAIM_FIELDS,
  },
  { timestamps: true },
);

// The follow-up sweep's query; only the few messages still pending are in it.
contactMessageSchema.index({ createdAt: 1 }, { partialFilterExpression: { emailsPending: true } });
// The operators' messages list, newest first (admin/contact-message-list.ts).
contactMessageSchema.index({ createdAt: -1, _id: -1 });
// Retention (docs/product.md#privacy): MongoDB deletes a message two years after its last change
// (answered, archived), not after it arrived, so a late answer restarts the count.
contactMessageSchema.index(
  { updatedAt: 1 },
  { expireAfterSeconds: retentionSeconds(RETENTION_DAYS.contactMessage) },
);

export type ContactMessage = InferSchemaType<typeof contactMessageSchema>;
export type ContactMessageDocument = HydratedDocument<ContactMessage>;
export const ContactMessageModel = mongoose.model('ContactMessage', contactMessageSchema);
