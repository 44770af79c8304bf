/**
 * The words of the quote page that only the site says. What the API says too (a refused link,
 * why an answer changed nothing, the thanks after one) is QuoteWords, read from
 * `@hs/api/domain/quote/quote-schema` where it is shown.
 */
export const quotePageContent = {
  /** The heading and the document title: 'Quote Q-2030-0001 (revision 2)'. */
  title: (number: string, revision: number) => `Quote ${number} (revision ${String(revision)})`,
  /** Before the quote is known. */
  loadingTitle: 'Quote',
  loading: 'Loading your quote…',
  failed: 'The quote could not be loaded.',
  retry: 'Try again',
  home: 'Go to the home page',
  contact: 'Contact us',
  downloadPdf: 'Download PDF',

  details: 'Details',
  preparedFor: 'Prepared for',
  serviceAddress: 'Service address',
  status: 'Status',
  sentOn: 'Sent on',
  validUntil: 'Valid until',
  acceptedBy: 'Accepted by',
  acceptedOn: (name: string, day: string | null) => (day === null ? name : `${name}, on ${day}`),

  linesHeading: 'The work',
  linesCaption: 'The lines of the quote',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price (before tax)',
  hstColumn: (percent: number) => `HST ${String(percent)}%`,
  amount: 'Amount',
  optional: 'Optional',
  optionalHint:
    'Items marked Optional are not included unless you tick them. The totals are updated as you choose.',
  added: 'Added',
  notAdded: 'Not added',

  summaryHeading: 'Summary',
  subtotal: 'Subtotal',
  hst: (percent: number) => `HST ${String(percent)}%`,
  total: 'Total',
  depositDue: 'Deposit due now',
  depositPaid: 'Deposit paid',
  depositAmount: (amount: string, percent: number) =>
    `${amount} (${String(percent)}% of the total)`,
  balance: 'Balance after the work',
  balanceDueNow: 'Balance due now',
  balancePaid: 'Balance paid',
  updatingTotals: 'Updating the totals…',
  totalsUpdated: (total: string) => `Totals updated. Total ${total}.`,
  totalsFailed: 'The totals could not be updated.',

  noteHeading: 'A note from us',
  termsHeading: 'Terms',

  acceptHeading: 'Accept the quote',
  acceptIntro: (total: string) =>
    `By accepting, you agree to the work above for ${total}, HST included, and to its terms.`,
  acceptDepositIntro: (deposit: string) =>
    `You will then pay the deposit of ${deposit} on our payment provider’s secure page.`,
  nameLabel: 'Type your full name to accept',
  nameHint: 'Your typed name is your signature on this quote.',
  accept: 'Accept the quote',
  accepting: 'Accepting…',
  totalsPending: 'Please wait for the totals to update before accepting.',
  acceptFailed: 'Your answer could not be sent. Please try again.',
  toPayment: 'Taking you to the payment page…',

  declineHeading: 'Not going ahead?',
  declineOpen: 'Decline the quote',
  reasonLabel: 'Why are you declining? (optional)',
  reasonHint: 'It helps us do better next time.',
  declineConfirm: 'Decline the quote',
  declining: 'Sending…',
  declineCancel: 'Keep the quote',

  // Where the quote stands, once it can no longer be answered.
  acceptedHeading: 'Deposit due',
  payDeposit: 'Pay the deposit',
  payingDeposit: 'Opening the payment page…',
  paymentFailed: 'The payment page could not be opened. Please try again.',
  // The job the quote became: its visits, then the balance once the work is done.
  convertedHeading: 'Your job is booked',
  /** Accepted (and its deposit paid), its visits not booked yet. */
  acceptedJobHeading: 'Your quote is accepted',
  depositPaidNews: 'Your deposit is paid.',
  visitsHeading: 'Your visits',
  noVisitsYet: 'We will call you to book the visits.',
  visitQuestions: 'Need to change a visit? Contact us and we will arrange it.',
  balanceHeading: 'Balance due',
  /** 'The work is done. Balance due: $1,875 (invoice HS-2030-0012).' */
  balanceDue: (amount: string, invoice: string | null) =>
    `The work is done. Balance due: ${amount}${invoice === null ? '' : ` (invoice ${invoice})`}.`,
  payBalance: 'Pay the balance',
  payingBalance: 'Opening the payment page…',
  completedHeading: 'Paid in full',
  paidInFull: 'Paid in full. Thank you!',
  balanceInvoice: 'Balance invoice',
  receipt: 'Receipt',
  contactAfterWork: 'A question about the work? We are glad to help.',
  declinedHeading: 'Quote declined',
  expiredHeading: 'Quote expired',
  replacedHeading: 'Quote replaced',
  closedHeading: 'Quote closed',
  openNewRevision: 'Open the new quote',
  askNewQuote: 'Ask us for a new quote',
  dashboard: 'Go to your dashboard',

  // Back from the payment provider.
  depositConfirming: 'Thank you, your deposit is being confirmed. This page updates by itself.',
  depositSlow:
    'Your deposit is taking longer than usual to confirm. We will email you as soon as it is; you do not need to pay again.',
  balanceConfirming: 'Thank you, your payment is being confirmed. This page updates by itself.',
  balanceSlow:
    'Your payment is taking longer than usual to confirm. We will email you the receipt as soon as it is; you do not need to pay again.',
  checkAgain: 'Check again',
} as const;
