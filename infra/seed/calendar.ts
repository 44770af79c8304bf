import { TIME_WINDOW_IDS, type TimeWindowId } from '../../api/src/domain/booking/catalogue';
import {
  addDays,
  daysBetween,
  torontoTimeToUtc,
  weekdayOf,
} from '../../api/src/domain/calendar/toronto-date';

export const WINDOWS = TIME_WINDOW_IDS.length;

/**
 * The seed's days, from three years ago to some weeks ahead, and the places taken in each time
 * window as the seed hands them out: the slot ledger in memory. Every booking that holds a place
 * takes it here first, never past the capacity, and the ledger's documents are written from it,
 * so the stored ledger and the bookings agree by construction.
 */
export class SeedCalendar {
  readonly days: number;
  /** Index of today among the days. */
  readonly today: number;
  private readonly open: Uint8Array;
  /** Places taken per window (day * WINDOWS + window). */
  readonly taken: Uint16Array;
  /** Places already held when the seed began (a --force run): no crews are assigned there. */
  readonly preheld: Uint16Array;
  /** Each day's midnight in Toronto (epoch ms), computed once: Intl is slow per call. */
  private readonly starts: Float64Array;
  /** Each day's date, and back: the passes ask millions of times. */
  private readonly dates: string[] = [];
  private readonly indexes = new Map<string, number>();
  private readonly weekdays: Uint8Array;

  constructor(
    readonly first: string,
    readonly last: string,
    todayDate: string,
    /** Closed days and why (holidays and operators' closures, as the product reads them). */
    closed: ReadonlyMap<string, string>,
    readonly capacity: number,
    existing: ReadonlyMap<string, number> = new Map(),
  ) {
    this.days = daysBetween(first, last) + 1;
    this.today = daysBetween(first, todayDate);
    this.open = new Uint8Array(this.days);
    this.taken = new Uint16Array(this.days * WINDOWS);
    this.preheld = new Uint16Array(this.days * WINDOWS);
    this.starts = new Float64Array(this.days);
    this.weekdays = new Uint8Array(this.days);
    for (let day = 0; day < this.days; day += 1) {
      const date = addDays(first, day);
      this.dates.push(date);
      this.indexes.set(date, day);
      this.weekdays[day] = weekdayOf(date);
      this.starts[day] = torontoTimeToUtc(date, 0).getTime();
      this.open[day] = closed.has(date) ? 0 : 1;
      TIME_WINDOW_IDS.forEach((time, window) => {
        const held = existing.get(`${date}|${time}`) ?? 0;
        this.taken[day * WINDOWS + window] = held;
        this.preheld[day * WINDOWS + window] = held;
      });
    }
  }

  dateOf(day: number): string {
    return this.dates[day] ?? addDays(this.first, day);
  }

  /** Midnight of `day` in Toronto, epoch ms. */
  dayStart(day: number): number {
    return this.starts[day] ?? torontoTimeToUtc(this.dateOf(day), 0).getTime();
  }

  /** 0 Sunday to 6 Saturday. */
  weekday(day: number): number {
    return this.weekdays[day] ?? weekdayOf(this.dateOf(day));
  }

  dayOf(date: string): number {
    return this.indexes.get(date) ?? daysBetween(this.first, date);
  }

  isOpen(day: number): boolean {
    return day >= 0 && day < this.days && this.open[day] === 1;
  }

  /** The first open day on or after `day` (or before it, at the end of the range); -1 if none. */
  openOnOrAfter(day: number): number {
    for (let probe = Math.max(0, day); probe < this.days; probe += 1) {
      if (this.isOpen(probe)) return probe;
    }
    for (let probe = Math.min(day, this.days - 1); probe >= 0; probe -= 1) {
      if (this.isOpen(probe)) return probe;
    }
    return -1;
  }

  /** Whether a place is left in the window, counting only up to `limit` (a class's share). */
  hasRoom(day: number, window: number, limit = this.capacity): boolean {
    return this.isOpen(day) && (this.taken[day * WINDOWS + window] ?? 0) < limit;
  }

  /** Takes a place; answers which one (0-based), the crew that goes there. */
  take(day: number, window: number): number {
    const slot = day * WINDOWS + window;
    const place = this.taken[slot] ?? 0;
    if (place >= this.capacity || !this.isOpen(day)) {
      throw new Error(`seed bug: window ${String(slot)} is full or closed`);
    }
    this.taken[slot] = place + 1;
    return place;
  }

  /** Crews are assigned only in windows the seed alone fills (crew ids are unique per window). */
  crewAssignable(day: number, window: number): boolean {
    return (this.preheld[day * WINDOWS + window] ?? 0) === 0;
  }

  placesTaken(): number {
    let sum = 0;
    for (const count of this.taken) sum += count;
    let before = 0;
    for (const count of this.preheld) before += count;
    return sum - before;
  }

  placesOffered(): number {
    let open = 0;
    for (const flag of this.open) open += flag;
    return open * WINDOWS * this.capacity;
  }
}

export function windowIndex(time: TimeWindowId): number {
  return TIME_WINDOW_IDS.indexOf(time);
}

export function windowId(window: number): TimeWindowId {
  const time = TIME_WINDOW_IDS[window];
  if (time === undefined) throw new Error(`no window ${String(window)}`);
  return time;
}
