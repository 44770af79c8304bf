import { BUSINESS_TIME_ZONE, torontoTimeToUtc } from '@hs/api/domain/calendar/toronto-date';

/** Short enough for seven columns side by side: 'Tue, May 14'. */
const weekdayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});

/** A day of the week shown, without the year its caption already gives. */
export function formatWeekday(isoDate: string): string {
  // Noon is the same calendar day in Toronto whatever the daylight-saving offset.
  return weekdayFormat.format(torontoTimeToUtc(isoDate, 12));
}
