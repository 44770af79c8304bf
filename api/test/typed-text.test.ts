import { lineOf } from '../src/domain/invoice/invoice-lines';
import { customerQuoteSchema } from '../src/domain/quote/quote-schema';
import {
  quoteAnsweredNotice,
  quoteBalanceEmail,
  quoteBalanceReminderEmail,
  quoteDepositEmail,
  quoteReceiptEmail,
  quoteSentEmail,
} from '../src/quotes/quote-emails';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import request from 'supertest';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as authEmails from '../src/accounts/auth-emails';
import { UserModel } from '../src/accounts/user-model';
import * as bookingEmails from '../src/bookings/booking-emails';
import * as paymentReminder from '../src/bookings/payment-reminder-email';
import * as contactEmails from '../src/contact/contact-emails';
import { TEST_PAYMENT_METHODS } from '../src/domain/payment/test-cards';
import type { Reader } from '../src/accounts/typed-text';
import { InvoiceModel, type Invoice } from '../src/invoices/invoice-model';
import * as invoiceMail from '../src/invoices/invoice-mail';
import { pdfText } from '../../tests/support/pdf-text';
import * as newsletterEmails from '../src/newsletter/newsletter-emails';
import type { MailMessage } from '../src/platform/mailer';
import * as reviewEmails from '../src/reviews/review-emails';
import * as planEmails from '../src/subscriptions/plan-emails';
import { tokenIn } from '../../tests/support/accounts';
import { startApiAndWorkers, type ProductHarness } from '../../tests/support/api-harness';
import { bookingFields, withFields } from '../../tests/support/booking-form';
import { emailFixtures } from '../../tests/support/email-fixtures';
import { STRANGER_MARKERS, TYPED_BY_A_STRANGER } from '../../tests/support/hostile-values';
import { everythingReadIn, waitForMail } from '../../tests/support/mailbox';
import { testEmail, testEnv } from '../../tests/support/test-env';

/**
 * Emails never greet or quote with text a stranger could have typed (issue 30). Anyone can type
 * anyone's address into a form; what they typed beside it (a name, an address, a project) reaches
 * that address only when its reader proved it is theirs. Every template the product has is walked
 * with hostile fields, so one added later is walked too.
 */

const H = TYPED_BY_A_STRANGER;
const CUSTOMER = 'maya@example.com';
const INBOX = 'bookings@homeservices.example';
const URL_ = 'https://homeservices.example/bookings/manage?booking=abc&token=xyz';
const SITE = 'https://homeservices.example';
const TODAY = '2026-11-27';

const { booking, estimate, plan, planVisits, heldVisits, view } = emailFixtures(H);
const user = new UserModel({
  email: CUSTOMER,
  firstName: H.name,
  lastName: H.details,
  address: H.address,
});
/** A credit note issued to what the stranger typed (its buyer is a copy of the booking's). */
const creditNote: Invoice = new InvoiceModel({
  _id: 'c0ffee00c0ffee00c0ffee00',
  kind: 'credit_note',
  number: 'HS-CN-2026-000001',
  year: 2026,
  sequence: 1,
  source: 'refund:x',
  issuedAt: new Date('2026-11-20T15:00:00Z'),
  issueDate: '2026-11-20',
  userId: null,
  bookingId: 'b'.repeat(32),
  subscriptionId: null,
  reference: 'HS-7K3F9Q',
  serviceId: 'painting',
  seller: {
    legalName: 'Home Services Toronto Inc.',
    tradingName: 'Home Services',
    address: '1910 Eglinton Ave W, Toronto',
    hstNumber: '123456789 RT0001',
  },
  buyer: { name: H.name, company: H.details, email: CUSTOMER, serviceAddress: H.address },
  lines: [
    {
      description: 'Refund: Painting - One-time Visit',
      quantity: 1,
      unitPriceCents: 13_186,
      subtotalCents: 13_186,
      hstRatePercent: 13,
      hstCents: 1_714,
      totalCents: 14_900,
    },
  ],
  subtotalCents: 13_186,
  hstCents: 1_714,
  totalCents: 14_900,
  payment: { method: 'card', brand: 'visa', last4: '4242' },
  terms: 'Credit on invoice HS-2026-000001, refunded to the card',
  creditedInvoice: { id: 'a'.repeat(24), number: 'HS-2026-000001' },
  pdfKey: null,
}).toObject();
const attachedNote = {
  number: creditNote.number,
  attachment: { filename: 'HS-CN-2026-000001.pdf', content: '', contentType: 'application/pdf' },
};

const contact: contactEmails.ContactEmailInput = {
  reference: 'HS-C0NTCT',
  fullName: H.name,
  email: CUSTOMER,
  phone: '416-555-0199',
  subject: H.details,
  message: `${H.details}\n${H.address}`,
  receivedAt: new Date('2026-11-20T15:00:00Z'),
};

/** A sent quote as its customer reads it: the typed name and service address are a stranger's. */
const quote = customerQuoteSchema.parse({
  id: 'c'.repeat(24),
  number: 'Q-2026-000042',
  revision: 1,
  status: 'accepted',
  statusLabel: 'Accepted, deposit due',
  closedReason: null,
  customerName: H.name,
  company: null,
  serviceAddress: H.address,
  sentDate: '2026-11-20',
  validUntil: '2026-12-20',
  lines: [
    {
      index: 0,
      description: 'Build a cedar deck',
      quantity: 1,
      unitPriceCents: 850_000,
      optional: false,
      included: true,
      split: lineOf('Build a cedar deck', 850_000),
    },
  ],
  totals: {
    subtotalCents: 752_212,
    hstCents: 97_788,
    totalCents: 850_000,
    depositPercent: 25,
    depositCents: 212_500,
    balanceCents: 637_500,
  },
  terms: 'Prices include 13% HST.',
  note: '',
  acceptedBy: H.name,
  acceptedAt: '2026-11-21T15:00:00.000Z',
  depositPaid: true,
  replacedByUrl: null,
  newQuoteUrl: 'https://homeservices.example/contact',
  job: null,
});

interface Walk {
  /** Whom it goes to: the address a form named, or the business's own inbox (the operators). */
  to: 'customer' | 'business';
  /** Its renderings for a reader; a template that takes none renders the same for both. */
  render: (reader: Reader) => MailMessage[];
  /** It greets a reader who proved the address by the name they typed. */
  greets?: true;
}

const WALK: Record<string, Walk> = {
  quoteSentEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [quoteSentEmail(quote, CUSTOMER, URL_, Buffer.from('%PDF-1.3'), reader)],
  },
  quoteDepositEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [quoteDepositEmail(quote, CUSTOMER, attachedNote, URL_, reader)],
  },
  quoteBalanceEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [quoteBalanceEmail(quote, CUSTOMER, attachedNote, URL_, reader)],
  },
  quoteBalanceReminderEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [
      quoteBalanceReminderEmail(quote, CUSTOMER, 'HS-2026-000002', 7, URL_, reader),
    ],
  },
  quoteReceiptEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [quoteReceiptEmail(quote, CUSTOMER, attachedNote, URL_, reader)],
  },
  quoteAnsweredNotice: {
    to: 'business',
    render: () => [
      quoteAnsweredNotice(
        quote,
        'declined',
        { email: CUSTOMER, reason: H.details, consoleUrl: URL_ },
        INBOX,
      ),
    ],
  },
  estimateAcknowledgementEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [
      bookingEmails.estimateAcknowledgementEmail(
        estimate({ status: 'estimate_requested' }),
        reader,
      ),
    ],
  },
  siteVisitEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [bookingEmails.siteVisitEmail(estimate(), reader, URL_)],
  },
  jobVisitEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [bookingEmails.jobVisitEmail(estimate(), reader, URL_)],
  },
  bookingConfirmationEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [bookingEmails.bookingConfirmationEmail(booking(), reader, URL_)],
  },
  bookingReminderEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [bookingEmails.bookingReminderEmail(booking(), reader, URL_)],
  },
  bookingCancelledEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [
      bookingEmails.bookingCancelledEmail(booking({ status: 'refunded' }), reader, SITE),
      bookingEmails.bookingCancelledEmail(
        estimate({ status: 'cancelled', history: [] }),
        reader,
        SITE,
      ),
    ],
  },
  bookingRescheduledEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [bookingEmails.bookingRescheduledEmail(booking(), reader, URL_)],
  },
  closedDayEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [
      bookingEmails.closedDayEmail(
        booking({
          closedDay: {
            date: booking().date,
            reason: 'Snowstorm',
            offerDate: '2026-12-10',
            offerTime: 'morning',
            closureId: 'c1',
          },
        }),
        reader,
        URL_,
      ),
    ],
  },
  businessNotificationEmail: {
    to: 'business',
    render: () => [
      bookingEmails.businessNotificationEmail(booking(), INBOX),
      bookingEmails.businessNotificationEmail(estimate({ status: 'estimate_requested' }), INBOX),
    ],
  },
  paymentReminderEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [
      paymentReminder.paymentReminderEmail(booking({ status: 'pending_payment' }), reader, URL_),
    ],
  },
  planPeriodEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [planEmails.planPeriodEmail(plan, reader, 0, planVisits, URL_)],
  },
  planPaymentFailedEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [planEmails.planPaymentFailedEmail(plan, reader, heldVisits, URL_)],
  },
  planEndedEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [planEmails.planEndedEmail(plan, reader, SITE, planVisits)],
  },
  planChangedEmail: {
    to: 'customer',
    greets: true,
    render: (reader) =>
      (['cancel', 'resume', 'pause'] as const).map((change) =>
        planEmails.planChangedEmail(plan, reader, change, TODAY, URL_),
      ),
  },
  visitSkippedEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [
      planEmails.visitSkippedEmail(planVisits[1] ?? booking(), reader, view, URL_, TODAY),
    ],
  },
  planMemberLinkEmail: {
    to: 'customer',
    render: () => [planEmails.planMemberLinkEmail(CUSTOMER, URL_)],
  },
  planUnplacedNotice: {
    to: 'business',
    render: () => {
      const notice = planEmails.planUnplacedNotice(plan, 1, INBOX);
      return notice ? [notice] : [];
    },
  },
  reviewRequestEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [
      reviewEmails.reviewRequestEmail(booking({ status: 'done' }), reader, URL_),
    ],
  },
  passwordResetEmail: {
    to: 'customer',
    render: () => [authEmails.passwordResetEmail(user, URL_, 60)],
  },
  welcomeEmail: {
    to: 'customer',
    render: () => [
      authEmails.welcomeEmail(user, SITE, URL_),
      authEmails.welcomeEmail(user, SITE, null),
    ],
  },
  emailChangeConfirmationEmail: {
    to: 'customer',
    render: () => [authEmails.emailChangeConfirmationEmail(CUSTOMER, URL_, 24)],
  },
  emailChangeNoticeEmail: {
    to: 'customer',
    render: () => [
      authEmails.emailChangeNoticeEmail(CUSTOMER, { link: URL_, validForMinutes: 60 }),
      authEmails.emailChangeNoticeEmail(CUSTOMER, null),
    ],
  },
  contactNotificationEmail: {
    to: 'business',
    render: () => [contactEmails.contactNotificationEmail(contact, INBOX)],
  },
  contactAcknowledgementEmail: {
    to: 'customer',
    render: () => [contactEmails.contactAcknowledgementEmail(contact)],
  },
  // A campaign's words are the operators', to subscribers who confirmed their address.
  newsletterEmail: {
    to: 'customer',
    render: () => [
      newsletterEmails.newsletterEmail({
        to: CUSTOMER,
        subject: 'Spring tips',
        content: { html: '<p>Rake the lawn.</p>', text: 'Rake the lawn.' },
        unsubscribeUrl: URL_,
        oneClickUnsubscribeUrl: URL_,
      }),
    ],
  },
  creditNoteEmail: {
    to: 'customer',
    greets: true,
    render: (reader) => [invoiceMail.creditNoteEmail(creditNote, attachedNote, URL_, reader)],
  },
  subscriptionConfirmationEmail: {
    to: 'customer',
    render: () => [newsletterEmails.subscriptionConfirmationEmail(CUSTOMER, URL_)],
  },
};

/** Functions that return a MailMessage and are not templates of their own. */
const NOT_TEMPLATES: Record<string, string> = {
  renderEmail: 'the frame every template renders its words in',
  subscriberCopy: 'newsletterEmail for one subscriber, with their own unsubscribe links',
};

const ROOT = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Every exported function of the API and the workers whose declared result is a MailMessage: the
 * templates, found in the source as the compiler parses it, so a new one cannot go unwalked.
 */
function templatesInSource(): string[] {
  const found: string[] = [];
  const returnsMail = (type: ts.TypeNode | undefined) =>
    type !== undefined && /\bMailMessage\b/.test(type.getText());
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  for (const file of ['api/src', 'workers/src'].flatMap((dir) => sourceFiles(join(ROOT, dir)))) {
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    for (const statement of source.statements) {
      if (!exported(statement)) continue;
      if (ts.isFunctionDeclaration(statement) && returnsMail(statement.type)) {
        found.push(statement.name?.text ?? relative(ROOT, file));
      }
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          const value = declaration.initializer;
          if (value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value))) {
            if (returnsMail(value.type)) found.push(declaration.name.getText());
          }
        }
      }
    }
  }
  return found.filter((name) => !(name in NOT_TEMPLATES)).sort();
}

/** What a recipient can read of a message: every header, both bodies and each attachment. */
function everythingIn(message: MailMessage): string {
  return [
    message.to,
    message.subject,
    message.replyTo ?? '',
    JSON.stringify(message.headers ?? {}),
    message.text,
    message.html ?? '',
    ...(message.attachments ?? []).map(
      (file) => `${file.filename}\n${file.content.replace(/\r\n[ \t]/g, '')}`,
    ),
  ].join('\n');
}

const leaked = (text: string) => STRANGER_MARKERS.filter((marker) => text.includes(marker));

const customerTemplates = Object.keys(WALK).filter((name) => WALK[name]?.to === 'customer');
const greetingTemplates = Object.keys(WALK).filter((name) => WALK[name]?.greets);
const businessTemplates = Object.keys(WALK).filter((name) => WALK[name]?.to === 'business');
const rendered = (name: string, reader: Reader) => {
  const messages = WALK[name]?.render(reader) ?? [];
  expect(messages.length, name).toBeGreaterThan(0);
  return messages;
};

describe('what a stranger typed, in every email template', () => {
  it('walks every template there is', () => {
    expect(templatesInSource()).toEqual(Object.keys(WALK).sort());
  });

  it('mails an invoice PDF with nothing typed to an address nobody proved, and all of it to its owner', async () => {
    const leakedIn = async (reader: Reader) => {
      const attached = await invoiceMail.attachInvoice(creditNote, reader);
      return leaked(await pdfText(Buffer.from(attached.attachment.content, 'base64')));
    };
    expect(await leakedIn('unproven')).toEqual([]);
    expect(await leakedIn('proven')).toEqual([...STRANGER_MARKERS]);
  });

  it.each(customerTemplates)('%s carries nothing typed to an address nobody proved', (name) => {
    for (const message of rendered(name, 'unproven')) {
      expect(message.to).toBe(CUSTOMER);
      expect(leaked(everythingIn(message)), `${name}: ${message.subject}`).toEqual([]);
      expect(message.text, name).not.toMatch(/^Hello [^,\n]+,$/m);
    }
  });

  it.each(greetingTemplates)('%s greets an owner who proved the address by name', (name) => {
    for (const message of rendered(name, 'proven')) {
      expect(message.text.split('\n')[0], `${name}: ${message.subject}`).toBe(`Hello ${H.name},`);
    }
  });

  it.each(businessTemplates)('%s goes to the business inbox alone, with what was typed', (name) => {
    for (const message of rendered(name, 'unproven')) {
      expect(message.to).toBe(INBOX);
      expect(everythingIn(message)).toContain(H.name);
    }
  });

  it('never shows the project description to a customer, proven or not', () => {
    for (const name of customerTemplates) {
      for (const message of rendered(name, 'proven')) {
        expect(everythingIn(message), name).not.toContain(H.details);
      }
    }
  });
});

describe('what a stranger typed, through the API to a real mailbox', () => {
  const env = testEnv({ FORM_RATE_LIMIT_MAX: '1000' });
  let product: ProductHarness;

  beforeAll(async () => {
    product = await startApiAndWorkers(env);
  });
  afterAll(async () => {
    await product.close();
  });

  const app = () => product.api.app;

  async function book(fields: Record<string, string>, bearer?: string) {
    const call = request(app()).post('/api/bookings');
    const answer = await withFields(
      bearer ? call.set('Authorization', `Bearer ${bearer}`) : call,
      bookingFields(fields),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return { id: answer.body.booking.id as string, token: answer.body.token as string };
  }

  async function cancel(made: { id: string; token: string }) {
    const answer = await request(app())
      .post(`/api/bookings/${made.id}/cancel`)
      .send({ token: made.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  async function expectNothingTyped(victim: string, count: number) {
    const mails = await waitForMail(victim, { count });
    expect(mails).toHaveLength(count);
    for (const mail of mails) {
      expect(leaked(await everythingReadIn(mail)), mail.Subject).toEqual([]);
    }
    return mails;
  }

  it("sends nothing typed to a victim's address: an estimate, then its cancel", async () => {
    const victim = testEmail('victim');
    const made = await book({
      email: victim,
      name: H.name,
      address: H.address,
      details: H.details,
      service: 'construction-estimate',
      plan: 'custom-estimate',
    });
    await waitForMail(victim);
    await cancel(made);
    const mails = await expectNothingTyped(victim, 2);
    expect(mails.map((mail) => mail.Subject).join('\n')).toMatch(/is cancelled/);
  });

  it("sends nothing typed to a victim's address: a visit paid for, then cancelled", async () => {
    const victim = testEmail('victim-paid');
    const made = await book({
      email: victim,
      name: H.name,
      address: H.address,
      company: H.details,
    });
    const paid = await request(app()).post('/api/payments').send({
      bookingId: made.id,
      amount: 14900,
      paymentMethod: 'card',
      customerEmail: victim,
      paymentMethodId: TEST_PAYMENT_METHODS.succeeds,
      token: made.token,
    });
    expect(paid.status).toBe(200);
    await waitForMail(victim);
    await cancel(made);
    // The confirmation (with the invoice's PDF), the cancel, and the refund's credit note.
    const mails = await expectNothingTyped(victim, 3);
    expect(mails.map((mail) => mail.Subject).join('\n')).toMatch(/is confirmed/);
    expect(mails.map((mail) => mail.Subject).join('\n')).toMatch(/^Credit note HS-CN-/m);
  });

  it('greets by name an account that proved its address, booking for itself', async () => {
    const email = testEmail('owner');
    const password = 'correct horse battery staple';
    const registered = await request(app()).post('/api/auth/register').send({
      email,
      password,
      confirmPassword: password,
      firstName: 'Maya',
      lastName: 'Singh',
      address: '12 Rosedale Ave',
    });
    expect(registered.status).toBe(201);
    const bearer = registered.body.token as string;
    const [welcome] = await waitForMail(email);
    const link = new URL(tokenIn(welcome?.Text ?? '', /(http\S+\/account\/verify-email\?\S+)/));
    const verified = await request(app())
      .post('/api/auth/verify-email')
      .send({ user: link.searchParams.get('user'), token: link.searchParams.get('token') });
    expect(verified.status).toBe(200);

    const made = await book(
      {
        email,
        name: 'Maya Singh',
        service: 'construction-estimate',
        plan: 'custom-estimate',
      },
      bearer,
    );
    const acknowledgement = (await waitForMail(email, { count: 2 })).find((mail) =>
      /estimate request/.test(mail.Subject),
    );
    expect(acknowledgement?.Text).toMatch(/^Hello Maya Singh,$/m);
    await cancel(made);
    const mails = await waitForMail(email, { count: 3 });
    const cancelled = mails.find((mail) => /is cancelled/.test(mail.Subject));
    expect(cancelled?.Text).toMatch(/^Hello Maya Singh,$/m);
  });

  it('greets nobody by name for an account whose address is not proved', async () => {
    const email = testEmail('unproved');
    const password = 'correct horse battery staple';
    const registered = await request(app()).post('/api/auth/register').send({
      email,
      password,
      confirmPassword: password,
      firstName: 'Sam',
      lastName: 'Lee',
      address: '1 King St W',
    });
    expect(registered.status).toBe(201);
    await book(
      {
        email,
        name: H.name,
        address: H.address,
        details: H.details,
        service: 'construction-estimate',
        plan: 'custom-estimate',
      },
      registered.body.token as string,
    );
    // The welcome, then the estimate's acknowledgement.
    await expectNothingTyped(email, 2);
  });
});
