import { TIME_WINDOW_IDS } from '../../../api/src/domain/booking/catalogue';
import { WINDOWS } from '../calendar';
import type mongoose from 'mongoose';
import { objectIdAt, type SeedWorld } from '../world';

const SLOT_KIND = 0x04;

export interface SlotHolders {
  _id: mongoose.Types.ObjectId;
  date: string;
  time: string;
  holders: string[];
  /** When its first holder took a place. */
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The slot ledger (slot-model.ts) as the seed filled it: per window, the ids of the bookings that
 * hold a place there, which are exactly the bookings the schedule gave a place to.
 */
export function slotLedger(world: SeedWorld): SlotHolders[] {
  const { bookings } = world.schedule;
  const byWindow = new Map<number, { ids: string[]; first: number; last: number }>();
  for (let index = 0; index < bookings.count; index += 1) {
    if ((bookings.place[index] ?? -1) < 0) continue;
    const slot = (bookings.day[index] ?? 0) * WINDOWS + (bookings.window[index] ?? 0);
    const createdAt = bookings.createdAt[index] ?? world.now;
    const entry = byWindow.get(slot) ?? { ids: [], first: createdAt, last: createdAt };
    entry.ids.push(world.bookingId(index));
    entry.first = Math.min(entry.first, createdAt);
    entry.last = Math.max(entry.last, createdAt);
    byWindow.set(slot, entry);
  }
  return [...byWindow.entries()]
    .sort(([a], [b]) => a - b)
    .map(([slot, entry]) => ({
      _id: objectIdAt(entry.first, world.seed, SLOT_KIND, slot),
      date: world.calendar.dateOf(Math.floor(slot / WINDOWS)),
      time: TIME_WINDOW_IDS[slot % WINDOWS] ?? 'morning',
      holders: entry.ids,
      createdAt: new Date(entry.first),
      updatedAt: new Date(entry.last),
    }));
}
