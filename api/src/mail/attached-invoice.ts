import type { MailMessage } from '../platform/mailer';

/**
 * An issued invoice or credit note on its way into an email: its number for the words, its PDF as
 * the attachment. The emails of bookings and plans take it without knowing where it came from
 * (invoices/ sits above them).
 */
export interface AttachedInvoice {
  number: string;
  attachment: NonNullable<MailMessage['attachments']>[number];
}

/** The sentence and detail row every email with an invoice carries. */
export function invoiceWords(invoice: AttachedInvoice): {
  paragraph: string;
  detail: [string, string];
} {
  return {
    paragraph: `Your invoice ${invoice.number} is attached as a PDF; you can also download it from your dashboard or the manage page at any time.`,
    detail: ['Invoice', invoice.number],
  };
}
