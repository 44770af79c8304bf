import { BUSINESS_TIME_ZONE, torontoTimeToUtc } from '@hs/api/domain/calendar/toronto-date';
import { adminContent as copy } from './admin-content';

/** The business runs on Toronto time, wherever the operator's laptop happens to be. */
const momentFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** Short enough for a table column: 'Wed, Nov 25, 2026'. */
const visitDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/** An instant from the API (ISO 8601), in Toronto time; a dash for none. */
export function formatMoment(iso: string | null): string {
  if (iso === null) return copy.never;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : momentFormat.format(date);
}

/** A visit date (YYYY-MM-DD). */
export function formatVisitDate(isoDate: string): string {
  // Noon is the same calendar day in Toronto whatever the daylight-saving offset.
  return visitDateFormat.format(torontoTimeToUtc(isoDate, 12));
}
