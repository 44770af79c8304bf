import { nameKeysOf } from '../domain/admin/booking-search';
import { BookingModel, windowRankOf } from './booking-model';

/**
 * Fills `windowRank` and `nameKeys` on bookings written before those fields existed (the
 * model's hooks keep every later write right), in batches; answers how many it filled. Until it
 * has run, such a booking is missing from a name search and may repeat across pages of one day, so
 * `npm run db:indexes` (the deploy's db-indexes Job) runs it. Safe to repeat: it finds none.
 */
export async function fillDerivedBookingFields(batch = 1_000): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await BookingModel.find({ windowRank: { $exists: false } })
      .select({ _id: 1, time: 1, name: 1 })
      .limit(batch)
      .lean();
    if (rows.length === 0) return filled;
    await BookingModel.bulkWrite(
      rows.map((row) => ({
        updateOne: {
          filter: { _id: row._id, windowRank: { $exists: false } },
          // A booking whose window is unknown gets -1: found by the next run no more.
          update: {
            $set: { windowRank: windowRankOf(row.time) ?? -1, nameKeys: nameKeysOf(row.name) },
          },
        },
      })),
      { ordered: false },
    );
    filled += rows.length;
  }
}
