import { BookingModel, type BookingDocument } from '../bookings/booking-model';
import { isBookingId } from '../domain/booking/booking-id';
import { BookingMessages } from '../domain/booking/booking-schema';
import { CALLED_OFF, type BookingStatus } from '../domain/booking/booking-status';
import type { Crew } from '../domain/admin/admin-views';
import { DomainError } from '../domain/domain-error';
import { isDuplicateKeyError } from '../platform/mongo';
import { AdminMessages } from '../domain/admin/admin-messages';

/** A visit gets a crew once it has a window of its own: not a request still to schedule. */
const UNASSIGNABLE: readonly BookingStatus[] = [...CALLED_OFF, 'estimate_requested'];

/**
 * Sends a crew to a visit, or takes it off. A crew is in one place at a time: the unique index on
 * the window and the crew refuses a second visit of that window to it, so two operators assigning
 * at once cannot double-book it. A visit moved or called off meanwhile is not assigned.
 */
export async function assignCrew(
  bookingId: string,
  crewId: string | null,
  crews: readonly Crew[],
): Promise<BookingDocument> {
  const crew = crewId === null ? null : crews.find((candidate) => candidate.id === crewId);
  if (crew === undefined) {
    throw new DomainError('invalid', AdminMessages.unknownCrew, {
      fields: { crewId: AdminMessages.unknownCrew },
    });
  }
  const booking = isBookingId(bookingId) ? await BookingModel.findById(bookingId) : null;
  if (!booking) throw new DomainError('notFound', BookingMessages.notFound);
  if (UNASSIGNABLE.includes(booking.status)) {
    throw new DomainError('conflict', AdminMessages.notAVisit(booking.status));
  }
  // Nothing to change writes nothing: the same crew again, or none for a visit that has none.
  if ((booking.crewId ?? null) === (crew?.id ?? null)) return booking;
  try {
    const assigned = await BookingModel.findOneAndUpdate(
      { _id: booking._id, date: booking.date, time: booking.time, status: { $nin: UNASSIGNABLE } },
      { $set: { crewId: crew?.id ?? null } },
      { new: true },
    );
    if (!assigned) throw new DomainError('conflict', AdminMessages.visitChanged);
    return assigned;
  } catch (error) {
    if (crew && isDuplicateKeyError(error)) {
      throw new DomainError('conflict', AdminMessages.crewBusy(crew.name, booking.date));
    }
    throw error;
  }
}
