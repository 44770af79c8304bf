import { describe, expect, it } from 'vitest';
import * as bookingEmails from '../src/bookings/booking-emails';
import type { MailMessage } from '../src/platform/mailer';
import * as planEmails from '../src/subscriptions/plan-emails';
import { emailFixtures } from '../../tests/support/email-fixtures';

/**
 * Every email template, rendered, read as a customer reads it: no date written as 2026-12-09
 * inside a sentence (people write "Wednesday, December 9, 2026"), and no word said twice in a row
 * ("your free Free Construction Estimate"). A template added later must be walked here too.
 */

const URL_ = 'https://homeservices.example/bookings/manage?booking=abc&token=xyz';
const SITE = 'https://homeservices.example';
const INBOX = 'bookings@homeservices.example';
const TODAY = '2026-11-27';
/** A reader who proved the address: the email with every word it can have. */
const R = 'proven';
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;
const DOUBLED_WORD = /\b([a-z]+)\s+\1\b/i;

const { booking, estimate, plan, planVisits, heldVisits, view } = emailFixtures();

type Templates = typeof bookingEmails & typeof planEmails;

/** Each template, rendered in the cases that change its words. */
const RENDERED: Partial<Record<keyof Templates, () => MailMessage[]>> = {
  estimateAcknowledgementEmail: () => [
    bookingEmails.estimateAcknowledgementEmail(estimate({ status: 'estimate_requested' }), R),
  ],
  jobVisitEmail: () => [bookingEmails.jobVisitEmail(estimate(), R, URL_)],
  siteVisitEmail: () => [
    bookingEmails.siteVisitEmail(estimate(), R, URL_),
    bookingEmails.siteVisitEmail(estimate({ serviceId: 'specialized-carpentry' }), R, URL_),
  ],
  bookingConfirmationEmail: () => [bookingEmails.bookingConfirmationEmail(booking(), R, URL_)],
  bookingReminderEmail: () => [bookingEmails.bookingReminderEmail(booking(), R, URL_)],
  businessNotificationEmail: () => [
    bookingEmails.businessNotificationEmail(booking(), INBOX),
    bookingEmails.businessNotificationEmail(estimate({ status: 'estimate_requested' }), INBOX),
  ],
  bookingCancelledEmail: () => [
    bookingEmails.bookingCancelledEmail(
      booking({ status: 'cancelled', payment: { refundRequestedAt: new Date() } }),
      R,
      SITE,
    ),
    bookingEmails.bookingCancelledEmail(booking({ status: 'cancelled' }), R, SITE),
    bookingEmails.bookingCancelledEmail(booking({ status: 'refunded', history: [] }), R, SITE),
  ],
  bookingRescheduledEmail: () => [
    bookingEmails.bookingRescheduledEmail(booking(), R, URL_),
    // Moved off a day the business closed, to the day offered.
    bookingEmails.bookingRescheduledEmail(
      booking({
        closedDay: {
          date: '2026-12-08',
          reason: 'Snowstorm',
          offerDate: booking().date,
          offerTime: booking().time,
          closureId: 'c1',
        },
      }),
      R,
      URL_,
    ),
  ],
  closedDayEmail: () => {
    const closedDay = (offer: boolean) => ({
      date: booking().date,
      reason: 'Snowstorm',
      offerDate: offer ? '2026-12-10' : null,
      offerTime: offer ? ('morning' as const) : null,
      closureId: 'c1',
    });
    return [
      bookingEmails.closedDayEmail(booking({ closedDay: closedDay(true) }), R, URL_),
      bookingEmails.closedDayEmail(
        booking({ status: 'pending_payment', closedDay: closedDay(true) }),
        R,
        URL_,
      ),
      bookingEmails.closedDayEmail(
        booking({ subscriptionId: 'plan-1', closedDay: closedDay(false) }),
        R,
        URL_,
      ),
    ];
  },
  planPeriodEmail: () => [
    planEmails.planPeriodEmail(plan, R, 0, planVisits, URL_),
    planEmails.planPeriodEmail(plan, R, 1, planVisits.slice(0, 3), URL_),
  ],
  planPaymentFailedEmail: () => [planEmails.planPaymentFailedEmail(plan, R, heldVisits, URL_)],
  planEndedEmail: () => [planEmails.planEndedEmail(plan, R, SITE, planVisits)],
  planChangedEmail: () =>
    (['cancel', 'resume', 'pause'] as const).map((change) =>
      planEmails.planChangedEmail(plan, R, change, TODAY, URL_),
    ),
  visitSkippedEmail: () => [
    planEmails.visitSkippedEmail(planVisits[1] ?? booking(), R, view, URL_, TODAY),
  ],
  planMemberLinkEmail: () => [planEmails.planMemberLinkEmail('maya@example.com', URL_)],
  planUnplacedNotice: () => {
    const notice = planEmails.planUnplacedNotice(plan, 1, INBOX);
    return notice ? [notice] : [];
  },
};

/** The exports that are templates: every function named as an email is. */
const templateNames = (module: Record<string, unknown>) =>
  Object.entries(module)
    .filter(
      ([name, value]) => typeof value === 'function' && /(Email|Notice|Notification)$/.test(name),
    )
    .map(([name]) => name);

/**
 * The sentences of an email: its subject and its paragraphs. The 'Label: value' rows of its
 * details (and its action's link) are not sentences; the signature is ours.
 */
function sentencesOf(message: MailMessage): string[] {
  const body = message.text.split('\n--\n')[0] ?? '';
  const isRow = (line: string) => /^[A-Z][A-Za-z ]{0,30}: /.test(line);
  const paragraphs = body
    .split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block !== '' && !block.split('\n').every(isRow));
  return [message.subject, ...paragraphs];
}

/** Every word in a row, links left out (a token may repeat letters as it likes). */
const wordsOf = (message: MailMessage) =>
  [message.subject, message.text].join('\n').replace(/https?:\/\/\S+/g, ' ');

describe('the words of every email', () => {
  const names = [...templateNames(bookingEmails), ...templateNames(planEmails)];

  it('walks every template there is', () => {
    expect(names.sort()).toEqual(Object.keys(RENDERED).sort());
  });

  it.each(names)('%s writes dates as people do and says no word twice in a row', (name) => {
    const messages = RENDERED[name as keyof Templates]?.() ?? [];
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      for (const sentence of sentencesOf(message)) {
        expect(sentence, `${name}: "${sentence}"`).not.toMatch(ISO_DATE);
      }
      expect(wordsOf(message), `${name}: ${message.subject}`).not.toMatch(DOUBLED_WORD);
    }
  });

  it('calls a Free Construction Estimate site visit free once', () => {
    expect(bookingEmails.siteVisitEmail(estimate(), R, URL_).subject).toBe(
      'Your Free Construction Estimate site visit: Wednesday, December 9, 2026 (HS-7K3F9Q)',
    );
    expect(
      bookingEmails.siteVisitEmail(estimate({ serviceId: 'specialized-carpentry' }), R, URL_)
        .subject,
    ).toBe('Your free Specialized Carpentry site visit: Wednesday, December 9, 2026 (HS-7K3F9Q)');
  });
});
