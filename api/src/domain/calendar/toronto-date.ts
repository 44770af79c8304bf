/**
 * Calendar dates as the business sees them: the company works in Toronto, so "today", a booking's
 * day and its time window are all in America/Toronto, whatever the server's or browser's zone.
 * Browser-safe: Intl only.
 */
export const BUSINESS_TIME_ZONE = 'America/Toronto';

const DAY_MS = 24 * 3600 * 1000;

const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** YYYY-MM-DD of `instant` in Toronto. */
export function torontoDate(instant: Date = new Date()): string {
  return dateFormat.format(instant);
}

/** Today's date in Toronto, read at the moment of the call. */
export function todayInToronto(now: Date = new Date()): string {
  return torontoDate(now);
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** `isoDate` moved by `days` calendar days. */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const ms = (iso: string) => {
    const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((ms(to) - ms(from)) / DAY_MS);
}

const longDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** 'Wednesday, November 25, 2026' for '2026-11-25'. */
export function longDate(isoDate: string): string {
  // Noon is the same calendar day in Toronto whatever the daylight-saving offset.
  return longDateFormat.format(torontoTimeToUtc(isoDate, 12));
}

/** 0 (Sunday) to 6 (Saturday) for a YYYY-MM-DD date: a calendar date's weekday has no time zone. */
export function weekdayOf(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

const weekdayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'long',
});

/** 'Wednesday' for '2026-11-25'. */
export function weekdayName(isoDate: string): string {
  return weekdayFormat.format(torontoTimeToUtc(isoDate, 12));
}

const HOUR_MS = 3_600_000;
/** Offsets by UTC hour: Toronto's clocks change on the hour, so an hour has one offset. */
const offsetsByHour = new Map<number, number>();
const OFFSETS_KEPT = 10_000;

/**
 * Toronto's offset from UTC at `instant`, in minutes (-300 in winter, -240 in summer). Asking
 * Intl for it is slow (a calendar email asks several times), so each hour's answer is kept.
 */
function offsetMinutes(instant: number): number {
  const hour = Math.floor(instant / HOUR_MS);
  const known = offsetsByHour.get(hour);
  if (known !== undefined) return known;
  if (offsetsByHour.size >= OFFSETS_KEPT) offsetsByHour.clear();
  const offset = offsetFromIntl(hour * HOUR_MS);
  offsetsByHour.set(hour, offset);
  return offset;
}

function offsetFromIntl(instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((asUtc - instant) / 60_000);
}

/** The instant at which the clocks in Toronto show `hour`:00 on `isoDate`. */
export function torontoTimeToUtc(isoDate: string, hour: number): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const wallClock = Date.UTC(year, month - 1, day, hour);
  // Two passes settle the offset on both sides of a daylight-saving change.
  let instant = wallClock - offsetMinutes(wallClock) * 60_000;
  instant = wallClock - offsetMinutes(instant) * 60_000;
  return new Date(instant);
}
