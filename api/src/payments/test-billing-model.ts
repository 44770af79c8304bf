import mongoose from 'mongoose';
import { RETENTION_DAYS, retentionSeconds } from '../domain/retention';

/**
 * A subscription of the local test provider, standing in for a Stripe Subscription: what it
 * needs to bill each period the way Stripe would (the period to bill next, the card on file, the
 * invoice still open and how often it was tried).
 */
const testSubscriptionSchema = new mongoose.Schema(
  {
    providerSubscriptionId: { type: String, required: true, unique: true },
    customerId: { type: String, required: true, unique: true },
    /** Ours: the plan's id, as Stripe keeps it in the subscription's metadata. */
    subscriptionId: { type: String, required: true, unique: true },
    reference: { type: String, required: true },
    amountCents: { type: Number, required: true },
    startedAt: { type: Date, required: true },
    /** The index of the next period to bill (1 once the first is paid). */
    nextPeriod: { type: Number, default: 1 },
    status: { type: String, enum: ['active', 'past_due', 'canceled'], default: 'active' },
    cancelAtPeriodEnd: { type: Boolean, default: false },
    /** Billing paused until then: the period starting before it is not billed. */
    pausedUntil: { type: Date, default: null },
    card: { type: String, enum: ['succeeds', 'declined'], default: 'succeeds' },
    openInvoice: {
      type: new mongoose.Schema(
        {
          invoiceId: { type: String, required: true },
          periodIndex: { type: Number, required: true },
          attempt: { type: Number, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
  },
  { timestamps: true },
);

export const TestSubscriptionModel = mongoose.model('TestSubscription', testSubscriptionSchema);
export type TestSubscription = mongoose.HydratedDocument<
  mongoose.InferSchemaType<typeof testSubscriptionSchema>
>;

/** A page of the test provider's customer portal: where a card is updated. */
const testPortalSchema = new mongoose.Schema({
  sessionId: { type: String, required: true, unique: true },
  customerId: { type: String, required: true },
  returnUrl: { type: String, required: true },
  expiresAt: { type: Date, required: true },
});

testPortalSchema.index(
  { expiresAt: 1 },
  { expireAfterSeconds: retentionSeconds(RETENTION_DAYS.testPaymentPage) },
);

export const TestPortalModel = mongoose.model('TestPortalSession', testPortalSchema);
export type TestPortal = mongoose.HydratedDocument<
  mongoose.InferSchemaType<typeof testPortalSchema>
>;
