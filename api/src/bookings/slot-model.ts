import mongoose from 'mongoose';
import { TIME_WINDOW_IDS } from '../domain/booking/catalogue';

/**
 * One document per date and window, listing the bookings that hold its places. Holding by booking
 * id (not a counter) makes taking and giving back idempotent: a retried job or request can never
 * take a second place or return one twice.
 */
const slotSchema = new mongoose.Schema(
  {
    date: { type: String, required: true },
    time: { type: String, required: true, enum: TIME_WINDOW_IDS },
    holders: { type: [String], default: [] },
  },
  { timestamps: true },
);
slotSchema.index({ date: 1, time: 1 }, { unique: true });

export const SlotModel = mongoose.model('Slot', slotSchema);
