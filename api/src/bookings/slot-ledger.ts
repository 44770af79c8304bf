import { addDays, daysBetween } from '../domain/calendar/toronto-date';
import { BookingMessages, type Availability } from '../domain/booking/booking-schema';
import { DomainError } from '../domain/domain-error';
import { TIME_WINDOW_IDS, type TimeWindowId } from '../domain/booking/catalogue';
import { windowOpenToBook } from '../domain/booking/same-day';
import { systemClock, type Clock } from '../platform/clock';
import { isDuplicateKeyError } from '../platform/mongo';
import { SlotModel } from './slot-model';
import { BusinessDays } from '../calendar/business-days';

/** When a window stops being offered: SAME_DAY_LEAD_HOURS before it starts, by this clock. */
export interface SameDayRule {
  leadHours: number;
  clock: Clock;
}

/** The widest range one availability request may ask for. */
export const MAX_AVAILABILITY_DAYS = 92;

export class SlotLedger {
  constructor(
    readonly capacity: number,
    private readonly sameDay: SameDayRule = { leadHours: 0, clock: systemClock },
    /** The days the business works (docs/product.md, Decisions: the business calendar). */
    readonly calendar: BusinessDays = new BusinessDays(),
  ) {}

  /** Why `date` is closed (a holiday, an operator's closure), or null on a working day. */
  closedReason(date: string): Promise<string | null> {
    return this.calendar.closedReason(date);
  }

  /** Refuses a closed day with 400 naming it, on the form's `field` (docs/product.md, Decisions). */
  async assertDayOpen(date: string, field = 'date'): Promise<void> {
    const reason = await this.closedReason(date);
    if (reason === null) return;
    const message = BookingMessages.dayClosed(date, reason);
    throw new DomainError('booking.closed_day', message, { fields: { [field]: message } });
  }

  /** Whether customers may still book the window (domain/booking/same-day.ts). */
  isOpen(date: string, time: TimeWindowId): boolean {
    return windowOpenToBook(date, time, this.sameDay.clock.now(), this.sameDay.leadHours);
  }

  /**
   * Takes a place in the window for `bookingId`, atomically: the filter admits the update only
   * while fewer than `capacity` bookings hold it, so the last place is sold once. True when the
   * booking holds a place afterwards (also when it already did).
   */
  async take(date: string, time: TimeWindowId, bookingId: string): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        await SlotModel.updateOne(
          {
            date,
            time,
            holders: { $ne: bookingId },
            [`holders.${this.capacity - 1}`]: { $exists: false },
          },
          { $push: { holders: bookingId } },
          { upsert: true },
        );
        return true;
      } catch (error) {
        // The filter did not match an existing slot, so the upsert tried to insert a second one:
        // the slot is full, already held by this booking, or was created by a racing request.
        if (!isDuplicateKeyError(error)) throw error;
        const slot = await SlotModel.findOne({ date, time }).lean();
        if (slot?.holders.includes(bookingId)) return true;
        if (slot && slot.holders.length >= this.capacity) return false;
      }
    }
    return false;
  }

  /** Gives the booking's place back; giving back a place it does not hold changes nothing. */
  async release(date: string, time: TimeWindowId, bookingId: string): Promise<void> {
    await SlotModel.updateOne({ date, time }, { $pull: { holders: bookingId } });
  }

  /** Places held per window ('date|time') from `from` to `to`, past days included. */
  async taken(from: string, to: string): Promise<Map<string, number>> {
    const slots = await SlotModel.find({ date: { $gte: from, $lte: to } }).lean();
    return new Map(slots.map((slot) => [`${slot.date}|${slot.time}`, slot.holders.length]));
  }

  /**
   * Places left per window for each date from `from` to `to`. A window no longer open to book
   * (days gone by, a window started or starting within the lead time, a day the business is
   * closed) has none, and is listed as closed so the site can say why.
   */
  async remaining(from: string, to: string): Promise<Availability> {
    const [taken, closedDays] = await Promise.all([
      this.taken(from, to),
      this.calendar.closedDays(from, to),
    ]);
    const days: Availability['days'] = [];
    const count = daysBetween(from, to);
    for (let offset = 0; offset <= count; offset += 1) {
      const date = addDays(from, offset);
      const windows = {} as Record<TimeWindowId, number>;
      const closed: TimeWindowId[] = [];
      const closedReason = closedDays.get(date);
      for (const time of TIME_WINDOW_IDS) {
        const left = this.capacity - (taken.get(`${date}|${time}`) ?? 0);
        const open = closedReason === undefined && this.isOpen(date, time);
        if (!open) closed.push(time);
        windows[time] = open ? Math.max(0, left) : 0;
      }
      days.push(
        closedReason === undefined
          ? { date, windows, closed }
          : { date, windows, closed, closedReason },
      );
    }
    return { capacity: this.capacity, days };
  }
}
