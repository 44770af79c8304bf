/**
 * An iCalendar file (RFC 5545) for one visit, attached to booking emails so the customer can add
 * it to their calendar in one click, and, once the visit is called off, the cancelling entry
 * (RFC 5546: METHOD:CANCEL, the same UID, a higher SEQUENCE) that takes it out again.
 */
export interface CalendarEvent {
  /** Stable across updates of the same visit: calendars replace the event with the same UID. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** Where the visit is; left out when the reader may not be shown the address typed. */
  location?: string | undefined;
  url?: string;
  /** When this version was written; defaults to now. */
  stamp?: Date;
  /**
   * Revision of the event: a calendar keeps the copy with the higher SEQUENCE, so a moved visit
   * must carry a larger number than the one first sent (which omits it, meaning 0).
   */
  sequence?: number;
  /** Who sends it: a calendar matches a cancel to the event it had by UID and organizer. */
  organizer: { name: string; email: string };
  /**
   * 'cancel' calls the visit off: a calendar that has the event with this UID removes it (or
   * marks it cancelled). It must carry a higher SEQUENCE than any version sent before.
   */
  method?: 'publish' | 'cancel';
  /** A cancel names whom it is for: the customer the visit was booked for. */
  attendee?: string;
}

/** The MIME type of a calendar file: its METHOD must be said in the Content-Type too. */
export function calendarContentType(method: CalendarEvent['method'] = 'publish'): string {
  return `text/calendar; charset=utf-8; method=${method === 'cancel' ? 'CANCEL' : 'PUBLISH'}`;
}

const MAX_LINE_OCTETS = 75;
const CRLF = '\r\n';

/** UTC "form #2" of RFC 5545 section 3.3.5: 20261210T130000Z. */
function utcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

const isControl = (code: number, keepTab: boolean) =>
  (code < 0x20 && !(keepTab && code === 0x09)) || code === 0x7f;

/** `value` without control characters (tabs kept when asked); most values have none. */
function withoutControls(value: string, keepTab: boolean): string {
  let kept = '';
  let from = 0;
  for (let index = 0; index < value.length; index += 1) {
    if (!isControl(value.charCodeAt(index), keepTab)) continue;
    kept += value.slice(from, index);
    from = index + 1;
  }
  return from === 0 ? value : kept + value.slice(from);
}

/** TEXT values (section 3.3.11): control characters other than tab are not allowed at all. */
function escapeText(value: string): string {
  return withoutControls(
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n'),
    true,
  );
}

/** A URI is not escaped like TEXT, but a line break in it would start a property of its own. */
function cleanUri(value: string): string {
  return withoutControls(value, false);
}

/** A quoted parameter value (section 3.2) may hold anything but a double quote and controls. */
function quotedParameter(value: string): string {
  return `"${withoutControls(value, false).replace(/"/g, "'")}"`;
}

/**
 * Folds a content line at 75 octets (section 3.1). Counting UTF-8 bytes, not UTF-16 units, and
 * cutting only between code points keeps 'é' or '—' whole on one side of the fold.
 */
function fold(line: string): string {
  // Most lines are short: counting code point by code point is for those that are not.
  if (Buffer.byteLength(line, 'utf8') <= MAX_LINE_OCTETS) return line;
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      // The leading space of a continuation line counts towards its 75 octets.
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

export function calendarInvite(event: CalendarEvent): string {
  const cancel = event.method === 'cancel';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Home Services//Bookings//EN',
    'CALSCALE:GREGORIAN',
    cancel ? 'METHOD:CANCEL' : 'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcDateTime(event.stamp ?? new Date())}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    ...(event.sequence === undefined ? [] : [`SEQUENCE:${Math.trunc(event.sequence)}`]),
    `ORGANIZER;CN=${quotedParameter(event.organizer.name)}:${cleanUri(`mailto:${event.organizer.email}`)}`,
    ...(cancel && event.attendee !== undefined
      ? [`ATTENDEE;ROLE=REQ-PARTICIPANT:${cleanUri(`mailto:${event.attendee}`)}`]
      : []),
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location === undefined ? [] : [`LOCATION:${escapeText(event.location)}`]),
    ...(event.url === undefined ? [] : [`URL:${cleanUri(event.url)}`]),
    cancel ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join(CRLF) + CRLF;
}
