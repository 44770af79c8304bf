import { BUSINESS_TIME_ZONE } from '../domain/calendar/toronto-date';
import { Company } from '../domain/company';
import { renderEmail } from '../mail/email-layout';
import { headerLine, MAX_SUBJECT_LENGTH } from '../mail/header-line';
import type { MailMessage } from '../platform/mailer';

/**
 * The contact form's emails, as pure functions. What a visitor typed reaches a header only in the
 * business's own notification subject, on one line; everywhere else it stays in the body.
 */

export interface ContactEmailInput {
  reference: string;
  fullName: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  service?: string | undefined;
  receivedAt: Date;
}

/** The message's lines, each a paragraph; blank lines only separate. */
const messageLines = (message: string): string[] =>
  message
    .split(/\r\n|\r|\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');

const receivedFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'full',
  timeStyle: 'short',
});

/** 'Wednesday, November 25, 2026 at 3:04 PM (Toronto time)'. */
const receivedLabel = (receivedAt: Date): string =>
  `${receivedFormat.format(receivedAt).replace(/[\u202F\u00A0]/g, ' ')} (Toronto time)`;

export function contactNotificationEmail(message: ContactEmailInput, inbox: string): MailMessage {
  return renderEmail({
    to: inbox,
    // The sender's address only as Reply-To: validated as an email, and never in the subject.
    replyTo: message.email,
    subject: headerLine(`Contact form: ${message.subject}`, MAX_SUBJECT_LENGTH),
    paragraphs: [
      `New message from the contact form. Reply to this email to answer ${message.fullName}.`,
      'Message:',
      ...messageLines(message.message),
    ],
    details: [
      ['Reference', message.reference],
      ['Received', receivedLabel(message.receivedAt)],
      ['Name', message.fullName],
      ['Email', message.email],
      ['Phone', message.phone === '' ? 'Not given' : message.phone],
      [
        'Service',
        message.service === undefined || message.service === '' ? 'Not specified' : message.service,
      ],
      ['Subject', message.subject],
    ],
  });
}

/**
 * To the sender. The address was typed into a form by anyone: so that nobody can use the form to
 * mail their own words to a stranger, this email repeats none of the message, only our reference.
 */
export function contactAcknowledgementEmail(message: ContactEmailInput): MailMessage {
  return renderEmail({
    to: message.email,
    subject: `We received your message (${message.reference})`,
    paragraphs: [
      'Hello,',
      `Thank you for contacting ${Company.name}. We received your message and will answer within one business day.`,
      `If your request is urgent, call us at ${Company.phone}.`,
    ],
    details: [
      ['Reference', message.reference],
      ['Received', receivedLabel(message.receivedAt)],
    ],
  });
}
