import mongoose, { type HydratedDocument, type InferSchemaType } from 'mongoose';
import { SERVICES } from '../domain/booking/catalogue';
import { REVIEW_LIMITS, REVIEW_STATUSES } from '../domain/review/review-messages';

/** A customer's review of one visit, kept from the moment it is sent; shown once approved. */
const reviewSchema = new mongoose.Schema(
  {
    /** The visit's booking id: one review per visit, which the unique _id enforces. */
    _id: { type: String, required: true },
    /** The booking's reference, for operators to find the visit. */
    reference: { type: String, required: true },
    serviceId: { type: String, required: true, enum: SERVICES.map((service) => service.id) },
    /** The visit's day (YYYY-MM-DD). */
    visitDate: { type: String, required: true },
    rating: {
      type: Number,
      required: true,
      min: REVIEW_LIMITS.minRating,
      max: REVIEW_LIMITS.maxRating,
      validate: { validator: Number.isInteger, message: 'rating must be a whole number' },
    },
    /** As typed (trimmed): plain text, never markup. */
    text: { type: String, required: true, maxlength: REVIEW_LIMITS.maxText },
    /** First name and last initial, taken from the booking when the review is sent. */
    name: { type: String, required: true },
    status: { type: String, required: true, enum: REVIEW_STATUSES, default: 'pending' },
    moderatedAt: { type: Date, default: null },
    /** 'admin:<user id>' of the operator who last approved or hid it. */
    moderatedBy: { type: String, default: null },
  },
  { timestamps: true },
);

// The public list (per service, too) and its count and average read approved reviews only.
reviewSchema.index({ status: 1, createdAt: -1 });
reviewSchema.index({ status: 1, serviceId: 1, createdAt: -1 });
// The public list and the operators' list by status, newest first (reviews/review-service.ts).
reviewSchema.index({ status: 1, createdAt: -1, _id: -1 });
// The public list of one service, newest first (ReviewService.published).
reviewSchema.index({ status: 1, serviceId: 1, createdAt: -1, _id: -1 });
// The operators' reviews list unfiltered, newest first (ReviewService's admin list).
reviewSchema.index({ createdAt: -1, _id: -1 });

export type Review = InferSchemaType<typeof reviewSchema>;
export type ReviewDocument = HydratedDocument<Review>;
export const ReviewModel = mongoose.model('Review', reviewSchema);
