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
import { renderEmail } from '../mail/email-layout';
import type { MailMessage } from '../platform/mailer';
import type { Booking } from './booking-model';
import { calendarInvite } from './calendar-invite';

/**
 * The emails a booking sends, as pure functions of the booking: the workers render and send them,
 * and tests read them without a mail server. Subjects carry only values we generated or validated
 * against the catalogue (reference, service title, date); what the customer typed stays in the body.
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

const greeting = (booking: Booking) => `Hello ${booking.name},`;

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

function visitDetails(booking: Booking, visit: Visit): [string, string][] {
  return [
    ['Reference', booking.reference],
    ['Service', visit.service.title],
    ['Plan', visit.plan.name],
    ['Date', visit.day],
    ['Time', visit.when],
    ['Address', booking.address],
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

/** The visit as a calendar file; the UID is the booking's, so a later file replaces this one. */
export function invite(
  booking: Booking,
  visit: Visit,
  manageUrl: string,
  sequence?: number,
): NonNullable<MailMessage['attachments']>[number] {
  const content = calendarInvite({
    uid: `booking-${booking._id}@homeservices`,
    start: torontoTimeToUtc(booking.date, visit.window.startHour),
    end: torontoTimeToUtc(booking.date, visit.window.endHour),
    summary: `${visit.service.title} — ${Company.name}`,
    description: [
      `${visit.plan.name}, ${visit.when}.`,
      `Reference: ${booking.reference}`,
      `Manage your booking: ${manageUrl}`,
      `Questions? Call us at ${Company.phone}.`,
    ].join('\n'),
    location: booking.address,
    url: manageUrl,
    stamp: lastChange(booking),
    sequence,
  });
  return {
    filename: `booking-${booking.reference}.ics`,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content,
  };
}

/**
 * Anyone can ask for an estimate in anyone's name at anyone's address, with no payment, so this
 * email repeats nothing the requester typed (no name, no address): only our own words and the
 * catalogue's. Otherwise the form would mail a stranger's text, links and all, under our name.
 */
export function estimateAcknowledgementEmail(booking: Booking): MailMessage {
  const visit = visitOf(booking);
  return renderEmail({
    to: booking.email,
    subject: `We received your estimate request ${booking.reference}: ${visit.service.title}`,
    paragraphs: [
      'Hello,',
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

/**
 * An operator booked the estimate's site visit, having spoken with the customer: when we come,
 * with a calendar file, and the link to move or cancel it.
 */
export function siteVisitEmail(
  booking: Booking,
  manageUrl: string,
  sequence: number = changeSequence(booking),
): MailMessage {
  const visit = visitOf(booking);
  return renderEmail({
    to: booking.email,
    subject: `Your free ${visit.service.title} site visit: ${visit.day} (${booking.reference})`,
    paragraphs: [
      greeting(booking),
      `We will come to assess your ${visit.service.title} project on ${visit.day}, ${visit.when}, and give you a written estimate.`,
      'The attached calendar file adds the visit to your calendar. To move it or cancel it, use the link below.',
    ],
    details: visitDetails(booking, visit),
    action: { label: 'Manage your site visit', url: manageUrl },
    attachments: [invite(booking, visit, manageUrl, sequence)],
  });
}

export function bookingConfirmationEmail(booking: Booking, manageUrl: string): MailMessage {
  const visit = visitOf(booking);
  const amount = paidAmount(booking, visit.plan);
  return renderEmail({
    to: booking.email,
    subject: `Your ${visit.service.title} booking is confirmed: ${visit.day} (${booking.reference})`,
    paragraphs: [
      greeting(booking),
      `Thank you for your payment. Your ${visit.service.title} visit is booked for ${visit.day}, ${visit.when}.`,
      'The attached calendar file adds the visit to your calendar. To move or cancel it, use the link below.',
    ],
    details: [
      ...visitDetails(booking, visit),
      ...(amount === null ? [] : [['Amount paid', formatCad(amount)] as [string, string]]),
      ...discountLine(booking),
    ],
    action: { label: 'Manage your booking', url: manageUrl },
    attachments: [invite(booking, visit, manageUrl)],
  });
}

export function bookingReminderEmail(booking: Booking, manageUrl: string): MailMessage {
  const visit = visitOf(booking);
  return renderEmail({
    to: booking.email,
    subject: `Reminder: your ${visit.service.title} visit tomorrow`,
    paragraphs: [
      greeting(booking),
      `This is a reminder that our team comes to you tomorrow, ${visit.day}, ${visit.when}, for your ${visit.service.title} visit.`,
      'To see or change your booking, use the link below.',
    ],
    details: visitDetails(booking, visit),
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
    subject: `${kind} ${booking.reference}: ${visit.service.title}, ${booking.date} ${visit.window.label}`,
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
    ],
  });
}

export function bookingCancelledEmail(
  booking: Booking,
  refund: boolean,
  siteUrl: string,
): MailMessage {
  const visit = visitOf(booking);
  const amount = paidAmount(booking, visit.plan);
  const refundText = refund
    ? `A refund${amount === null ? '' : ` of ${formatCad(amount)}`} is on its way to the card you paid with; banks usually take 5 to 10 business days to show it.`
    : 'No refund is due for this booking.';
  return renderEmail({
    to: booking.email,
    subject: `Your ${visit.service.title} booking ${booking.reference} is cancelled`,
    paragraphs: [
      greeting(booking),
      `Your ${visit.service.title} visit on ${visit.day}, ${visit.when}, has been cancelled.`,
      refundText,
      `We hope to see you again. Questions? Reply to this email or call us at ${Company.phone}.`,
    ],
    details: [
      ['Reference', booking.reference],
      ['Service', visit.service.title],
      ['Date', visit.day],
      ['Time', visit.when],
    ],
    action: { label: 'Book another visit', url: `${siteUrl.replace(/\/+$/, '')}/service/service1` },
  });
}

/** The notice of a moved visit, with its calendar file (changeSequence; pass `sequence` to override). */
export function bookingRescheduledEmail(
  booking: Booking,
  manageUrl: string,
  sequence: number = changeSequence(booking),
): MailMessage {
  const visit = visitOf(booking);
  return renderEmail({
    to: booking.email,
    subject: `Your ${visit.service.title} booking ${booking.reference} has moved to ${visit.day}`,
    paragraphs: [
      greeting(booking),
      `Your ${visit.service.title} visit is now on ${visit.day}, ${visit.when}.`,
      'The attached calendar file updates the visit in your calendar. To change it again or cancel it, use the link below.',
    ],
    details: visitDetails(booking, visit),
    action: { label: 'Manage your booking', url: manageUrl },
    attachments: [invite(booking, visit, manageUrl, sequence)],
  });
}
