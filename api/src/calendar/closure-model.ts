import mongoose from 'mongoose';

/**
 * A closure an operator set in the console (a snowstorm, a staff day): the days `from` to `to`
 * (YYYY-MM-DD, both included) on which nothing is booked, with the reason customers read.
 * Holidays are computed, never stored (domain/calendar/ontario-holidays.ts).
 */
const closureSchema = new mongoose.Schema(
  {
    from: { type: String, required: true },
    to: { type: String, required: true },
    reason: { type: String, required: true },
    /** The operator who set it. */
    createdBy: { type: String, required: true },
  },
  { timestamps: true },
);
// Overlap reads ask for closures ending on or after a day and starting on or before another.
closureSchema.index({ to: 1, from: 1 });
// The console's closures ahead, by first day (admin/closure-service.ts) and the overlap read by
// first day (calendar/business-days.ts): in index order, no sort in memory.
closureSchema.index({ from: 1, createdAt: 1, to: 1 });

export const ClosureModel = mongoose.model('Closure', closureSchema);
export type ClosureDocument = InstanceType<typeof ClosureModel>;
