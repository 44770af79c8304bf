import mongoose, { type HydratedDocument, type InferSchemaType } from 'mongoose';
import { FOLLOW_UP_CLAIM_FIELDS } from '../jobs/follow-up-sweep';
import { BOOKING_STATUSES } from '../domain/booking/booking-status';
import { PLANS, SERVICES, TIME_WINDOW_IDS } from '../domain/booking/catalogue';
import { newBookingId } from './booking-id';
import { nameKeysOf } from '../domain/admin/booking-search';

const paymentSchema = new mongoose.Schema(
  {
    provider: { type: String, enum: ['stripe', 'test'], default: null },
    checkoutSessionId: { type: String, default: null },
    checkoutUrl: { type: String, default: null },
    checkoutExpiresAt: { type: Date, default: null },
    /** The provider's payment, needed to refund it. */
    intentId: { type: String, default: null },
    paidAt: { type: Date, default: null },
    failureReason: { type: String, default: null },
    refundRequestedAt: { type: Date, default: null },
    refundedAt: { type: Date, default: null },
  },
  { _id: false },
);

const historySchema = new mongoose.Schema(
  {
    from: { type: String, default: null },
    to: { type: String, required: true },
    /** Who or what moved it: 'customer', 'payment-event:<id>', 'payment-timeout', 'admin:<id>'. */
    by: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { _id: false },
);

const bookingSchema = new mongoose.Schema(
  {
    /** 128 random bits (domain/booking/booking-id.ts), never an ObjectId: it must not be guessable. */
    _id: { type: String, default: newBookingId },
    /** Short code the customer quotes on the phone: 'HS-7K3F9Q'. It grants nothing by itself. */
    reference: { type: String, required: true, unique: true },
    userId: { type: mongoose.Schema.Types.ObjectId, ref: 'User', default: null, index: true },
    name: { type: String, required: true },
    /**
     * The name from each of its words on, in lower case ('émilie côté', 'côté'), kept from `name`
     * by the hooks below: the operators' search finds a name by the start of any word on an
     * index. Missing on bookings written before it.
     */
    nameKeys: { type: [String], default: undefined },
    /** The company its invoices are made out to (the form's, or the profile's); null for none. */
    company: { type: String, default: null },
    phone: { type: String, required: true },
    /** The phone's digits alone, as typed: the operators' search finds a booking by them. */
    phoneDigits: { type: String, default: '' },
    /**
     * The phone in one form (domain/form-fields.ts phoneKey, '+14165550199'): how the bound on
     * unpaid holds recognises one phone however it was typed. Missing on bookings from before it.
     */
    phoneKey: { type: String, default: '' },
    email: { type: String, required: true, index: true },
    address: { type: String, required: true },
    /** 'M4W 1P8', checked against the service area when booked; '' before the form asked for it. */
    postalCode: { type: String, default: '' },
    serviceId: { type: String, required: true, enum: SERVICES.map((service) => service.id) },
    /** A visit of the job a quote became (its quote's id); null for every other booking. */
    quoteId: { type: String, default: null },
    planId: { type: String, required: true, enum: PLANS.map((plan) => plan.id) },
    date: { type: String, required: true },
    time: { type: String, required: true, enum: TIME_WINDOW_IDS },
    /**
     * The window's place in the day (0 morning, 1 afternoon, 2 evening), kept from `time` by the
     * hooks below: the operators' list orders a day's visits by it on an index (the window names
     * sort the wrong way). Missing on bookings written before it; they sort first in their day.
     */
    windowRank: { type: Number },
    /** CAD cents, from the catalogue at the time of booking; null for a Custom Estimate. */
    amountCents: { type: Number, default: null },
    currency: { type: String, default: 'cad' },
    status: { type: String, required: true, enum: BOOKING_STATUSES },
    /** The photo's key in storage ('' without one). Private: read through the API only. */
    /** The customer's own words about the job (the estimate form asks for them). */
    details: { type: String, default: '' },
    imageKey: { type: String, default: '' },
    imageType: { type: String, default: '' },
    /** From the client's Idempotency-Key header: a repeated submit finds this booking. */
    idempotencyKey: { type: String, default: undefined },
    /**
     * Hash of the form, its photo and the account it came from: a repeated Idempotency-Key gets
     * this booking back only with the same request from the same sender.
     */
    requestFingerprint: { type: String, default: '' },
    /** An unpaid booking keeps its place until then; the payment timer checks it. */
    holdUntil: { type: Date, default: null },
    /** However often checkout is opened again, an unpaid hold never runs past this. */
    holdLimit: { type: Date, default: null },
    /**
     * A cancel is refunded only before this: 24 hours before the visit as first paid for, never
     * later, so moving a visit that is due soon and then cancelling it refunds nothing.
     */
    refundCutoff: { type: Date, default: null },
    /**
     * Set when an operator closed the day of this visit after it was booked (the business
     * calendar): which day, why, and the next open day with room offered to move it to (null
     * when none was). It applies while the booking is still on that day: a cancel then is
     * refunded in full, whatever the 24-hour rule says.
     */
    closedDay: {
      type: new mongoose.Schema(
        {
          date: { type: String, required: true },
          reason: { type: String, required: true },
          offerDate: { type: String, default: null },
          offerTime: { type: String, enum: [...TIME_WINDOW_IDS, null], default: null },
          closureId: { type: String, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    payment: { type: paymentSchema, default: () => ({}) },
    /**
     * True until the booking's follow-up jobs (emails, payment timer) are handed over: on their
     * queues, or in the job outbox while Redis is away. Still true only when the request stopped
     * before that; the same form sent again (Idempotency-Key) or the follow-up sweep finishes it.
     */
    followUpsPending: { type: Boolean, default: true },
    ...FOLLOW_UP_CLAIM_FIELDS,
    /**
     * A visit of a Monthly Visit plan: the subscription it belongs to (the id of its first visit's
     * booking), the plan's period (0 for the first) and its place in the period (0 to 3). Null for
     * a one-time visit or an estimate. The money is the subscription's: a visit has no payment of
     * its own and is never refunded on its own.
     */
    subscriptionId: { type: String, default: null },
    /** A plan member's discount: `amountCents` is the price after it. */
    discount: {
      type: new mongoose.Schema(
        {
          percent: { type: Number, required: true },
          fullPriceCents: { type: Number, required: true },
          /** The plan that earned it. */
          planId: { type: String, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    /** The crew an operator sent (bookings/crews.ts), one visit per crew per window. */
    crewId: { type: String, default: null },
    periodIndex: { type: Number, default: null },
    visitIndex: { type: Number, default: null },
    cancelledAt: { type: Date, default: null },
    cancelReason: { type: String, default: null },
    history: { type: [historySchema], default: [] },
  },
  { timestamps: true },
);

/**
 * The fields kept from others on every write that sets those: a create, a save, an update.
 * `windowRank` from `time`, `nameKeys` from `name`.
 */
function windowRankOf(time: unknown): number | undefined {
  const rank = TIME_WINDOW_IDS.findIndex((id) => id === time);
  return rank === -1 ? undefined : rank;
}
bookingSchema.pre('validate', function keepDerivedFields() {
  this.windowRank = windowRankOf(this.time);
  this.nameKeys = nameKeysOf(this.name);
});
bookingSchema.pre(['updateOne', 'updateMany', 'findOneAndUpdate'], function keepDerivedFields() {
  const update = this.getUpdate();
  if (update === null || Array.isArray(update)) return;
  const set = (update.$set ?? {}) as Record<string, unknown>;
  const field = (name: string): unknown =>
    name in set ? set[name] : (update as Record<string, unknown>)[name];
  const derived: Record<string, unknown> = {};
  const rank = windowRankOf(field('time'));
  if (rank !== undefined) derived.windowRank = rank;
  const name = field('name');
  if (typeof name === 'string') derived.nameKeys = nameKeysOf(name);
  if (Object.keys(derived).length > 0) this.setUpdate({ ...update, $set: { ...set, ...derived } });
});

bookingSchema.index({ date: 1, time: 1 });
// The schedule board's week in its order (admin/schedule-board.ts scheduleWeek).
bookingSchema.index({ date: 1, time: 1, createdAt: 1 });
// The customer's dashboard, latest visit first (BookingService's list of their bookings).
bookingSchema.index({ userId: 1, date: -1, createdAt: -1 });
// A plan's visits in date order: its view (plan-view.ts planViewOf), the plans list's upcoming
// visits (PlanAdmin) and the visits its end called off (subscription-lifecycle.ts).
bookingSchema.index({ subscriptionId: 1, date: 1, time: 1 });
// The operators' list (admin/admin-booking-list.ts) by date and the `upcoming`/`latest` orders:
// paged by key on (date, window, made, id), and a day's visits for the date filter.
bookingSchema.index({ date: 1, windowRank: 1, createdAt: 1, _id: 1 });
bookingSchema.index(
  { subscriptionId: 1, periodIndex: 1, visitIndex: 1 },
  { partialFilterExpression: { subscriptionId: { $type: 'string' } } },
);
// The follow-up sweep's query; only the few bookings still pending are in it.
bookingSchema.index({ createdAt: 1 }, { partialFilterExpression: { followUpsPending: true } });
// The operators' list filtered by status, paged by key in either order (its prefix serves the
// queries by status and date).
bookingSchema.index({ status: 1, date: 1, windowRank: 1, createdAt: 1, _id: 1 });
// A crew is in one place at a time: a visit called off or moved drops its crew (BookingLifecycle).
bookingSchema.index(
  { date: 1, time: 1, crewId: 1 },
  { unique: true, partialFilterExpression: { crewId: { $type: 'string' } } },
);
// The bound on unpaid holds counts by email (indexed above) and by phone; the operators' search
// finds a phone by its digits.
bookingSchema.index({ phoneKey: 1 });
bookingSchema.index({ phoneDigits: 1 });
// The operators' search (admin/admin-booking-list.ts): by postal code or area, and by name.
bookingSchema.index({ postalCode: 1 });
// The operators' search by the start of any word of the name, in lower case (a prefix range).
bookingSchema.index({ nameKeys: 1 });
// Retention of booking photos (retention/photo-retention.ts): the few bookings still holding a
// photo, by visit date; the many without one are not in it, so the daily sweep reads only its own.
bookingSchema.index({ date: 1 }, { partialFilterExpression: { imageKey: { $gt: '' } } });
bookingSchema.index(
  { idempotencyKey: 1 },
  { unique: true, partialFilterExpression: { idempotencyKey: { $type: 'string' } } },
);

export type Booking = InferSchemaType<typeof bookingSchema>;
export type BookingDocument = HydratedDocument<Booking>;
export const BookingModel = mongoose.model('Booking', bookingSchema);
