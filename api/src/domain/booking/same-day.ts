/**
 * Same-day booking (docs/product.md, Decisions): a time window is open to customers until a lead
 * time before it starts, in Toronto. A window that has started, or starts too soon for a crew to
 * get there, is neither offered nor accepted; nobody pays for a visit we could not make. Shared by
 * the API (availability, booking, moving a visit) and the site. Browser-safe.
 */
import { findTimeWindow, type TimeWindowId } from './catalogue';
import { torontoTimeToUtc } from '../calendar/toronto-date';

const HOUR_MS = 3_600_000;

/** The lead time when the configuration does not say (SAME_DAY_LEAD_HOURS). */
export const DEFAULT_SAME_DAY_LEAD_HOURS = 2;

/**
 * Whether a customer may still book (or move a visit to) `time` on `date` at `now`: its window
 * starts at least `leadHours` later. Days gone by are closed too.
 */
export function windowOpenToBook(
  date: string,
  time: TimeWindowId,
  now: Date,
  leadHours: number,
): boolean {
  const window = findTimeWindow(time);
  if (!window) return false;
  const start = torontoTimeToUtc(date, window.startHour).getTime();
  return start - leadHours * HOUR_MS >= now.getTime();
}
