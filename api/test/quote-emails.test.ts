import { describe, expect, it } from 'vitest';
import { customerQuoteOf } from '../../tests/support/quote-fixtures';
import { STRANGER_MARKERS, TYPED_BY_A_STRANGER } from '../../tests/support/hostile-values';
import { pdfText } from '../../tests/support/pdf-text';
import { formatCad } from '../src/domain/booking/catalogue';
import { Company } from '../src/domain/company';
import type { CustomerQuote } from '../src/domain/quote/quote-schema';
import { quoteTotals, type QuoteLineInput } from '../src/domain/quote/quote-totals';
import type { AttachedInvoice } from '../src/mail/attached-invoice';
import { mailMessageSchema, type MailMessage } from '../src/platform/mailer';
import {
  QuoteMailWords,
  quoteAnsweredNotice,
  quoteDepositEmail,
  quoteForReader,
  quoteSentEmail,
  renderQuotePdfFor,
} from '../src/quotes/quote-emails';

/**
 * A quote's emails, read as their recipients read them: the customer gets our words, the
 * figures and the PDF, and what was typed into the forms only once they proved the address;
 * the business inbox gets everything; no subject carries anything typed; markup is text.
 */

const SELLER = {
  legalName: 'Home Services Toronto Inc.',
  tradingName: 'Home Services',
  address: '1910 Eglinton Ave W, Toronto, ON M6E 2J7',
  hstNumber: '123456789 RT0001',
};
const H = TYPED_BY_A_STRANGER;
const CUSTOMER = 'maya@example.com';
const INBOX = 'bookings@homeservices.example';
const URL_ = 'https://homeservices.example/quotes/q1?token=abc.def';
const CONSOLE = 'https://homeservices.example/admin/quotes/q1';
const HOSTILE = '<script>alert(1)</script>';

const quoteOf = customerQuoteOf;

const LINES: QuoteLineInput[] = [
  { description: 'Build a cedar deck', quantity: 1, unitPriceCents: 850_000, optional: false },
  { description: 'Stain and seal the deck', quantity: 2, unitPriceCents: 45_000, optional: false },
  { description: 'Built-in bench', quantity: 1, unitPriceCents: 120_000, optional: true },
  { description: 'Deck lighting', quantity: 8, unitPriceCents: 9_900, optional: true },
];

/** The quote as a stranger could have filled it: every typed field hostile. */
const typedByStranger = (fields: Partial<CustomerQuote> = {}) =>
  quoteOf(LINES, {
    customerName: H.name,
    company: H.details,
    serviceAddress: H.address,
    ...fields,
  });

const invoice: AttachedInvoice = {
  number: 'HS-2026-000123',
  attachment: {
    filename: 'HS-2026-000123.pdf',
    content: Buffer.from('%PDF-1.3 deposit').toString('base64'),
    contentType: 'application/pdf',
    encoding: 'base64',
  },
};

/** What a recipient can read of a message: every header, both bodies and each attachment. */
async function everythingIn(message: MailMessage): Promise<string> {
  const files = await Promise.all(
    (message.attachments ?? []).map(async (file) =>
      file.contentType === 'application/pdf' && file.encoding === 'base64'
        ? `${file.filename}\n${await pdfText(Buffer.from(file.content, 'base64')).catch(() => file.content)}`
        : `${file.filename}\n${file.content}`,
    ),
  );
  return [
    message.to,
    message.subject,
    message.replyTo ?? '',
    JSON.stringify(message.headers ?? {}),
    message.text,
    message.html ?? '',
    ...files,
  ].join('\n');
}

const leaked = (text: string) => STRANGER_MARKERS.filter((marker) => text.includes(marker));

async function sent(quote: CustomerQuote, reader: 'proven' | 'unproven'): Promise<MailMessage> {
  const pdf = await renderQuotePdfFor(quote, SELLER, reader, URL_);
  return quoteSentEmail(quote, CUSTOMER, URL_, pdf, reader);
}

async function attachedPdfText(message: MailMessage): Promise<string> {
  const [file] = message.attachments ?? [];
  if (!file) throw new Error('no attachment');
  return pdfText(Buffer.from(file.content, 'base64'));
}

describe('the email that sends a quote', () => {
  it('tells a proven customer what it is for, what it costs and how long it holds, with the PDF', async () => {
    const quote = quoteOf(LINES, { revision: 2 });
    const message = await sent(quote, 'proven');
    expect(mailMessageSchema.parse(message)).toEqual(message);
    expect(message.to).toBe(CUSTOMER);
    expect(message.subject).toBe(`Your quote Q-2026-000042 from ${Company.name} (revision 2)`);
    expect(message.text.split('\n')[0]).toBe('Hello Maya Singh,');
    const totals = quoteTotals(LINES, [], null);
    for (const part of [
      'revision 2 of your quote Q-2026-000042',
      'Build a cedar deck; Stain and seal the deck',
      `The total is ${formatCad(totals.totalCents)}, 13% HST included.`,
      `A deposit of ${formatCad(totals.depositCents)} (25%) is due when you accept it`,
      `the balance of ${formatCad(totals.balanceCents)} is due after the work`,
      '2 optional items you can add when you accept',
      'valid until Sunday, December 20, 2026',
      'Service address: 12 Rosedale Ave, Toronto',
      `${QuoteMailWords.reviewAndAccept}: ${URL_}`,
    ]) {
      expect(message.text).toContain(part);
    }
    // The optional items are offered, not counted in what the email says it covers.
    expect(message.text).not.toContain('Built-in bench');
    expect(message.html).toContain(`<a href="${URL_}" style="display:inline-block;`);
    expect(message.html).toContain(`>${QuoteMailWords.reviewAndAccept}</a>`);

    const [file] = message.attachments ?? [];
    expect(file).toMatchObject({
      filename: 'Q-2026-000042-r2.pdf',
      contentType: 'application/pdf',
      encoding: 'base64',
    });
    const pdf = await attachedPdfText(message);
    for (const part of [
      'Quote Q-2026-000042 revision 2',
      'Maya Singh',
      'Singh Renovations',
      'Service address: 12 Rosedale Ave, Toronto',
      `Accept online: ${URL_}`,
      `Total ${formatCad(totals.totalCents)}`,
    ]) {
      expect(pdf).toContain(part);
    }
  });

  it('names a first revision by its number alone, and a quote without deposit says so', async () => {
    const small = quoteOf([
      { description: 'Fix a door frame', quantity: 1, unitPriceCents: 35_000, optional: false },
    ]);
    const message = await sent(small, 'proven');
    expect(message.subject).toBe(`Your quote Q-2026-000042 from ${Company.name}`);
    expect(message.text).toContain(
      'Here is your quote Q-2026-000042. It covers: Fix a door frame.',
    );
    expect(message.text).toContain('No deposit is due: you pay the total after the work.');
    expect(message.text).toContain('Deposit due on acceptance: None');
    expect(message.text).not.toContain('optional item');
  });

  it('names three of many lines and counts the rest', async () => {
    const many = quoteOf(
      Array.from({ length: 7 }, (_, index) => ({
        description: `Room ${String(index + 1)}`,
        quantity: 1,
        unitPriceCents: 10_000,
        optional: false,
      })),
    );
    const message = await sent(many, 'proven');
    expect(message.text).toContain('It covers: Room 1; Room 2; Room 3; and 4 more items.');
  });

  it('greets an unproven reader "Hello," and carries nothing typed, in the email or its PDF', async () => {
    const quote = typedByStranger();
    const message = await sent(quote, 'unproven');
    expect(message.text.split('\n')[0]).toBe('Hello,');
    expect(leaked(await everythingIn(message))).toEqual([]);
    const pdf = await attachedPdfText(message);
    expect(pdf).toContain(QuoteMailWords.customerInMail);
    expect(pdf).toContain(`Service address: ${QuoteMailWords.addressInMail}`);
    // Still the whole quote: its number, its lines, its figures.
    expect(pdf).toContain('Quote Q-2026-000042 revision 1');
    expect(pdf).toContain('Build a cedar deck');
    expect(pdf).toContain(`Total ${formatCad(quote.totals.totalCents)}`);

    // The same quote to a reader who proved the address: all of it.
    const proven = await sent(quote, 'proven');
    expect(proven.text.split('\n')[0]).toBe(`Hello ${H.name},`);
    expect(leaked(await attachedPdfText(proven))).toEqual([...STRANGER_MARKERS]);
  });

  it('quoteForReader keeps the quote for a proven reader and replaces what was typed otherwise', () => {
    const quote = typedByStranger({ acceptedBy: H.name, status: 'accepted' });
    expect(quoteForReader(quote, 'proven')).toBe(quote);
    const view = quoteForReader(quote, 'unproven');
    expect(view).toEqual({
      ...quote,
      customerName: QuoteMailWords.customerInMail,
      company: null,
      serviceAddress: QuoteMailWords.addressInMail,
      acceptedBy: null,
    });
    expect(leaked(JSON.stringify(view))).toEqual([]);
  });

  it('escapes markup in the HTML and keeps it as text in the text version', async () => {
    const quote = quoteOf([
      { description: HOSTILE, quantity: 1, unitPriceCents: 10_000, optional: false },
    ]);
    const message = await sent(quote, 'proven');
    expect(message.text).toContain(`It covers: ${HOSTILE}.`);
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(await attachedPdfText(message)).toContain(`${HOSTILE} 1 $88.50 $11.50 $100`);
  });
});

describe('the notice of a customer’s answer', () => {
  it('tells the business inbox alone who accepted, what they chose and what is due', () => {
    const quote = quoteOf(LINES, {
      chosen: [2],
      customerName: H.name,
      company: H.details,
      serviceAddress: H.address,
    });
    const message = quoteAnsweredNotice(
      quote,
      'accepted',
      { email: CUSTOMER, acceptedBy: 'Maya S.', consoleUrl: CONSOLE },
      INBOX,
    );
    expect(mailMessageSchema.parse(message)).toEqual(message);
    expect(message.to).toBe(INBOX);
    expect(message.replyTo).toBe(CUSTOMER);
    expect(message.subject).toBe('Quote Q-2026-000042 accepted');
    expect(leaked(message.subject)).toEqual([]);
    const totals = quoteTotals(LINES, [2], null);
    for (const part of [
      'The customer accepted quote Q-2026-000042, revision 1',
      `Customer: ${H.name}`,
      `Company: ${H.details}`,
      `Email: ${CUSTOMER}`,
      `Service address: ${H.address}`,
      'Accepted by: Maya S.',
      'Optional items chosen: Built-in bench ($1,200, HST included)',
      `Subtotal: ${formatCad(totals.subtotalCents)}`,
      `HST (13%): ${formatCad(totals.hstCents)}`,
      `Total: ${formatCad(totals.totalCents)}`,
      `Deposit: ${formatCad(totals.depositCents)} (25%)`,
      `Balance after the work: ${formatCad(totals.balanceCents)}`,
      `${QuoteMailWords.openInConsole}: ${CONSOLE}`,
    ]) {
      expect(message.text).toContain(part);
    }
    expect(message.text).not.toContain('Deck lighting');
    expect(message.html).toContain(`href="${CONSOLE}"`);
  });

  it('carries the revision and the decline reason as text, escaped in the HTML', () => {
    const reason = `Too expensive ${HOSTILE}\n"><img src=x onerror=alert(1)>`;
    const message = quoteAnsweredNotice(
      quoteOf(LINES, { revision: 3 }),
      'declined',
      { email: CUSTOMER, reason, consoleUrl: CONSOLE },
      INBOX,
    );
    expect(message.to).toBe(INBOX);
    expect(message.subject).toBe('Quote Q-2026-000042 (revision 3) declined');
    expect(message.text).toContain(`Their reason: ${reason}`);
    expect(message.html).not.toContain('<script>');
    expect(message.html).not.toContain('<img');
    expect(message.html).toContain('Too expensive &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(message.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(message.text).not.toContain('Accepted by');
    expect(message.text).not.toContain('Optional items chosen');

    const silent = quoteAnsweredNotice(
      quoteOf(LINES),
      'declined',
      { email: CUSTOMER, consoleUrl: CONSOLE },
      INBOX,
    );
    expect(silent.text).toContain('They gave no reason.');
  });

  it('keeps typed text out of its subject, whatever was typed', () => {
    const quote = typedByStranger({ acceptedBy: H.name });
    for (const answer of ['accepted', 'declined'] as const) {
      const message = quoteAnsweredNotice(
        quote,
        answer,
        { email: CUSTOMER, acceptedBy: H.name, reason: H.details, consoleUrl: CONSOLE },
        INBOX,
      );
      expect(message.to).toBe(INBOX);
      expect(leaked(message.subject)).toEqual([]);
      expect(message.text).toContain(H.name);
    }
  });
});

describe('the email of a paid deposit', () => {
  it('thanks for the deposit, attaches its invoice and says what comes next', () => {
    const quote = quoteOf(LINES, { chosen: [2], status: 'converted', depositPaid: true });
    const message = quoteDepositEmail(quote, CUSTOMER, invoice, URL_, 'proven');
    expect(mailMessageSchema.parse(message)).toEqual(message);
    expect(message.to).toBe(CUSTOMER);
    expect(message.subject).toBe('We received your deposit for quote Q-2026-000042');
    expect(message.text.split('\n')[0]).toBe('Hello Maya Singh,');
    const totals = quoteTotals(LINES, [2], null);
    for (const part of [
      `We received your deposit of ${formatCad(totals.depositCents)} for quote Q-2026-000042`,
      'invoice HS-2026-000123 is attached as a PDF',
      QuoteMailWords.nextStep,
      `The balance of ${formatCad(totals.balanceCents)} is due after the work.`,
      'Invoice: HS-2026-000123',
      'Service address: 12 Rosedale Ave, Toronto',
      `${QuoteMailWords.seeQuote}: ${URL_}`,
    ]) {
      expect(message.text).toContain(part);
    }
    expect(message.attachments).toEqual([invoice.attachment]);
  });

  it('carries nothing typed to an unproven reader, nor in any subject', async () => {
    const quote = typedByStranger({ status: 'converted', depositPaid: true });
    const message = quoteDepositEmail(quote, CUSTOMER, invoice, URL_, 'unproven');
    expect(message.text.split('\n')[0]).toBe('Hello,');
    expect(leaked(await everythingIn(message))).toEqual([]);
    for (const reader of ['proven', 'unproven'] as const) {
      expect(leaked(quoteDepositEmail(quote, CUSTOMER, invoice, URL_, reader).subject)).toEqual([]);
      expect(leaked((await sent(quote, reader)).subject)).toEqual([]);
    }
  });
});
