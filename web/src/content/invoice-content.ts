/**
 * The words of invoices and credit notes on the site: the lists on the dashboard and the manage
 * page, the invoice page, and the company field the booking form and the profile share. What the
 * API says too (InvoiceWords.notFound) is read from `@hs/api/domain/invoice/invoice-schema` where
 * it is shown; this module imports no code, so the forms that use the field stay as light.
 */
import type { DocumentKind } from '@hs/api/domain/invoice/document-number';

/** The optional company an invoice is made out to, on the booking form and the profile. */
export const companyField = {
  label: 'Company (for invoices)',
  autoComplete: 'organization',
} as const;

export const documentKindLabels: Record<DocumentKind, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  receipt: 'Receipt',
};

/** The card brands the payment provider names, as people write them. */
const CARD_BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  interac: 'Interac',
};

function cardName(brand: string | null): string {
  if (brand === null || brand.trim() === '') return 'card';
  const known = CARD_BRANDS[brand.toLowerCase()];
  return known ?? `${brand.charAt(0).toUpperCase()}${brand.slice(1)}`;
}

/** The list of an account's or a booking's documents. */
export const invoiceListContent = {
  heading: 'Invoices',
  loading: 'Loading your invoices…',
  retry: 'Try again',
  failed: 'Your invoices could not be loaded.',
  empty: "No invoices yet. Each payment's invoice appears here.",
  caption: 'Your invoices and credit notes',
  number: 'Number',
  kind: 'Type',
  date: 'Date',
  reference: 'Reference',
  total: 'Total',
  actions: 'Actions',
  view: 'View',
} as const;

/** The PDF download, wherever it is offered. */
export const invoicePdfContent = {
  download: 'Download PDF',
  preparing: 'Preparing PDF…',
  failed: 'The PDF could not be downloaded. Please try again.',
  /** Before what the API or the network said. */
  failedBecause: 'The PDF could not be downloaded.',
} as const;

/** The invoice page: the document as the PDF prints it. */
export const invoicePageContent = {
  /** The page's heading and document title: 'Invoice HS-2026-000001'. */
  title: (kind: DocumentKind, number: string) => `${documentKindLabels[kind]} ${number}`,
  /** Before the document is known. */
  loadingTitle: 'Invoice',
  loading: 'Loading the invoice…',
  failed: 'The invoice could not be loaded.',
  retry: 'Try again',
  home: 'Go to the home page',
  dashboard: 'Go to your dashboard',
  backToDashboard: 'Back to your dashboard',
  backToBooking: 'Back to your booking',
  print: 'Print',
  registration: 'GST/HST Registration No.',
  billTo: 'Bill to',
  details: 'Details',
  number: 'Number',
  date: 'Date',
  reference: 'Reference',
  creditsInvoice: 'Credits invoice',
  linesCaption: 'What it is for',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price (before tax)',
  hstColumn: (percent: number) => `HST ${String(percent)}%`,
  amount: 'Amount',
  subtotal: 'Subtotal',
  hstTotal: (percent: number) => `HST (${String(percent)}%)`,
  totalDue: 'Total due',
  notPaidYet: 'Not paid yet: due on receipt',
  totalPaid: 'Total paid',
  totalCredited: 'Total credited',
  paidBy: (brand: string | null, last4: string | null) =>
    last4 === null ? `Paid by ${cardName(brand)}` : `Paid by ${cardName(brand)} ending ${last4}`,
  refundedTo: (brand: string | null, last4: string | null) =>
    last4 === null
      ? `Refunded to ${cardName(brand)}`
      : `Refunded to ${cardName(brand)} ending ${last4}`,
  terms: 'Terms',
} as const;
