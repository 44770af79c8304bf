import mongoose from 'mongoose';
import { RETENTION_DAYS, retentionSeconds } from '../domain/retention';

/** A checkout page of the local test provider, standing in for a Stripe Checkout Session. */
const testCheckoutSchema = new mongoose.Schema(
  {
    sessionId: { type: String, required: true, unique: true },
    idempotencyKey: { type: String, required: true, unique: true },
    bookingId: { type: String, required: true },
    reference: { type: String, required: true },
    description: { type: String, required: true },
    amountCents: { type: Number, required: true },
    currency: { type: String, required: true },
    customerEmail: { type: String, required: true },
    successUrl: { type: String, required: true },
    cancelUrl: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    status: { type: String, enum: ['open', 'complete', 'expired'], default: 'open' },
    /** 'subscription' for a Monthly Visit plan: `bookingId` is then the plan's id. */
    mode: { type: String, enum: ['payment', 'subscription'], default: 'payment' },
  },
  { timestamps: true },
);

// Test payment pages are kept a while after they expire (a late webhook or return still finds
// its page), then MongoDB drops them.
testCheckoutSchema.index(
  { expiresAt: 1 },
  { expireAfterSeconds: retentionSeconds(RETENTION_DAYS.testPaymentPage) },
);

export const TestCheckoutModel = mongoose.model('TestCheckoutSession', testCheckoutSchema);
export type TestCheckout = mongoose.HydratedDocument<
  mongoose.InferSchemaType<typeof testCheckoutSchema>
>;
