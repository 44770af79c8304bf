import mongoose, { type HydratedDocument, type InferSchemaType } from 'mongoose';
import { SERVICES, TIME_WINDOW_IDS } from '../domain/booking/catalogue';

/** Where a Monthly Visit plan stands, as its customer and operators read it. */
export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

const failedPaymentSchema = new mongoose.Schema(
  {
    invoiceId: { type: String, required: true },
    periodIndex: { type: Number, required: true },
    attempt: { type: Number, required: true },
    /** The provider will not try again: the plan ends unless the customer pays. */
    final: { type: Boolean, default: false },
    reason: { type: String, default: '' },
    at: { type: Date, required: true },
  },
  { _id: false },
);

const historySchema = new mongoose.Schema(
  {
    what: { type: String, required: true },
    by: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { _id: false },
);

/**
 * A Monthly Visit plan: the customer, the rule its visits follow, and its billing as the payment
 * provider reports it. Its `_id` is its first visit's booking id, so the proof that opens that
 * booking (the token, or the account) opens the plan too. The visits are bookings
 * (`subscriptionId`); the money is the provider's subscription, one invoice a period.
 */
const subscriptionSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    /** Its first visit's reference, which the customer quotes for the plan too. */
    reference: { type: String, default: '' },
    userId: { type: mongoose.Schema.Types.ObjectId, ref: 'User', default: null, index: true },
    name: { type: String, required: true },
    phone: { type: String, required: true },
    email: { type: String, required: true, index: true },
    address: { type: String, required: true },
    /** Its visits' postal code, as the booking form took it; '' for plans from before. */
    postalCode: { type: String, default: '' },
    serviceId: { type: String, required: true, enum: SERVICES.map((service) => service.id) },
    /** The first visit's date: period 0 starts on it, and every period on its day of the month. */
    anchorDate: { type: String, required: true },
    /** The window of the plan's visits; their weekday is the first visit's. */
    time: { type: String, required: true, enum: TIME_WINDOW_IDS },
    /** CAD cents charged each period, from the catalogue when the plan began. */
    amountCents: { type: Number, required: true },
    status: { type: String, required: true, enum: SUBSCRIPTION_STATUSES, default: 'incomplete' },
    /** The periods whose invoice was paid. */
    paidPeriods: { type: [Number], default: [] },
    /** Periods the customer paused: no invoice, no visits. */
    pausedPeriods: { type: [Number], default: [] },
    cancelAtPeriodEnd: { type: Boolean, default: false },
    provider: {
      name: { type: String, default: null },
      subscriptionId: { type: String, default: null },
      customerId: { type: String, default: null },
      /** The card of the in-page payment under way: one subscription per plan, whatever is sent. */
      claimedBy: { type: String, default: null },
      checkoutSessionId: { type: String, default: null },
      checkoutUrl: { type: String, default: null },
      checkoutExpiresAt: { type: Date, default: null },
    },
    /** The `created` time of the last subscription event applied: an older one changes nothing. */
    providerEventAt: { type: Number, default: 0 },
    /**
     * The second (Unix) of the customer's last change, made at the provider and then here. The
     * provider's events carry whole seconds: one stamped in that same second may tell of the
     * state just before the change (a pause, then a cancel, within one second), so only a later
     * event may change what the change set.
     */
    localChangeAt: { type: Number, default: 0 },
    failedPayments: { type: [failedPaymentSchema], default: [] },
    /** Visits of a renewal no window of their week could take: the business arranges them. */
    unplacedVisits: {
      type: [
        new mongoose.Schema(
          {
            periodIndex: { type: Number, required: true },
            visitIndex: { type: Number, required: true },
            /** The rule's date of the visit: its week is the one that was full. */
            week: { type: String, required: true },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    endedAt: { type: Date, default: null },
    endReason: { type: String, default: null },
    history: { type: [historySchema], default: [] },
  },
  { timestamps: true },
);

subscriptionSchema.index(
  { 'provider.subscriptionId': 1 },
  { partialFilterExpression: { 'provider.subscriptionId': { $type: 'string' } } },
);
subscriptionSchema.index({ status: 1, createdAt: -1 });
// The operators' plans list by status, newest first (subscriptions/plan-admin.ts).
subscriptionSchema.index({ status: 1, createdAt: -1, _id: -1 });
// The operators' plans list unfiltered, newest first (subscriptions/plan-admin.ts).
subscriptionSchema.index({ createdAt: -1, _id: -1 });

export type Subscription = InferSchemaType<typeof subscriptionSchema>;
export type SubscriptionDocument = HydratedDocument<Subscription>;
export const SubscriptionModel = mongoose.model('Subscription', subscriptionSchema);
