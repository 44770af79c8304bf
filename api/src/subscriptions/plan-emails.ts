import { invoiceWords, type AttachedInvoice } from '../mail/attached-invoice';
import { calendarWasSent, cancellingInvites, invite, visitOf } from '../bookings/booking-emails';
import type { Booking, BookingDocument } from '../bookings/booking-model';
import { formatCad, PLAN_MEMBER_DISCOUNT_PERCENT } from '../domain/booking/catalogue';
import { BUSINESS_TIME_ZONE, longDate, torontoDate } from '../domain/calendar/toronto-date';
import { Company } from '../domain/company';
import { PlanMessages } from '../domain/subscription/plan-messages';
import type { MonthlyPlanView, PlanStanding } from '../domain/subscription/plan-standing';
import { VISITS_PER_PERIOD } from '../domain/subscription/visit-schedule';
import { renderEmail } from '../mail/email-layout';
import { greeting, typedRows, type Reader } from '../accounts/typed-text';
import type { MailMessage } from '../platform/mailer';
import { whatComesNext } from '../domain/subscription/plan-next-visit';
import { standingOf } from './plan-view';
import type { SubscriptionDocument } from './subscription-model';

/**
 * The emails of a Monthly Visit plan, as pure functions of the plan and its visits (the workers
 * send them). Like the booking emails, subjects carry only what we generated or validated, and
 * what the customer typed reaches the body only by the rule of mail/typed-text.ts.
 */

const serviceOf = (visits: BookingDocument[], plan: SubscriptionDocument) =>
  visits[0] ? visitOf(visits[0]).service.title : plan.serviceId;

const visitLine = (visit: Booking) => {
  const { day, when } = visitOf(visit);
  return `${day}, ${when}`;
};

/** '3:00 PM', Toronto time: a hold's end, said as people say it. */
const clockTime = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
const momentOf = (instant: Date) =>
  `${longDate(torontoDate(instant))} at ${clockTime.format(instant)} (Toronto time)`;

/** Where the plan stands, as a summary's rows: the renewal, the paused month, the end. */
function standingDetails(standing: PlanStanding): [string, string][] {
  return [
    ...(standing.pausedFrom === null
      ? []
      : [['Paused', PlanMessages.pausedMonth(standing.pausedFrom)] as [string, string]]),
    ...(standing.renewsOn === null
      ? []
      : [['Renews on', longDate(standing.renewsOn)] as [string, string]]),
    ...(standing.kind === 'ending' && standing.endsOn !== null
      ? [['Ends on', longDate(standing.endsOn)] as [string, string]]
      : []),
  ];
}

/**
 * A period's visits, once its invoice is paid: the first month's confirmation, then each
 * renewal's. One calendar file per visit; a visit whose place went while the payment was late
 * is named, as is one no window of its week could take.
 */
export function planPeriodEmail(
  plan: SubscriptionDocument,
  reader: Reader,
  periodIndex: number,
  visits: BookingDocument[],
  manageUrl: string,
  /** The period's invoice, attached as its PDF. */
  invoice: AttachedInvoice | null = null,
): MailMessage {
  const booked = visits.filter((visit) => visit.status === 'paid');
  const lost = visits.filter(
    (visit) => visit.status === 'cancelled' && visit.cancelReason === 'unpaid',
  );
  const unplaced = VISITS_PER_PERIOD - visits.length;
  const service = serviceOf(visits, plan);
  const first = booked[0];
  const paragraphs = [
    greeting(reader, plan.name),
    periodIndex === 0
      ? `Thank you for subscribing to the Monthly Visit plan for ${service}. Your first ${String(VISITS_PER_PERIOD)} visits are booked:`
      : `Your Monthly Visit plan for ${service} has renewed. This month's visits are booked:`,
    ...booked.map(visitLine),
  ];
  if (lost.length > 0) {
    paragraphs.push(
      `Because the payment came late, these windows were given to other customers and are no longer yours: ${lost.map(visitLine).join('; ')}. Use the link below to choose another window, or call us at ${Company.phone}.`,
    );
  }
  if (unplaced > 0) {
    paragraphs.push(
      `Every window of one week was already full, so ${String(unplaced)} visit${unplaced === 1 ? ' is' : 's are'} not scheduled yet: we will call you to arrange ${unplaced === 1 ? 'it' : 'them'}.`,
    );
  }
  paragraphs.push(
    'The attached calendar files add the visits to your calendar. To skip or move a visit, pause or cancel the plan, use the link below.',
  );
  const words = invoice ? invoiceWords(invoice) : null;
  if (words) paragraphs.push(words.paragraph);
  return renderEmail({
    to: plan.email,
    subject: first
      ? `Your Monthly Visit plan: ${String(booked.length)} visits from ${visitOf(first).day} (${plan.reference})`
      : `Your Monthly Visit plan ${plan.reference}`,
    paragraphs,
    details: [
      ['Reference', plan.reference],
      ['Service', service],
      ['Plan', `Monthly Visit, ${formatCad(plan.amountCents)} a month`],
      ...typedRows(reader, [['Address', plan.address]]),
      ...(words ? [words.detail] : []),
    ],
    action: { label: 'Manage your plan', url: manageUrl },
    attachments: [
      ...booked.map((visit) => invite(visit, visitOf(visit), reader, manageUrl)),
      ...(invoice ? [invoice.attachment] : []),
    ],
  });
}

/** A renewal was refused: a link to update the card, and until when the visits are kept. */
export function planPaymentFailedEmail(
  plan: SubscriptionDocument,
  reader: Reader,
  visits: BookingDocument[],
  billingUrl: string,
): MailMessage {
  const held = visits.filter((visit) => visit.status === 'pending_payment' && visit.holdUntil);
  const until = held[0]?.holdUntil;
  const paragraphs = [
    greeting(reader, plan.name),
    `We could not take this month's payment of ${formatCad(plan.amountCents)} for your Monthly Visit plan. Please update your card with the link below; we will try the payment again.`,
  ];
  if (until) {
    paragraphs.push(
      `We are keeping your next visits until ${momentOf(until)}: ${held.map(visitLine).join('; ')}. After that, their windows go back on sale; once you pay, we restore those still free.`,
    );
  }
  paragraphs.push(`Questions? Reply to this email or call us at ${Company.phone}.`);
  return renderEmail({
    to: plan.email,
    subject: `Action needed: your Monthly Visit payment did not go through (${plan.reference})`,
    paragraphs,
    details: [
      ['Reference', plan.reference],
      ['Amount due', formatCad(plan.amountCents)],
    ],
    action: { label: 'Update your card', url: billingUrl },
  });
}

const END_REASONS: Record<string, string> = {
  payment: 'we could not take the payment after several tries',
  'period end': 'you asked to cancel it at the end of the period',
  operator: 'our team cancelled it',
  customer: 'you cancelled it before its first payment',
  provider: 'it was cancelled',
};

/**
 * The plan has ended, and why; no visit comes after what was paid for. `calledOff` are its visits
 * the end called off (an operator's cancel calls off those still to come): each that was in the
 * customer's calendar gets the entry that takes it out.
 */
export function planEndedEmail(
  plan: SubscriptionDocument,
  reader: Reader,
  siteUrl: string,
  calledOff: Booking[] = [],
): MailMessage {
  const why = END_REASONS[plan.endReason ?? 'provider'] ?? END_REASONS.provider;
  const ended = plan.endedAt ? longDate(torontoDate(plan.endedAt)) : 'today';
  const inCalendar = calledOff.filter(calendarWasSent);
  const calendar = cancellingInvites(inCalendar, reader);
  const paragraphs = [
    greeting(reader, plan.name),
    `Your Monthly Visit plan ended on ${ended}: ${why ?? ''}. No further payments will be taken and no further visits are scheduled.`,
  ];
  if (inCalendar.length > 0) {
    paragraphs.push(
      `These visits are called off: ${inCalendar.map(visitLine).join('; ')}. The attached calendar ${inCalendar.length === 1 ? 'file takes it' : 'files take them'} out of your calendar.`,
    );
  }
  paragraphs.push(
    `We hope to see you again. Questions? Reply to this email or call us at ${Company.phone}.`,
  );
  return renderEmail({
    to: plan.email,
    subject: `Your Monthly Visit plan ${plan.reference} has ended`,
    paragraphs,
    details: [['Reference', plan.reference]],
    action: { label: 'Book a visit', url: `${siteUrl.replace(/\/+$/, '')}/service/service1` },
    ...(calendar.length > 0 ? { attachments: calendar } : {}),
  });
}

/** What each change the customer asked for is, in the words of the email confirming it. */
const CHANGES = {
  cancel: {
    subject: 'will end',
    asked: 'You asked us to stop your plan at the end of this month.',
  },
  resume: { subject: 'keeps renewing', asked: 'You asked us to keep your plan renewing as usual.' },
  pause: {
    subject: 'is paused for a month',
    asked: 'You asked us to pause the next month of your plan.',
  },
} as const;

/**
 * What the customer changed, then where the plan stands now (plan-view.ts): the same words the
 * plan's page shows, read when the email is sent, so a later change is never contradicted.
 */
export function planChangedEmail(
  plan: SubscriptionDocument,
  reader: Reader,
  change: keyof typeof CHANGES,
  today: string,
  manageUrl: string,
): MailMessage {
  const standing = standingOf(plan, today);
  return renderEmail({
    to: plan.email,
    subject: `Your Monthly Visit plan ${plan.reference} ${CHANGES[change].subject}`,
    paragraphs: [
      greeting(reader, plan.name),
      CHANGES[change].asked,
      standing.summary,
      `If you did not ask for this, call us at ${Company.phone}.`,
    ],
    details: [['Reference', plan.reference], ...standingDetails(standing)],
    action: { label: 'Manage your plan', url: manageUrl },
  });
}

/**
 * A visit of the plan the customer skipped: not a cancelled booking, so no "book another visit".
 * It says the plan goes on and what comes next (the manage page's own words), and takes the
 * visit out of the customer's calendar when it was ever in it.
 */
export function visitSkippedEmail(
  visit: Booking,
  reader: Reader,
  plan: MonthlyPlanView | null,
  manageUrl: string,
  today: string,
): MailMessage {
  const { service, day, when } = visitOf(visit);
  const calendar = cancellingInvites([visit], reader);
  return renderEmail({
    to: visit.email,
    subject: `Visit on ${day} skipped (${visit.reference})`,
    paragraphs: [
      greeting(reader, visit.name),
      `Your ${service.title} visit on ${day}, ${when}, is skipped, as you asked. A skipped visit is not refunded: your plan's month is paid as a whole.`,
      ...(plan === null ? [] : [whatComesNext(plan, today)]),
      ...(calendar.length > 0
        ? ['The attached calendar file takes the skipped visit out of your calendar.']
        : []),
      'To skip or move another visit, or to change your plan, use the link below.',
    ],
    details: [
      ['Reference', visit.reference],
      ['Service', service.title],
      ['Skipped visit', `${day}, ${when}`],
      ...(plan === null ? [] : standingDetails(plan.standing)),
    ],
    action: { label: 'Manage your plan', url: manageUrl },
    ...(calendar.length > 0 ? { attachments: calendar } : {}),
  });
}

/** The member-discount link, to an address an active plan has (checked before sending). */
export function planMemberLinkEmail(email: string, url: string): MailMessage {
  return renderEmail({
    to: email,
    subject: 'Your Monthly Visit member discount: 10% off other services',
    paragraphs: [
      'Hello,',
      `As a Monthly Visit member, you get ${String(PLAN_MEMBER_DISCOUNT_PERCENT)}% off a one-time visit of any other service. Book through the link below with this email address and the discount is taken off before you pay.`,
      'The link works for 30 days. If you did not ask for it, ignore this email.',
    ],
    action: { label: 'Book with 10% off', url },
  });
}

/** To the business: a renewal's visits that no window of their week could take. */
export function planUnplacedNotice(
  plan: SubscriptionDocument,
  periodIndex: number,
  inbox: string,
): MailMessage | null {
  const unplaced = plan.unplacedVisits.filter((visit) => visit.periodIndex === periodIndex);
  if (unplaced.length === 0) return null;
  return renderEmail({
    to: inbox,
    replyTo: plan.email,
    subject: `Plan ${plan.reference}: ${String(unplaced.length)} visit${unplaced.length === 1 ? '' : 's'} to arrange`,
    paragraphs: [
      'A Monthly Visit plan renewed, but every window of these weeks was full. The customer has paid for the visits and was told we would call to arrange them.',
      ...unplaced.map((visit) => `Week of ${longDate(visit.week)}`),
    ],
    details: [
      ['Reference', plan.reference],
      ['Name', plan.name],
      ['Phone', plan.phone],
      ['Email', plan.email],
      ['Address', plan.address],
    ],
  });
}
