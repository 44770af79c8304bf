import mongoose from 'mongoose';

/**
 * Each provider event we accepted, once by its id: a redelivered event finds its row and is not
 * applied again. Only what the event means for us is kept, not the provider's whole payload.
 */
const paymentEventSchema = new mongoose.Schema(
  {
    eventId: { type: String, required: true, unique: true },
    type: { type: String, required: true },
    /** The provider's creation time (seconds), for reading the order events happened in. */
    created: { type: Number, required: true },
    effect: { type: mongoose.Schema.Types.Mixed, required: true },
    processedAt: { type: Date, default: null },
    outcome: { type: String, default: null },
  },
  { timestamps: true },
);

export const PaymentEventModel = mongoose.model('PaymentEvent', paymentEventSchema);
