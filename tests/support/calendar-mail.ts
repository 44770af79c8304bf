import ICAL from 'ical.js';
import type { MailDetail } from '../../api/src/dev-mailbox/mailbox-client';
import { parsedMail } from './mailbox';

/** One calendar file of an email, as a calendar program reads it (ical.js, RFC 5545). */
export interface CalendarEntry {
  fileName: string;
  /** The `method` parameter of the attachment's Content-Type, which must agree with METHOD. */
  contentTypeMethod: string;
  /** The calendar's METHOD: PUBLISH adds or updates the event, CANCEL takes it out. */
  method: string;
  uid: string;
  /** 0 when the file carries none, as RFC 5545 reads a missing SEQUENCE. */
  sequence: number;
  status: string;
  start: Date;
  end: Date;
  summary: string;
  organizer: string;
  attendees: string[];
}

function entryOf(fileName: string, contentTypeMethod: string, text: string): CalendarEntry {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');
  if (events.length !== 1) throw new Error(`${fileName}: ${String(events.length)} events, not 1`);
  const [component] = events;
  if (!component) throw new Error(`${fileName}: no event`);
  const event = new ICAL.Event(component);
  const value = (name: string) => {
    const found = component.getFirstPropertyValue(name);
    return found === null ? '' : String(found);
  };
  return {
    fileName,
    contentTypeMethod,
    method: String(calendar.getFirstPropertyValue('method') ?? ''),
    uid: event.uid,
    // RFC 5545 reads a missing SEQUENCE as 0; ical.js answers null for it.
    sequence: Number(component.getFirstPropertyValue('sequence') ?? 0),
    status: value('status'),
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    summary: event.summary,
    organizer: value('organizer'),
    attendees: component
      .getAllProperties('attendee')
      .map((property) => String(property.getFirstValue())),
  };
}

/**
 * The calendar files an email carries, fetched whole from the SMTP capture (parsedMail) and read
 * by a real iCalendar parser, not by matching text.
 */
export async function calendarEntriesOf(mail: Pick<MailDetail, 'ID'>): Promise<CalendarEntry[]> {
  const parsed = await parsedMail(mail);
  return parsed.attachments
    .filter((file) => file.contentType === 'text/calendar')
    .map((file) => {
      const header = file.headers.get('content-type');
      const params =
        typeof header === 'object' && 'params' in header
          ? header.params
          : ({} as Record<string, string>);
      return entryOf(file.filename ?? '', params.method ?? '', file.content.toString('utf8'));
    });
}
