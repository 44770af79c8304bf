import { greeting, typedRows, type Reader } from '../accounts/typed-text';
import { formatCad } from '../domain/booking/catalogue';
import { longDate } from '../domain/calendar/toronto-date';
import { Company } from '../domain/company';
import { HST_RATE_PERCENT } from '../domain/invoice/hst';
import type { CustomerQuote } from '../domain/quote/quote-schema';
import type { Seller } from '../invoices/invoice-issuer';
import { invoiceWords, type AttachedInvoice } from '../mail/attached-invoice';
import { renderEmail } from '../mail/email-layout';
import type { MailMessage } from '../platform/mailer';
import { quoteTitle, renderQuotePdf } from './quote-pdf';

/**
 * The emails of a quote, as pure functions of the quote as its customer reads it (CustomerQuote):
 * the workers render and send them, and tests read them without a mail server. Subjects carry only
 * values we generated (the quote's number and revision, an invoice's number). What the customer
 * typed (their name, company, service address, the name they accepted with) reaches a customer's
 * email, and the PDF attached to it, only through the rule of accounts/typed-text.ts: to a reader
 * who proved the address. The business inbox, the operators' own, gets all of it.
 */

export const QuoteMailWords = {
  /**
   * In place of what was typed, on the copy mailed to an address nobody proved: the quote's page,
   * through the emailed link, has it all.
   */
  customerInMail: 'As requested (see this quote through the link in your email)',
  addressInMail: 'As requested',
  reviewAndAccept: 'Review and accept',
  seeQuote: 'See your quote',
  openInConsole: 'Open the quote in the console',
  nextStep: 'Next step: we will call you to book the visits.',
  payBalance: 'Pay the balance',
} as const;

/** How many of the quote's lines the email names before "and N more". */
const LINES_NAMED = 3;

/**
 * The quote as an email (and its PDF) may carry it: what the customer typed only to a reader who
 * proved the address, like every email's words (accounts/typed-text.ts); viewForReader's twin
 * for invoices.
 */
export function quoteForReader(quote: CustomerQuote, reader: Reader): CustomerQuote {
  if (reader === 'proven') return quote;
  return {
    ...quote,
    customerName: QuoteMailWords.customerInMail,
    company: null,
    serviceAddress: QuoteMailWords.addressInMail,
    acceptedBy: null,
  };
}

/** The quote's PDF as `reader` may receive it; `acceptUrl` is printed as the link to accept. */
export function renderQuotePdfFor(
  quote: CustomerQuote,
  seller: Seller,
  reader: Reader,
  acceptUrl?: string,
): Promise<Buffer> {
  return renderQuotePdf(quoteForReader(quote, reader), seller, acceptUrl);
}

/** The file name a quote's PDF is attached under: `Q-2026-000001-r2.pdf`. */
export function quotePdfName(quote: Pick<CustomerQuote, 'number' | 'revision'>): string {
  return `${quote.number}-r${String(quote.revision)}.pdf`;
}

/** " (revision 2)" after a quote's number once it was revised; nothing for the first. */
const revisionSuffix = (quote: CustomerQuote): string =>
  quote.revision > 1 ? ` (revision ${String(quote.revision)})` : '';

/** "Garden: hedges; Fence repair; Gate; and 4 more items": the lines the total counts. */
function workOf(quote: CustomerQuote): string {
  const counted = quote.lines.filter((line) => line.included);
  const named = counted.slice(0, LINES_NAMED).map((line) => line.description.trim());
  const more = counted.length - named.length;
  if (more <= 0) return named.join('; ');
  return `${named.join('; ')}; and ${String(more)} more item${more === 1 ? '' : 's'}`;
}

const depositCell = (quote: CustomerQuote): string =>
  quote.totals.depositCents > 0
    ? `${formatCad(quote.totals.depositCents)} (${String(quote.totals.depositPercent)}%)`
    : 'None';

/** The sentence on what is paid when: a deposit on acceptance and the balance, or all after. */
function paymentSentence(quote: CustomerQuote): string {
  const { depositCents, depositPercent, balanceCents } = quote.totals;
  return depositCents > 0
    ? `A deposit of ${formatCad(depositCents)} (${String(depositPercent)}%) is due when you accept it; the balance of ${formatCad(balanceCents)} is due after the work.`
    : 'No deposit is due: you pay the total after the work.';
}

const optionalLines = (quote: CustomerQuote) => quote.lines.filter((line) => line.optional);

/**
 * A sent quote, to the customer's address: what it is for, its total and deposit, how long it
 * holds, the button to review and accept it, and its PDF. `pdf` must be rendered for the same
 * reader (renderQuotePdfFor), so the attachment repeats nothing the email may not.
 */
export function quoteSentEmail(
  quote: CustomerQuote,
  to: string,
  url: string,
  pdf: Buffer,
  reader: Reader,
): MailMessage {
  const options = optionalLines(quote).filter((line) => !line.included).length;
  return renderEmail({
    to,
    subject: `Your quote ${quote.number} from ${Company.name}${revisionSuffix(quote)}`,
    paragraphs: [
      greeting(reader, quote.customerName),
      quote.revision > 1
        ? `Here is revision ${String(quote.revision)} of your quote ${quote.number}: it replaces the one we sent before. It covers: ${workOf(quote)}.`
        : `Thank you for asking us for an estimate. Here is your quote ${quote.number}. It covers: ${workOf(quote)}.`,
      `The total is ${formatCad(quote.totals.totalCents)}, ${String(HST_RATE_PERCENT)}% HST included. ${paymentSentence(quote)}`,
      ...(options > 0
        ? [
            `It also lists ${String(options)} optional item${options === 1 ? '' : 's'} you can add when you accept.`,
          ]
        : []),
      `The quote is valid until ${longDate(quote.validUntil)}. Review it and accept it online with the button below; it is also attached as a PDF.`,
      `Questions? Reply to this email or call us at ${Company.phone}.`,
    ],
    details: [
      ['Quote', quoteTitle(quote)],
      ...typedRows(reader, [['Service address', quote.serviceAddress]]),
      ['Total (HST included)', formatCad(quote.totals.totalCents)],
      ['Deposit due on acceptance', depositCell(quote)],
      ['Valid until', longDate(quote.validUntil)],
    ],
    action: { label: QuoteMailWords.reviewAndAccept, url },
    attachments: [
      {
        filename: quotePdfName(quote),
        content: pdf.toString('base64'),
        contentType: 'application/pdf',
        encoding: 'base64',
      },
    ],
  });
}

export interface QuoteAnswerDetails {
  /** The customer's address, as the quote was sent to it. */
  email: string;
  /** The name typed to accept it, when accepted. */
  acceptedBy?: string;
  /** Why it was declined, as typed, if at all. */
  reason?: string;
  /** The quote in the operators' console. */
  consoleUrl: string;
}

/**
 * The customer's answer, to the business inbox alone (the operators): everything typed is theirs
 * to read, the HTML escaped by the layout. Its subject carries only our number and revision;
 * Reply-To is the customer's address (validated as an email), so a reply reaches them.
 */
export function quoteAnsweredNotice(
  quote: CustomerQuote,
  answer: 'accepted' | 'declined',
  details: QuoteAnswerDetails,
  businessInbox: string,
): MailMessage {
  const accepted = answer === 'accepted';
  const totals = quote.totals;
  const options = optionalLines(quote);
  const chosen = options.filter((line) => line.included);
  const acceptedBy = details.acceptedBy ?? quote.acceptedBy ?? '';
  const reason = details.reason?.trim() ?? '';
  const paragraphs = accepted
    ? [
        `The customer accepted quote ${quote.number}, revision ${String(quote.revision)}, online. Reply to this email to write to them.`,
        totals.depositCents > 0
          ? `A deposit of ${formatCad(totals.depositCents)} (${String(totals.depositPercent)}%) is due; its invoice is issued when it is paid.`
          : 'No deposit is due: call the customer to book the work.',
      ]
    : [
        `The customer declined quote ${quote.number}, revision ${String(quote.revision)}. Reply to this email to write to them.`,
        reason === '' ? 'They gave no reason.' : `Their reason: ${reason}`,
      ];
  const row = (label: string, value: string): [string, string][] =>
    value.trim() === '' ? [] : [[label, value]];
  return renderEmail({
    to: businessInbox,
    replyTo: details.email,
    subject: `Quote ${quote.number}${revisionSuffix(quote)} ${answer}`,
    paragraphs,
    details: [
      ['Quote', quoteTitle(quote)],
      ['Customer', quote.customerName],
      ...row('Company', quote.company ?? ''),
      ['Email', details.email],
      ['Service address', quote.serviceAddress],
      ...(accepted ? row('Accepted by', acceptedBy) : []),
      ...(accepted && options.length > 0
        ? [
            [
              'Optional items chosen',
              chosen.length === 0
                ? 'None'
                : chosen
                    .map(
                      (line) =>
                        `${line.description} (${formatCad(line.split.totalCents)}, HST included)`,
                    )
                    .join('; '),
            ] as [string, string],
          ]
        : []),
      ['Subtotal', formatCad(totals.subtotalCents)],
      [`HST (${String(HST_RATE_PERCENT)}%)`, formatCad(totals.hstCents)],
      ['Total', formatCad(totals.totalCents)],
      ['Deposit', depositCell(quote)],
      ['Balance after the work', formatCad(totals.balanceCents)],
      ['Valid until', longDate(quote.validUntil)],
    ],
    action: { label: QuoteMailWords.openInConsole, url: details.consoleUrl },
  });
}

/**
 * The deposit is paid: its invoice (rendered for the same reader: invoice-mail.ts, attachInvoice)
 * attached, and what happens next.
 */
export function quoteDepositEmail(
  quote: CustomerQuote,
  to: string,
  invoiceAttachment: AttachedInvoice,
  url: string,
  reader: Reader,
): MailMessage {
  const totals = quote.totals;
  return renderEmail({
    to,
    subject: `We received your deposit for quote ${quote.number}`,
    paragraphs: [
      greeting(reader, quote.customerName),
      `We received your deposit of ${formatCad(totals.depositCents)} for quote ${quote.number}; thank you. Its invoice ${invoiceAttachment.number} is attached as a PDF, HST included, for your records.`,
      `${QuoteMailWords.nextStep} The balance of ${formatCad(totals.balanceCents)} is due after the work.`,
      `Questions? Reply to this email or call us at ${Company.phone}.`,
    ],
    details: [
      ['Quote', quoteTitle(quote)],
      ...typedRows(reader, [['Service address', quote.serviceAddress]]),
      ['Deposit paid', formatCad(totals.depositCents)],
      invoiceWords(invoiceAttachment).detail,
      ['Quote total (HST included)', formatCad(totals.totalCents)],
      ['Balance after the work', formatCad(totals.balanceCents)],
    ],
    action: { label: QuoteMailWords.seeQuote, url },
    attachments: [invoiceAttachment.attachment],
  });
}

/**
 * The work is done: the balance's invoice (due on receipt) attached, and the button to pay it
 * online. Sent once; the reminders after 7 and 14 days are quoteBalanceReminderEmail.
 */
export function quoteBalanceEmail(
  quote: CustomerQuote,
  to: string,
  invoiceAttachment: AttachedInvoice,
  url: string,
  reader: Reader,
): MailMessage {
  const balance = quote.totals.balanceCents;
  return renderEmail({
    to,
    subject: `The work is done: balance of quote ${quote.number} (invoice ${invoiceAttachment.number})`,
    paragraphs: [
      greeting(reader, quote.customerName),
      `Our crew finished the work of quote ${quote.number}; thank you for having us. The balance of ${formatCad(balance)} is due on receipt: its invoice ${invoiceAttachment.number} is attached as a PDF, HST included.`,
      'Pay it online with the button below, or call us to pay another way.',
      `Questions? Reply to this email or call us at ${Company.phone}.`,
    ],
    details: [
      ['Quote', quoteTitle(quote)],
      ...typedRows(reader, [['Service address', quote.serviceAddress]]),
      invoiceWords(invoiceAttachment).detail,
      ['Deposit paid', formatCad(quote.totals.depositCents)],
      ['Balance due', formatCad(balance)],
    ],
    action: { label: QuoteMailWords.payBalance, url },
    attachments: [invoiceAttachment.attachment],
  });
}

/** A balance still unpaid `days` days after its invoice: the amount, the invoice, the button. */
export function quoteBalanceReminderEmail(
  quote: CustomerQuote,
  to: string,
  invoiceNumber: string,
  days: number,
  url: string,
  reader: Reader,
): MailMessage {
  const balance = quote.totals.balanceCents;
  return renderEmail({
    to,
    subject: `Reminder: balance of ${formatCad(balance)} due (invoice ${invoiceNumber})`,
    paragraphs: [
      greeting(reader, quote.customerName),
      `A friendly reminder: the balance of ${formatCad(balance)} for the work of quote ${quote.number} (invoice ${invoiceNumber}) has been due for ${String(days)} days.`,
      'Pay it online with the button below. If you paid it in the meantime, thank you, and please ignore this email.',
      `Questions? Reply to this email or call us at ${Company.phone}.`,
    ],
    details: [
      ['Quote', quoteTitle(quote)],
      ['Invoice', invoiceNumber],
      ['Balance due', formatCad(balance)],
    ],
    action: { label: QuoteMailWords.payBalance, url },
  });
}

/** The balance is paid: its receipt attached, and thanks. */
export function quoteReceiptEmail(
  quote: CustomerQuote,
  to: string,
  receiptAttachment: AttachedInvoice,
  url: string,
  reader: Reader,
): MailMessage {
  return renderEmail({
    to,
    subject: `Receipt ${receiptAttachment.number}: quote ${quote.number} paid in full`,
    paragraphs: [
      greeting(reader, quote.customerName),
      `We received your payment of ${formatCad(quote.totals.balanceCents)}: quote ${quote.number} is paid in full. Receipt ${receiptAttachment.number} is attached as a PDF for your records.`,
      'Thank you for choosing us. We would love to hear how the work turned out.',
    ],
    details: [
      ['Quote', quoteTitle(quote)],
      ['Receipt', receiptAttachment.number],
      ['Quote total (HST included)', formatCad(quote.totals.totalCents)],
    ],
    action: { label: QuoteMailWords.seeQuote, url },
    attachments: [receiptAttachment.attachment],
  });
}
