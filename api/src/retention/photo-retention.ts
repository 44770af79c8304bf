import { BookingModel } from '../bookings/booking-model';
import { torontoDate } from '../domain/calendar/toronto-date';
import { DAY_SECONDS, RETENTION_DAYS } from '../domain/retention';

/** The part of storage the sweep needs: deleting a key (a key already gone is no error). */
export interface PhotoStore {
  delete(key: string): Promise<void>;
}

export interface PhotoSweepResult {
  /** Photos deleted from storage and cleared from their booking. */
  deleted: number;
  /** Photos whose deletion failed: they stay, and the next run tries them again. */
  failed: number;
}

/**
 * The last visit date whose photo is kept: a booking dated before it had its visit more than the
 * retention period ago (docs/product.md#privacy), counted in Toronto days.
 */
export function photoCutoffDate(now: Date): string {
  return torontoDate(new Date(now.getTime() - RETENTION_DAYS.bookingPhoto * DAY_SECONDS * 1000));
}

/**
 * Retention of booking photos: the photo of a booking whose visit date is more than a year past
 * is deleted from storage, then its key is cleared from the booking (in that order: a run stopped
 * between the two finds the booking again, and deleting a key already gone succeeds). Bookings
 * are read through a cursor and handled `batchSize` at a time; safe to run again at any moment.
 */
export async function deleteExpiredPhotos(
  store: PhotoStore,
  now: Date,
  options: { batchSize?: number; onError?: (bookingId: string, error: unknown) => void } = {},
): Promise<PhotoSweepResult> {
  const batchSize = options.batchSize ?? 50;
  const result: PhotoSweepResult = { deleted: 0, failed: 0 };
  const cursor = BookingModel.find(
    { date: { $lt: photoCutoffDate(now) }, imageKey: { $gt: '' } },
    { _id: 1, imageKey: 1 },
  )
    .lean()
    .cursor({ batchSize });
  let batch: { _id: string; imageKey: string }[] = [];
  const flush = async () => {
    const outcomes = await Promise.all(
      batch.map(async (booking) => {
        try {
          await store.delete(booking.imageKey);
          // Only if the photo is still that one: nothing else is touched.
          await BookingModel.updateOne(
            { _id: booking._id, imageKey: booking.imageKey },
            { $set: { imageKey: '', imageType: '' } },
          );
          return true;
        } catch (error) {
          options.onError?.(booking._id, error);
          return false;
        }
      }),
    );
    for (const ok of outcomes) {
      if (ok) result.deleted += 1;
      else result.failed += 1;
    }
    batch = [];
  };
  for await (const booking of cursor) {
    batch.push({ _id: booking._id, imageKey: booking.imageKey });
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length > 0) await flush();
  return result;
}
