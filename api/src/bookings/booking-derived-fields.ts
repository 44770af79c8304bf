import { nameKeysOf } from '../domain/admin/booking-search';
import { TIME_WINDOW_IDS } from '../domain/booking/catalogue';
import { BookingModel } from './booking-model';

/**
 * Fills `windowRank` and `nameKeys` on bookings written before those fields existed (the
 * model's hooks keep every later write right); answers how many fields it filled. Until it has
 * run, such a booking is missing from a name search and may repeat across pages of one day, so
 * `npm run db:indexes` (the deploy's db-indexes Job) runs it. Safe to repeat: it finds none.
 */
export async function fillDerivedBookingFields(batch = 1_000): Promise<number> {
  let filled = 0;
  // The window's rank: one write on the server per window.
  for (const [rank, time] of TIME_WINDOW_IDS.entries()) {
    const { modifiedCount } = await BookingModel.updateMany(
      { windowRank: { $exists: false }, time },
      { $set: { windowRank: rank } },
    );
    filled += modifiedCount;
  }
  // The words of the name, each booking its own.
  for (;;) {
    const rows = await BookingModel.find({ nameKeys: { $exists: false } })
      .select({ _id: 1, name: 1 })
      .limit(batch)
      .lean();
    if (rows.length === 0) return filled;
    await Promise.all(
      rows.map((row) =>
        BookingModel.updateOne({ _id: row._id }, { $set: { nameKeys: nameKeysOf(row.name) } }),
      ),
    );
    filled += rows.length;
  }
}
