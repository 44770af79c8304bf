import { describe, expect, it } from 'vitest';
import {
  bookingCancelledEmail,
  bookingConfirmationEmail,
  bookingReminderEmail,
  bookingRescheduledEmail,
  businessNotificationEmail,
  estimateAcknowledgementEmail,
} from '../src/bookings/booking-emails';
import { BookingModel, type BookingDocument } from '../src/bookings/booking-model';
import { calendarInvite } from '../src/bookings/calendar-invite';
import { renderEmail } from '../src/mail/email-layout';
import { mailMessageSchema, type MailMessage } from '../src/platform/mailer';

const MANAGE_URL = 'https://homeservices.example/bookings/manage?t=abc123_-XYZ';
const INBOX = 'bookings@homeservices.example';

function booking(overrides: Record<string, unknown> = {}): BookingDocument {
  return new BookingModel({
    reference: 'HS-7K3F9Q',
    name: 'Maya Singh',
    phone: '416-555-0199',
    email: 'maya@example.com',
    address: '12 Rosedale Ave, Toronto, ON',
    postalCode: 'M4W 1P8',
    serviceId: 'painting',
    planId: 'one-time',
    date: '2026-11-25',
    time: 'morning',
    amountCents: 14_900,
    status: 'paid',
    ...overrides,
  });
}

const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');

/** The event's properties by name, values as written (still escaped). */
function properties(ics: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of unfold(ics).split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) found.set(line.slice(0, colon), line.slice(colon + 1));
  }
  return found;
}

const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, char: string) => (char.toLowerCase() === 'n' ? '\n' : char));

function attachmentOf(message: MailMessage): string {
  const [attachment] = message.attachments ?? [];
  if (!attachment) throw new Error('the message has no attachment');
  return attachment.content;
}

const event = {
  uid: 'booking-1@homeservices',
  start: new Date('2026-12-10T13:00:00Z'),
  end: new Date('2026-12-10T17:00:00Z'),
  summary: 'Painting — Home Services',
  description: 'A visit',
  location: '1 Main St',
  stamp: new Date('2026-11-01T10:20:30.456Z'),
  organizer: { name: 'Home Services', email: 'hello@homeservices.ca' },
};

describe('calendarInvite', () => {
  it('writes one confirmed event in a VCALENDAR with CRLF line endings', () => {
    const ics = calendarInvite({ ...event, url: MANAGE_URL });
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const props = properties(ics);
    expect(props.get('PRODID')).toBe('-//Home Services//Bookings//EN');
    expect(props.get('CALSCALE')).toBe('GREGORIAN');
    expect(props.get('METHOD')).toBe('PUBLISH');
    expect(props.get('UID')).toBe('booking-1@homeservices');
    expect(props.get('DTSTAMP')).toBe('20261101T102030Z');
    expect(props.get('DTSTART')).toBe('20261210T130000Z');
    expect(props.get('DTEND')).toBe('20261210T170000Z');
    expect(props.get('STATUS')).toBe('CONFIRMED');
    expect(props.get('URL')).toBe(MANAGE_URL);
    expect(props.has('SEQUENCE')).toBe(false);
    expect(props.get('ORGANIZER;CN="Home Services"')).toBe('mailto:hello@homeservices.ca');
    expect(props.has('ATTENDEE;ROLE=REQ-PARTICIPANT')).toBe(false);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('writes the cancelling entry: METHOD:CANCEL, STATUS:CANCELLED and whom it is for', () => {
    const props = properties(
      calendarInvite({ ...event, method: 'cancel', sequence: 9, attendee: 'maya@example.com' }),
    );
    expect(props.get('METHOD')).toBe('CANCEL');
    expect(props.get('STATUS')).toBe('CANCELLED');
    expect(props.get('SEQUENCE')).toBe('9');
    expect(props.get('UID')).toBe('booking-1@homeservices');
    expect(props.get('ATTENDEE;ROLE=REQ-PARTICIPANT')).toBe('mailto:maya@example.com');
  });

  it('leaves out URL when none is given', () => {
    expect(properties(calendarInvite(event)).has('URL')).toBe(false);
  });

  it('escapes backslashes, semicolons, commas and line breaks in text', () => {
    const tricky = 'a\\b;c,d\ne\r\nf\rg';
    const ics = calendarInvite({
      ...event,
      summary: tricky,
      location: tricky,
      description: tricky,
    });
    const props = properties(ics);
    expect(props.get('SUMMARY')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(unescapeText(props.get('LOCATION') ?? '')).toBe('a\\b;c,d\ne\nf\ng');
    // No line break of the input survives as a line of its own.
    expect(ics).not.toMatch(/^e/m);
  });

  it('cannot be given a property of its own through a value', () => {
    const ics = calendarInvite({
      ...event,
      summary: 'x\r\nATTENDEE:mailto:evil@example.com',
      url: 'https://example.com/\r\nATTACH:https://evil.example',
    });
    expect(
      unfold(ics)
        .split('\r\n')
        .some((line) => /^(ATTENDEE|ATTACH)/.test(line)),
    ).toBe(false);
  });

  it('folds lines at 75 octets without splitting a multi-byte character', () => {
    const description = `Entrée — ${'Façade peinte, côté jardin — prévoir l’accès 🏡. '.repeat(12)}`;
    const ics = calendarInvite({ ...event, description, location: 'é'.repeat(100) });
    const bytes = Buffer.from(ics, 'utf8');
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const physical: Buffer[] = [];
    let start = 0;
    for (let index = bytes.indexOf('\r\n'); index !== -1; index = bytes.indexOf('\r\n', start)) {
      physical.push(bytes.subarray(start, index));
      start = index + 2;
    }
    expect(start).toBe(bytes.length);
    expect(physical.length).toBeGreaterThan(20);
    for (const line of physical) {
      expect(line.length).toBeLessThanOrEqual(75);
      // Each physical line decodes on its own: no character was cut in two.
      expect(() => decoder.decode(line)).not.toThrow();
    }
    const folded = physical.filter((line) => line[0] === 0x20);
    expect(folded.length).toBeGreaterThan(5);
    const props = properties(ics);
    expect(unescapeText(props.get('DESCRIPTION') ?? '')).toBe(description);
    expect(props.get('LOCATION')).toBe('é'.repeat(100));
  });

  it('drops control characters from values, keeping tabs in text and none in a URI', () => {
    const props = properties(
      calendarInvite({
        ...event,
        summary: '\u0007Deep\tclean\u001f',
        location: '\u0000 12 Rosedale\u007f Ave',
        url: 'https://example.com/\tmanage\u0001',
      }),
    );
    expect(props.get('SUMMARY')).toBe('Deep\tclean');
    expect(props.get('LOCATION')).toBe(' 12 Rosedale Ave');
    expect(props.get('URL')).toBe('https://example.com/manage');
    // A line short enough to leave unfolded is written as it is.
    expect(calendarInvite(event).split('\r\n')).toContain('UID:booking-1@homeservices');
  });

  it('writes SEQUENCE when given one', () => {
    expect(properties(calendarInvite({ ...event, sequence: 7 })).get('SEQUENCE')).toBe('7');
  });
});

describe('booking calendar files', () => {
  it('puts a winter morning at 8am-12pm Toronto time (UTC-5)', () => {
    const ics = attachmentOf(
      bookingConfirmationEmail(booking({ date: '2026-12-10' }), 'proven', MANAGE_URL),
    );
    const props = properties(ics);
    expect(props.get('DTSTART')).toBe('20261210T130000Z');
    expect(props.get('DTEND')).toBe('20261210T170000Z');
  });

  it('puts a summer evening at 4pm-8pm Toronto time (UTC-4), ending the next day in UTC', () => {
    const ics = attachmentOf(
      bookingConfirmationEmail(
        booking({ date: '2027-07-10', time: 'evening' }),
        'proven',
        MANAGE_URL,
      ),
    );
    const props = properties(ics);
    expect(props.get('DTSTART')).toBe('20270710T200000Z');
    expect(props.get('DTEND')).toBe('20270711T000000Z');
  });

  it('names the visit, its place and its manage link', () => {
    const visit = booking();
    const props = properties(attachmentOf(bookingConfirmationEmail(visit, 'proven', MANAGE_URL)));
    expect(props.get('UID')).toBe(`booking-${String(visit.id)}@homeservices`);
    expect(props.get('SUMMARY')).toBe('Painting — Home Services');
    expect(unescapeText(props.get('LOCATION') ?? '')).toBe('12 Rosedale Ave, Toronto, ON');
    expect(props.get('URL')).toBe(MANAGE_URL);
    const description = unescapeText(props.get('DESCRIPTION') ?? '');
    expect(description).toContain('HS-7K3F9Q');
    expect(description).toContain(MANAGE_URL);
  });

  it('sends a moved visit with the same UID and a higher SEQUENCE', () => {
    const visit = booking();
    const first = properties(attachmentOf(bookingConfirmationEmail(visit, 'proven', MANAGE_URL)));
    visit.set({ date: '2026-12-02', time: 'afternoon' });
    visit.set('updatedAt', new Date('2026-11-20T15:00:00Z'));
    const moved = bookingRescheduledEmail(visit, 'proven', MANAGE_URL);
    const props = properties(attachmentOf(moved));
    expect(props.get('UID')).toBe(first.get('UID'));
    expect(Number(props.get('SEQUENCE'))).toBe(Date.parse('2026-11-20T15:00:00Z') / 1000);
    expect(Number(props.get('SEQUENCE'))).toBeGreaterThan(Number(first.get('SEQUENCE') ?? 0));
    expect(props.get('DTSTAMP')).toBe('20261120T150000Z');
    expect(props.get('DTSTART')).toBe('20261202T170000Z');
    expect(props.get('DTEND')).toBe('20261202T210000Z');
    expect(
      properties(attachmentOf(bookingRescheduledEmail(visit, 'proven', MANAGE_URL, 3))).get(
        'SEQUENCE',
      ),
    ).toBe('3');
  });

  it('takes a called-off visit out with the same UID and a SEQUENCE above its last change', () => {
    const visit = booking({
      status: 'cancelled',
      history: [
        { from: null, to: 'pending_payment', by: 'customer', at: new Date() },
        { from: 'pending_payment', to: 'paid', by: 'evt', at: new Date() },
        { from: 'paid', to: 'cancelled', by: 'customer', at: new Date() },
      ],
    });
    visit.set('updatedAt', new Date('2026-11-20T15:00:00Z'));
    const message = bookingCancelledEmail(visit, 'proven', 'https://hs.example');
    expect(message.attachments?.map((file) => file.contentType)).toEqual([
      'text/calendar; charset=utf-8; method=CANCEL',
    ]);
    const props = properties(attachmentOf(message));
    expect(props.get('UID')).toBe(`booking-${String(visit.id)}@homeservices`);
    expect(Number(props.get('SEQUENCE'))).toBe(Date.parse('2026-11-20T15:00:00Z') / 1000 + 1);
    // Never confirmed, never in a calendar: nothing to take out.
    const unpaid = booking({ status: 'cancelled', history: [] });
    expect(
      bookingCancelledEmail(unpaid, 'proven', 'https://hs.example').attachments,
    ).toBeUndefined();
  });
});

describe('booking emails', () => {
  it('confirms a paid booking with every detail, the manage link and the calendar file', () => {
    const message = mailMessageSchema.parse(
      bookingConfirmationEmail(booking(), 'proven', MANAGE_URL),
    );
    expect(message.to).toBe('maya@example.com');
    expect(message.subject).toContain('Painting');
    expect(message.subject).toContain('HS-7K3F9Q');
    for (const body of [message.text, message.html ?? '']) {
      expect(body).toContain('Painting');
      expect(body).toContain('One-time Visit');
      expect(body).toContain('Wednesday, November 25, 2026');
      expect(body).toContain('Morning (8am-12pm)');
      expect(body).toContain('$149');
      expect(body).toContain('HS-7K3F9Q');
      expect(body).toContain('Manage your booking');
    }
    expect(message.text).toContain('12 Rosedale Ave, Toronto, ON');
    expect(message.text).toContain(`Manage your booking: ${MANAGE_URL}`);
    expect(message.text).toContain('Amount paid: $149');
    expect(message.html).toContain(`href="${MANAGE_URL}"`);
    expect(message.attachments).toEqual([
      {
        filename: 'booking-HS-7K3F9Q.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: expect.stringContaining('BEGIN:VCALENDAR') as unknown,
      },
    ]);
  });

  it('acknowledges a Custom Estimate request', () => {
    const message = mailMessageSchema.parse(
      estimateAcknowledgementEmail(
        booking({
          serviceId: 'construction-estimate',
          planId: 'custom-estimate',
          amountCents: null,
          status: 'estimate_requested',
          time: 'afternoon',
        }),
        'proven',
      ),
    );
    expect(message.to).toBe('maya@example.com');
    expect(message.subject).toContain('HS-7K3F9Q');
    expect(message.text).toContain('Custom Estimate request for Free Construction Estimate');
    expect(message.text).toContain('Wednesday, November 25, 2026');
    expect(message.text).toContain('Afternoon (12pm-4pm)');
    expect(message.text).toContain('contact you soon');
    expect(message.attachments).toBeUndefined();
  });

  it('reminds the customer the day before', () => {
    const message = mailMessageSchema.parse(bookingReminderEmail(booking(), 'proven', MANAGE_URL));
    expect(message.subject).toBe('Reminder: your Painting visit tomorrow');
    expect(message.text).toContain('Wednesday, November 25, 2026');
    expect(message.text).toContain('Morning (8am-12pm)');
    expect(message.text).toContain('12 Rosedale Ave, Toronto, ON');
    expect(message.text).toContain('HS-7K3F9Q');
    expect(message.text).toContain(MANAGE_URL);
  });

  it('tells the business everything, with Reply-To set to the customer', () => {
    const message = mailMessageSchema.parse(
      businessNotificationEmail(booking({ imageKey: 'bookings/abc.jpg' }), INBOX),
    );
    expect(message.to).toBe(INBOX);
    expect(message.replyTo).toBe('maya@example.com');
    expect(message.subject).toBe(
      'New booking HS-7K3F9Q: Painting, Wednesday, November 25, 2026, Morning',
    );
    for (const line of [
      'Name: Maya Singh',
      'Phone: 416-555-0199',
      'Email: maya@example.com',
      'Address: 12 Rosedale Ave, Toronto, ON',
      'Postal code: M4W 1P8',
      'Service: Painting',
      'Plan: One-time Visit',
      'Time: Morning (8am-12pm)',
      'Amount: $149',
      'Status: Paid',
      'Photo attached: Yes',
    ]) {
      expect(message.text).toContain(line);
    }
    expect(message.text).toContain('Wednesday, November 25, 2026');
  });

  it('tells the business about an estimate request without a payment', () => {
    const message = mailMessageSchema.parse(
      businessNotificationEmail(
        booking({
          serviceId: 'specialized-carpentry',
          planId: 'custom-estimate',
          amountCents: null,
          status: 'estimate_requested',
          time: 'evening',
          details: 'Built-in shelves <b>oak</b>, two alcoves.',
        }),
        INBOX,
      ),
    );
    expect(message.subject).toBe(
      'New estimate request HS-7K3F9Q: Specialized Carpentry, Wednesday, November 25, 2026, Evening',
    );
    // The project as written, for the business; in the HTML as text, never as markup.
    expect(message.text).toContain('Project: Built-in shelves <b>oak</b>, two alcoves.');
    expect(message.html).toContain('Built-in shelves &lt;b&gt;oak&lt;/b&gt;, two alcoves.');
    expect(message.text).toContain('Amount: Custom Estimate (no payment)');
    expect(message.text).toContain('Status: Estimate requested');
    expect(message.text).toContain('Photo attached: No');
  });

  it('says whether a cancelled booking is refunded, as the booking stands when sent', () => {
    const cancelled = (payment: Record<string, unknown>, history?: unknown[]) =>
      mailMessageSchema.parse(
        bookingCancelledEmail(
          booking({
            status: 'cancelled',
            payment,
            history: history ?? [
              { from: null, to: 'pending_payment', by: 'customer', at: new Date() },
              { from: 'pending_payment', to: 'paid', by: 'evt', at: new Date() },
              { from: 'paid', to: 'cancelled', by: 'customer', at: new Date() },
            ],
          }),
          'proven',
          'https://hs.example/',
        ),
      );
    const refunded = cancelled({ refundRequestedAt: new Date() });
    expect(refunded.subject).toContain('HS-7K3F9Q');
    expect(refunded.text).toContain('refund of $149 is on its way');
    expect(refunded.text).not.toContain('after the booking was cancelled');
    expect(refunded.text).toContain('https://hs.example/service/service1');
    const kept = cancelled({});
    expect(kept.text).not.toContain('on its way');
    expect(kept.text).toContain('No refund');
    // Cancelled unpaid, then a payment that crossed the cancel, given back.
    const paidLate = cancelled({ refundRequestedAt: new Date() }, [
      { from: null, to: 'pending_payment', by: 'customer', at: new Date() },
      { from: 'pending_payment', to: 'cancelled', by: 'customer', at: new Date() },
    ]);
    expect(paidLate.text).toContain(
      'Your payment reached us after the booking was cancelled, so it goes back to you. A refund of $149 is on its way',
    );
  });

  it('announces a moved booking with its new date and window', () => {
    const message = mailMessageSchema.parse(
      bookingRescheduledEmail(
        booking({ date: '2026-12-02', time: 'evening' }),
        'proven',
        MANAGE_URL,
      ),
    );
    expect(message.subject).toContain('Wednesday, December 2, 2026');
    expect(message.text).toContain('Evening (4pm-8pm)');
    expect(message.text).toContain(MANAGE_URL);
    expect(message.attachments?.[0]?.filename).toBe('booking-HS-7K3F9Q.ics');
  });

  it('escapes what the customer typed in HTML and keeps it out of subjects', () => {
    const hostile = booking({
      name: '<script>alert("x")</script>',
      address: '1 "Main" St & <b>Co</b>',
      imageKey: '',
    });
    const messages = [
      estimateAcknowledgementEmail(hostile, 'proven'),
      bookingConfirmationEmail(hostile, 'proven', MANAGE_URL),
      bookingReminderEmail(hostile, 'proven', MANAGE_URL),
      businessNotificationEmail(hostile, INBOX),
      bookingCancelledEmail(hostile, 'proven', 'https://hs.example'),
      bookingRescheduledEmail(hostile, 'proven', MANAGE_URL),
    ];
    for (const message of messages) {
      mailMessageSchema.parse(message);
      expect(message.html).not.toContain('<script>');
      expect(message.html).not.toContain('<b>Co</b>');
      expect(message.subject).not.toContain('script');
      expect(message.subject).not.toContain('Main');
    }
    expect(messages[1]?.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(messages[1]?.html).toContain('1 &quot;Main&quot; St &amp; &lt;b&gt;Co&lt;/b&gt;');
    expect(messages[1]?.text).toContain('<script>alert("x")</script>');
  });

  it('refuses a booking the catalogue does not know', () => {
    const unknown = booking();
    unknown.set('time', 'midnight');
    expect(() => bookingReminderEmail(unknown, 'proven', MANAGE_URL)).toThrow(/HS-7K3F9Q/);
  });
});

describe('renderEmail', () => {
  it('lets a long link wrap instead of running past the edge of the email', () => {
    const longUrl = `https://homeservices.example/bookings/manage?t=${'aB3_-x9Kq'.repeat(24)}`;
    const html = bookingConfirmationEmail(booking(), 'proven', longUrl).html ?? '';
    // Where the URL shows as text, it is a link whose style lets it break between any letters.
    const shown = [...html.matchAll(/<a\b([^>]*)>([^<]*)<\/a>/g)].filter(
      ([, , text]) => text === longUrl,
    );
    expect(shown).toHaveLength(1);
    const attributes = shown[0]?.[1] ?? '';
    expect(attributes).toContain(`href="${longUrl}"`);
    expect(attributes).toMatch(/style="[^"]*word-break:break-all/);
    expect(attributes).toMatch(/style="[^"]*overflow-wrap:anywhere/);
    // And nowhere else as text, where it would not wrap.
    const text = html.replace(/<[^>]*>/g, ' ');
    expect(text.split(longUrl)).toHaveLength(2);
  });

  it('adds no details, Reply-To or attachments unless given', () => {
    const message = renderEmail({ to: 'a@example.com', subject: 'Hi', paragraphs: ['Hello'] });
    expect(message).not.toHaveProperty('replyTo');
    expect(message).not.toHaveProperty('attachments');
    expect(message.html).not.toContain('<table');
    expect(message.text.startsWith('Hello\n\n--\n\n')).toBe(true);
  });
});
