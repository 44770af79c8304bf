import { timeLabel } from '../domain/booking/booking-schema';
import { BOOKING_STATUS_LABELS } from '../domain/booking/booking-status';
import {
  CUSTOM_ESTIMATE,
  findTimeWindow,
  formatCad,
  PLANS,
  SERVICES,
  type Plan,
  type Service,
  type TimeWindow,
} from '../domain/booking/catalogue';
import { isCalendarDate, longDate, torontoTimeToUtc } from '../domain/calendar/toronto-date';
import { Company } from '../domain/company';
import { invoiceWords, type AttachedInvoice } from '../mail/attached-invoice';
import { renderEmail } from '../mail/email-layout';
import { greeting, typed, typedRows, type Reader } from '../accounts/typed-text';
import type { MailMessage } from '../platform/mailer';
import type { Booking } from './booking-model';
import { calendarContentType, calendarInvite } from './calendar-invite';
import { refundUnderway } from './lifecycle/refund-policy';

/**
 * The emails a booking sends, as pure functions of the booking: the workers render and send them,
 * and tests read them without a mail server. Subjects carry only values we generated or validated
 * against the catalogue (reference, service title, date). What the customer typed reaches the body
 * only through the rule of mail/typed-text.ts: to a reader who proved the address, or the business.
 */

export interface Visit {
  service: Service;
  plan: Plan;
  window: TimeWindow;
  /** 'Wednesday, November 25, 2026'. */
  day: string;
  /** 'Morning (8am-12pm)'. */
  when: string;
}

/**
 * The catalogue entries a booking points to. A booking that names none is a bug upstream: better
 * a failed job than an email with a blank service or a wrong time.
 */
export function visitOf(booking: Booking): Visit {
  const service = SERVICES.find((entry) => entry.id === booking.serviceId);
  const plan = PLANS.find((entry) => entry.id === booking.planId);
  const window = findTimeWindow(booking.time);
  if (!service || !plan || !window || !isCalendarDate(booking.date)) {
    throw new Error(`Booking ${booking.reference} does not match the catalogue`);
  }
  const day = longDate(booking.date);
  return { service, plan, window, day, when: timeLabel(window.id) };
}

/** The plan member's discount, as the receipt shows it. */
function discountLine(booking: Booking): [string, string][] {
  const discount = booking.discount;
  if (!discount) return [];
  return [
    [
      'Discount',
      `Monthly Visit member, ${String(discount.percent)}% off ${formatCad(discount.fullPriceCents)}`,
    ],
  ];
}

const paidAmount = (booking: Booking, plan: Plan): number | null =>
  booking.amountCents ?? plan.amountCents;

function visitDetails(booking: Booking, visit: Visit, reader: Reader): [string, string][] {
  return [
    ['Reference', booking.reference],
    ['Service', visit.service.title],
    ['Plan', visit.plan.name],
    ['Date', visit.day],
    ['Time', visit.when],
    ...typedRows(reader, [['Address', booking.address]]),
  ];
}

function lastChange(booking: Booking): Date | undefined {
  const updatedAt: Date | null | undefined = booking.updatedAt;
  return updatedAt instanceof Date && !Number.isNaN(updatedAt.getTime()) ? updatedAt : undefined;
}

/**
 * A changed visit's calendar file carries SEQUENCE = the booking's updatedAt in Unix seconds (the
 * first file has none, i.e. 0), so each change outranks the one before without storing a
 * counter; it fits a 32-bit integer until 2038.
 */
function changeSequence(booking: Booking): number {
  return Math.floor((lastChange(booking)?.getTime() ?? 1000) / 1000);
}

type Attachment = NonNullable<MailMessage['attachments']>[number];

const organizer = { name: Company.name, email: Company.email };
const calendarUid = (booking: Booking) => `booking-${booking._id}@homeservices`;

/**
 * The visit as a calendar file; the UID is the booking's, so a later file replaces this one. Its
 * place is the address as typed, for a reader who proved theirs; none for anyone else.
 */
export function invite(
  booking: Booking,
  visit: Visit,
  reader: Reader,
  manageUrl: string,
  sequence?: number,
): Attachment {
  const content = calendarInvite({
    uid: calendarUid(booking),
    organizer,
    start: torontoTimeToUtc(booking.date, visit.window.startHour),
    end: torontoTimeToUtc(booking.date, visit.window.endHour),
    summary: `${visit.service.title} — ${Company.name}`,
    description: [
      `${visit.plan.name}, ${visit.when}.`,
      `Reference: ${booking.reference}`,
      `Manage your booking: ${manageUrl}`,
      `Questions? Call us at ${Company.phone}.`,
    ].join('\n'),
    location: typed(reader, booking.address),
    url: manageUrl,
    stamp: lastChange(booking),
    sequence,
  });
  return {
    filename: `booking-${booking.reference}.ics`,
    contentType: calendarContentType('publish'),
    content,
  };
}

/**
 * Whether the customer was ever sent this visit's calendar file: with its confirmation (paid),
 * its month's email (a plan's visit, paid) or its site visit's notice. Only such a visit has an
 * entry in their calendar to take out.
 */
export function calendarWasSent(booking: Pick<Booking, 'history'>): boolean {
  return booking.history.some((entry) => entry.to === 'paid' || entry.to === 'estimate_scheduled');
}

/**
 * The entry that takes a called-off visit out of the customer's calendar: the same UID as every
 * file sent for it, METHOD:CANCEL and a SEQUENCE above any of theirs (changeSequence is the
 * latest change's second; a move in that same second must still be outranked, hence + 1).
 */
export function cancellingInvite(booking: Booking, visit: Visit, reader: Reader): Attachment {
  const content = calendarInvite({
    uid: calendarUid(booking),
    organizer,
    method: 'cancel',
    attendee: booking.email,
    start: torontoTimeToUtc(booking.date, visit.window.startHour),
    end: torontoTimeToUtc(booking.date, visit.window.endHour),
    summary: `${visit.service.title} — ${Company.name}`,
    description: [
      `Called off: ${visit.plan.name}, ${visit.day}, ${visit.when}.`,
      `Reference: ${booking.reference}`,
      `Questions? Call us at ${Company.phone}.`,
    ].join('\n'),
    location: typed(reader, booking.address),
    stamp: lastChange(booking),
    sequence: changeSequence(booking) + 1,
  });
  return {
    filename: `booking-${booking.reference}-cancelled.ics`,
    contentType: calendarContentType('cancel'),
    content,
  };
}

/** A called-off visit's cancelling entry, when it ever had a calendar file; otherwise none. */
export function cancellingInvites(bookings: Booking[], reader: Reader): Attachment[] {
  return bookings
    .filter(calendarWasSent)
    .map((booking) => cancellingInvite(booking, visitOf(booking), reader));
}

/**
 * Anyone can ask for an estimate in anyone's name at anyone's address, with no payment: unless
 * its reader proved the address, this email repeats nothing the requester typed, only our own
 * words and the catalogue's (mail/typed-text.ts).
 */
export function estimateAcknowledgementEmail(booking: Booking, reader: Reader): MailMessage {
  const visit = visitOf(booking);
  return renderEmail({
    to: booking.email,
    subject: `We received your estimate request ${booking.reference}: ${visit.service.title}`,
    paragraphs: [
      greeting(reader, booking.name),
      `Thank you for your Custom Estimate request for ${visit.service.title}. We have received it and will contact you soon to arrange a free on-site assessment.`,
      'If you did not ask for an estimate, ignore this email: nothing else will happen.',
    ],
    details: [
      ['Reference', booking.reference],
      ['Service', visit.service.title],
      ['Preferred date', visit.day],
      ['Preferred time', visit.when],
    ],
  });
}

/** 'free Painting site visit'; a service whose title already says Free is not said twice. */
function siteVisitName(service: Service): string {
  return /\bfree\b/i.test(service.title)
    ? `${service.title} site visit`
    : `free ${service.title} site visit`;
}

/**
 * An operator booked the estimate's site visit, having spoken with the customer: when we come,
 * with a calendar file, and the link to move or cancel it.
 */
export function siteVisitEmail(
  booking: Booking,
  reader: Reader,
  manageUrl: string,
  sequence: number = changeSequence(booking),
): MailMessage {
  const visit = visitOf(booking);
  return renderEmail({
    to: booking.email,
    subject: `Your ${siteVisitName(visit.service)}: ${visit.day} (${booking.reference})`,
    paragraphs: [
      greeting(reader, booking.name),
      `We will come to assess your ${visit.service.title} project on ${visit.day}, ${visit.when}, and give you a written estimate.`,
      'The attached calendar file adds the visit to your calendar. To move it or cancel it, use the link below.',
    ],
    details: visitDetails(booking, visit, reader),
    action: { label: 'Manage your site visit', url: manageUrl },
    attachments: [invite(booking, visit, reader, manageUrl, sequence)],
  });
}

/**
 * A visit of the job an accepted quote became, booked (or moved) by an operator: when the crew
 * comes, with the calendar file; the quote's deposit and balance pay for it, so no amount here.
 */
export function jobVisitEmail(
  booking: Booking,
  reader: Reader,
  manageUrl: string,
  sequence: number = changeSequence(booking),
): MailMessage {
  const visit = visitOf(booking);
  return renderEmail({
    to: booking.email,
    subject: `Your work visit is booked: ${visit.day} (${booking.reference})`,
    paragraphs: [
      greeting(reader, booking.name),
      `Our crew will come to do the work of your accepted quote on ${visit.day}, ${visit.when}.`,
      'The attached calendar file adds the visit to your calendar. To move it, reply to this email or call us.',
    ],
    details: visitDetails(booking, visit, reader),
    action: { label: 'See your visit', url: manageUrl },
    attachments: [invite(booking, visit, reader, manageUrl, sequence)],
  });
}

export function bookingConfirmationEmail(
  booking: Booking,
  reader: Reader,
  manageUrl: string,
  /** The payment's invoice, attached as its PDF. */
  invoice: AttachedInvoice | null = null,
): MailMessage {
  const visit = visitOf(booking);
  const amount = paidAmount(booking, visit.plan);
  const words = invoice ? invoiceWords(invoice) : null;
  return renderEmail({
    to: booking.email,
    subject: `Your ${visit.service.title} booking is confirmed: ${visit.day} (${booking.reference})`,
    paragraphs: [
      greeting(reader, booking.name),
      `Thank you for your payment. Your ${visit.service.title} visit is booked for ${visit.day}, ${visit.when}.`,
      'The attached calendar file adds the visit to your calendar. To move or cancel it, use the link below.',
      ...(words ? [words.paragraph] : []),
    ],
    details: [
      ...visitDetails(booking, visit, reader),
      ...(amount === null ? [] : [['Amount paid', formatCad(amount)] as [string, string]]),
      ...discountLine(booking),
      ...(words ? [words.detail] : []),
    ],
    action: { label: 'Manage your booking', url: manageUrl },
    attachments: [
      invite(booking, visit, reader, manageUrl),
      ...(invoice ? [invoice.attachment] : []),
    ],
  });
}

export function bookingReminderEmail(
  booking: Booking,
  reader: Reader,
  manageUrl: string,
): MailMessage {
  const visit = visitOf(booking);
  return renderEmail({
    to: booking.email,
    subject: `Reminder: your ${visit.service.title} visit tomorrow`,
    paragraphs: [
      greeting(reader, booking.name),
      `This is a reminder that our team comes to you tomorrow, ${visit.day}, ${visit.when}, for your ${visit.service.title} visit.`,
      'To see or change your booking, use the link below.',
    ],
    details: visitDetails(booking, visit, reader),
    action: { label: 'Manage your booking', url: manageUrl },
  });
}

export function businessNotificationEmail(booking: Booking, inbox: string): MailMessage {
  const visit = visitOf(booking);
  const estimate = booking.planId === CUSTOM_ESTIMATE;
  const amount = paidAmount(booking, visit.plan);
  const kind = estimate ? 'New estimate request' : 'New booking';
  return renderEmail({
    to: inbox,
    // The customer's address only as Reply-To: validated as an email, and never in the subject.
    replyTo: booking.email,
    subject: `${kind} ${booking.reference}: ${visit.service.title}, ${visit.day}, ${visit.window.label}`,
    paragraphs: [`${kind} from the website. Reply to this email to write to the customer.`],
    details: [
      ['Reference', booking.reference],
      ['Name', booking.name],
      ['Phone', booking.phone],
      ['Email', booking.email],
      ['Address', booking.address],
      // Where the crew goes, and what the service area was checked against.
      ...(booking.postalCode ? [['Postal code', booking.postalCode] as [string, string]] : []),
      ['Service', visit.service.title],
      ['Plan', visit.plan.name],
      ['Date', `${visit.day} (${booking.date})`],
      ['Time', visit.when],
      ['Amount', estimate || amount === null ? 'Custom Estimate (no payment)' : formatCad(amount)],
      ...discountLine(booking),
      ['Status', BOOKING_STATUS_LABELS[booking.status]],
      ['Photo attached', booking.imageKey ? 'Yes' : 'No'],
      // The customer's words about the job, for the business only (HTML-escaped by the layout).
      ...(booking.details ? [['Project', booking.details] as [string, string]] : []),
    ],
  });
}

/**
 * The visit is off, and what becomes of the money, read from the booking as it is when sent
 * (refundUnderway): a payment that crossed the cancel is told as the refund it became.
 */
export function bookingCancelledEmail(
  booking: Booking,
  reader: Reader,
  siteUrl: string,
): MailMessage {
  const visit = visitOf(booking);
  const amount = paidAmount(booking, visit.plan);
  const refund = `A refund${amount === null ? '' : ` of ${formatCad(amount)}`} is on its way to the card you paid with; banks usually take 5 to 10 business days to show it.`;
  // Never paid before it was cancelled, yet refunded: the payment came after the cancel.
  const paidLate = !booking.history.some((entry) => entry.to === 'paid');
  const refundText = !refundUnderway(booking)
    ? 'No refund is due for this booking.'
    : paidLate
      ? `Your payment reached us after the booking was cancelled, so it goes back to you. ${refund}`
      : refund;
  const calendar = cancellingInvites([booking], reader);
  return renderEmail({
    to: booking.email,
    subject: `Your ${visit.service.title} booking ${booking.reference} is cancelled`,
    paragraphs: [
      greeting(reader, booking.name),
      `Your ${visit.service.title} visit on ${visit.day}, ${visit.when}, has been cancelled.`,
      refundText,
      ...(calendar.length > 0
        ? ['The attached calendar file takes the visit out of your calendar.']
        : []),
      `We hope to see you again. Questions? Reply to this email or call us at ${Company.phone}.`,
    ],
    details: [
      ['Reference', booking.reference],
      ['Service', visit.service.title],
      ['Date', visit.day],
      ['Time', visit.when],
    ],
    action: { label: 'Book another visit', url: `${siteUrl.replace(/\/+$/, '')}/service/service1` },
    ...(calendar.length > 0 ? { attachments: calendar } : {}),
  });
}

/** The notice of a moved visit, with its calendar file (changeSequence; pass `sequence` to override). */
export function bookingRescheduledEmail(
  booking: Booking,
  reader: Reader,
  manageUrl: string,
  sequence: number = changeSequence(booking),
): MailMessage {
  const visit = visitOf(booking);
  return renderEmail({
    to: booking.email,
    subject: `Your ${visit.service.title} booking ${booking.reference} has moved to ${visit.day}`,
    paragraphs: [
      greeting(reader, booking.name),
      ...closureNews(booking),
      `Your ${visit.service.title} visit is now on ${visit.day}, ${visit.when}.`,
      'The attached calendar file updates the visit in your calendar. To change it again or cancel it, use the link below.',
    ],
    details: visitDetails(booking, visit, reader),
    action: { label: 'Manage your booking', url: manageUrl },
    attachments: [invite(booking, visit, reader, manageUrl, sequence)],
  });
}

/**
 * Why a visit moved, when it moved off a day the business closed to the day it was offered (a
 * plan's visit, moved by the plan's rule; a customer who took the offer). Nothing otherwise.
 */
function closureNews(booking: Booking): string[] {
  const closed = booking.closedDay;
  if (!closed || closed.date === booking.date) return [];
  if (closed.offerDate !== booking.date || closed.offerTime !== booking.time) return [];
  return [`We are closed on ${longDate(closed.date)} (${closed.reason}), so your visit has moved.`];
}

/**
 * The business closed the day of a booked visit (an operator's closure): the customer chooses,
 * from the manage page, between the next open day we offer and a cancel with a full refund (a
 * plan's visit with no room left in its week: another day, or a skip).
 */
export function closedDayEmail(booking: Booking, reader: Reader, manageUrl: string): MailMessage {
  const visit = visitOf(booking);
  const closed = booking.closedDay;
  if (!closed) throw new Error(`Booking ${booking.reference} has no closed day to tell of`);
  const offer =
    closed.offerDate && closed.offerTime && findTimeWindow(closed.offerTime)
      ? `${longDate(closed.offerDate)}, ${timeLabel(closed.offerTime)}`
      : null;
  const cancelWords = booking.subscriptionId
    ? 'Or skip this visit: your plan goes on.'
    : booking.status === 'paid'
      ? 'Or cancel it with a full refund, whenever you decide: the 24-hour rule does not apply to a day we closed.'
      : 'Or cancel it: nothing has been charged.';
  return renderEmail({
    to: booking.email,
    subject: `We are closed on ${visit.day}: your ${visit.service.title} visit ${booking.reference}`,
    paragraphs: [
      greeting(reader, booking.name),
      `We are sorry: we are closed on ${visit.day} (${closed.reason}), the day of your ${visit.service.title} visit.`,
      offer
        ? `The next open day we can offer is ${offer}. Open your booking to move your visit there in one click, or to choose another day.`
        : 'Open your booking to choose another day that suits you.',
      cancelWords,
    ],
    details: visitDetails(booking, visit, reader),
    action: { label: offer ? 'Move or cancel your visit' : 'Choose another day', url: manageUrl },
  });
}
