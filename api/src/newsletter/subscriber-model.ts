import mongoose, { type HydratedDocument, type InferSchemaType } from 'mongoose';

/**
 * One row per address. Consent is recorded as CASL asks: when the address was given, from where,
 * when its owner confirmed it, and when they withdrew it.
 */
const subscriberSchema = new mongoose.Schema(
  {
    email: { type: String, required: true, unique: true },
    status: {
      type: String,
      enum: ['pending', 'confirmed', 'unsubscribed'],
      required: true,
      default: 'pending',
    },
    source: { type: String, default: 'footer' },
    subscribedAt: { type: Date, required: true },
    confirmedAt: { type: Date, default: null },
    unsubscribedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
subscriberSchema.index({ status: 1, _id: 1 });
// The operators' subscribers list by status, newest first (admin/subscriber-list.ts).
subscriberSchema.index({ status: 1, createdAt: -1, _id: -1 });
// The operators' subscribers list unfiltered, newest first (admin/subscriber-list.ts).
subscriberSchema.index({ createdAt: -1, _id: -1 });

export type Subscriber = InferSchemaType<typeof subscriberSchema>;
export type SubscriberDocument = HydratedDocument<Subscriber>;
export const SubscriberModel = mongoose.model('Subscriber', subscriberSchema);
