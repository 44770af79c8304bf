import { visitOf } from '../bookings/booking-emails';
import type { BookingDocument } from '../bookings/booking-model';
import { Company } from '../domain/company';
import { REVIEW_LIMITS } from '../domain/review/review-messages';
import { renderEmail } from '../mail/email-layout';
import { greeting, type Reader } from '../accounts/typed-text';
import type { MailMessage } from '../platform/mailer';

/**
 * The morning after a visit was done: thanks, and the signed link to review it. A pure function of
 * the booking, like the booking emails; the subject carries only the catalogue's service title.
 */
export function reviewRequestEmail(
  booking: BookingDocument,
  reader: Reader,
  reviewUrl: string,
): MailMessage {
  const visit = visitOf(booking);
  return renderEmail({
    to: booking.email,
    subject: `Thank you for choosing ${Company.name}: how was your ${visit.service.title} visit?`,
    paragraphs: [
      greeting(reader, booking.name),
      `Thank you for having us for your ${visit.service.title} visit on ${visit.day}. We hope everything is just as you wanted it.`,
      'Would you tell us how it went? Rate the visit from 1 to 5 stars and add a few words: it takes a minute, and no account is needed.',
      `The link below works for ${String(REVIEW_LIMITS.linkDays)} days and for one review of this visit.`,
    ],
    details: [
      ['Reference', booking.reference],
      ['Service', visit.service.title],
      ['Date', visit.day],
    ],
    action: { label: 'Review your visit', url: reviewUrl },
  });
}
