import { greeting, type Reader } from '../accounts/typed-text';
import { formatCad } from '../domain/booking/catalogue';
import { InvoiceWords, type InvoiceView } from '../domain/invoice/invoice-schema';
import { Company } from '../domain/company';
import type { AttachedInvoice } from '../mail/attached-invoice';
import { renderEmail } from '../mail/email-layout';
import type { MailMessage } from '../platform/mailer';
import type { Invoice } from './invoice-model';
import { renderInvoicePdf } from './invoice-pdf';
import { invoiceView } from './invoice-view';

/**
 * The document as an email may carry it: what the booker typed (name, company, service address)
 * only to a reader who proved the address, like every email's words (accounts/typed-text.ts).
 */
export function viewForReader(view: InvoiceView, reader: Reader): InvoiceView {
  if (reader === 'proven') return view;
  return {
    ...view,
    buyer: {
      name: InvoiceWords.buyerInMail,
      company: null,
      email: view.buyer.email,
      serviceAddress: InvoiceWords.addressInMail,
    },
  };
}

/** The document's PDF as an email attachment for `reader`, named by its number. */
export async function attachInvoice(invoice: Invoice, reader: Reader): Promise<AttachedInvoice> {
  const pdf = await renderInvoicePdf(viewForReader(invoiceView(invoice), reader));
  return {
    number: invoice.number,
    attachment: {
      filename: `${invoice.number}.pdf`,
      content: pdf.toString('base64'),
      contentType: 'application/pdf',
      encoding: 'base64',
    },
  };
}

/**
 * A refund's credit note, to the customer the invoice was issued to (never to anyone a form
 * named later): the refund's amount and its HST, and the PDF.
 */
export function creditNoteEmail(
  creditNote: Invoice,
  attached: AttachedInvoice,
  manageUrl: string | null,
  reader: Reader,
): MailMessage {
  const credited = creditNote.creditedInvoice?.number ?? '';
  return renderEmail({
    to: creditNote.buyer.email,
    subject: `Credit note ${creditNote.number} for your refund (${creditNote.reference})`,
    paragraphs: [
      greeting(reader, creditNote.buyer.name),
      `Your refund of ${formatCad(creditNote.totalCents)} for booking ${creditNote.reference} is on its way to your card. Credit note ${creditNote.number}, attached as a PDF, cancels invoice ${credited}, HST included, for your records.`,
      `Questions? Reply to this email or call us at ${Company.phone}.`,
    ],
    details: [
      ['Credit note', creditNote.number],
      ['Credits invoice', credited],
      ['Amount before tax', formatCad(creditNote.subtotalCents)],
      ['HST (13%)', formatCad(creditNote.hstCents)],
      ['Total refunded', formatCad(creditNote.totalCents)],
    ],
    ...(manageUrl ? { action: { label: 'See your booking', url: manageUrl } } : {}),
    attachments: [attached.attachment],
  });
}
