import type { UpdateQuery } from 'mongoose';
import { canMove, type BookingStatus } from '../domain/booking/booking-status';
import { BookingModel, type Booking, type BookingDocument } from './booking-model';

export type MoveResult =
  { moved: true; booking: BookingDocument } | { moved: false; booking: BookingDocument | null };

/**
 * Moves a booking to `to` if the state machine allows it from the status it has now. The update
 * is conditional on that status, so two events racing for one booking cannot both move it: the
 * loser re-reads and is judged again against the new status.
 */
export async function moveBooking(
  bookingId: string,
  to: BookingStatus,
  by: string,
  set: Partial<Record<string, unknown>> = {},
): Promise<MoveResult> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await BookingModel.findById(bookingId);
    if (!current || !canMove(current.status, to)) return { moved: false, booking: current };
    const update: UpdateQuery<Booking> = {
      $set: { ...set, status: to },
      $push: { history: { from: current.status, to, by, at: new Date() } },
    };
    const moved = await BookingModel.findOneAndUpdate(
      { _id: current._id, status: current.status },
      update,
      { new: true },
    );
    if (moved) return { moved: true, booking: moved };
  }
  throw new Error(`booking ${bookingId} kept changing while moving it to ${to}`);
}
