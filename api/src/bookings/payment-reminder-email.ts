import { formatCad } from '../domain/booking/catalogue';
import { renderEmail } from '../mail/email-layout';
import { greeting, type Reader } from '../accounts/typed-text';
import type { MailMessage } from '../platform/mailer';
import type { Booking } from './booking-model';
import { visitOf } from './booking-emails';

/** The manage page opened to pay, or to cancel: the page shows the one the link asks for. */
export function manageActionUrl(manageUrl: string, action: 'pay' | 'cancel'): string {
  const url = new URL(manageUrl);
  url.searchParams.set('action', action);
  return url.toString();
}

/**
 * "Complete your booking": an unpaid booking, its place held until the hold ends, with Pay now
 * and Cancel. It goes to whatever address the form named, so what was typed reaches it only by
 * the rule of mail/typed-text.ts; the rest is the catalogue's words, the reference and the day
 * we generated or validated.
 */
export function paymentReminderEmail(
  booking: Booking,
  reader: Reader,
  manageUrl: string,
): MailMessage {
  const visit = visitOf(booking);
  const amount = typeof booking.amountCents === 'number' ? formatCad(booking.amountCents) : null;
  return renderEmail({
    to: booking.email,
    subject: `Complete your booking: ${visit.service.title} on ${visit.day} (${booking.reference})`,
    paragraphs: [
      greeting(reader, booking.name),
      `Your ${visit.service.title} visit on ${visit.day}, ${visit.when}, is not booked until it is paid. ` +
        'We are keeping its place for you for a little while longer.',
      'Pay now to confirm it, or cancel it if you changed your mind: the place then goes back to ' +
        'other customers at once.',
      'If you did not ask for this booking, you can ignore this email: it ends by itself.',
    ],
    details: [
      ['Reference', booking.reference],
      ['Service', visit.service.title],
      ['Plan', visit.plan.name],
      ['When', `${visit.day}, ${visit.when}`],
      ...(amount === null ? [] : [['Amount due', amount] as [string, string]]),
    ],
    action: { label: 'Pay now', url: manageActionUrl(manageUrl, 'pay') },
    otherAction: { label: 'Cancel this booking', url: manageActionUrl(manageUrl, 'cancel') },
  });
}
