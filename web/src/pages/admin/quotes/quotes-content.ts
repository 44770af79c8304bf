/** The words of the admin area's Quotes tab (in the tab's own chunk, beside its pages). */

import { QUOTE_LIMITS } from '@hs/api/domain/quote/quote-schema';
import {
  QUOTE_STATUS_LABELS,
  QUOTE_STATUSES,
  type QuoteStatus,
} from '@hs/api/domain/quote/quote-status';

/** The tab's name, read by the console without loading the tab's chunk. */
export const quotesTabContent = {
  tab: 'Quotes',
  loading: 'Loading quotes…',
} as const;

/** What the Bookings tab says about writing a quote for an estimate request. */
export const writeQuoteContent = {
  write: 'Write a quote',
  writing: 'Opening…',
  /** The button's name, for a row among many. */
  writeFor: (reference: string) => `Write a quote for ${reference}`,
  created: (number: string, reference: string) =>
    `Draft quote ${number} was created for estimate ${reference}.`,
} as const;

const revisionWords = (revision: number) => `rev ${String(revision)}`;

export const quotesContent = {
  heading: 'Quotes',
  loading: 'Loading quotes…',
  empty: 'No quotes match these filters.',
  emptySearch: (search: string) => `No quote matches “${search}” with these filters.`,
  intro:
    'Quotes are written for estimate requests: use “Write a quote” on the request in the Bookings tab.',
  searchLabel: 'Search quotes',
  searchHint: 'Customer name, email or quote number.',
  search: 'Search',
  filtersLabel: 'Filter quotes',
  statusLabel: 'Status',
  anyStatus: 'All statuses',
  statuses: QUOTE_STATUSES,
  statusLabels: QUOTE_STATUS_LABELS satisfies Record<QuoteStatus, string>,
  clearFilters: 'Clear search and filters',
  caption: 'Quotes, latest change first',
  columns: {
    number: 'Quote',
    customer: 'Customer',
    email: 'Email',
    status: 'Status',
    total: 'Total',
    sent: 'Sent',
  },
  revision: revisionWords,
  openQuote: (number: string, revision: number) => `${number} ${revisionWords(revision)}`,
  notSent: 'Not sent',
  estimate: (reference: string) => `Estimate ${reference}`,
} as const;

/** One quote: its heading, who it is for, where it stands and what happened to it. */
export const quoteDetailContent = {
  loading: 'Loading the quote…',
  back: 'All quotes',
  title: (number: string, revision: number) => `Quote ${number}, revision ${String(revision)}`,
  factsLabel: 'About this quote',
  status: 'Status',
  customer: 'Customer',
  company: 'Company',
  email: 'Email',
  phone: 'Phone',
  address: 'Service address',
  estimate: 'Estimate request',
  sent: 'Sent',
  updated: 'Last changed',
  validUntil: 'Valid until',
  linksLabel: 'Links',
  previous: 'Previous revision',
  replacedBy: 'Newer revision',
  nextDraft: 'Draft revision being written',
  customerLink: 'The customer’s page',
  customerLinkHint: 'Opens what the customer reads, in a new tab.',
  pdf: 'PDF',
  pdfLabel: (number: string, revision: number) =>
    `PDF of quote ${number}, revision ${String(revision)}`,
  pdfLoading: 'Preparing the PDF…',
  acceptance: 'Acceptance',
  acceptedBy: 'Accepted by',
  acceptedAt: 'Accepted at',
  acceptedIp: 'From address',
  chosenItems: 'Optional items chosen',
  noChosenItems: 'None',
  chosenItem: (line: number, description: string) => `Line ${String(line)}: ${description}`,
  declined: 'Declined',
  declineReason: 'Reason given',
  noReason: 'No reason given.',
  depositInvoice: 'Deposit invoice',
  history: 'History',
  noHistory: 'Nothing has happened to this quote yet.',
  revise: 'Make a new revision',
  revising: 'Making a new revision…',
  revised: (revision: number) =>
    `Revision ${String(revision)} is a draft: change it, then send it to the customer.`,
  openDraft: 'Open the draft revision',
  readOnly: 'A sent quote cannot be changed: make a new revision to change it.',
  lines: 'Lines',
  linesCaption: (number: string) => `Lines of quote ${number}`,
  lineColumns: {
    line: 'Line',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    optional: 'Optional',
  },
  yes: 'Yes',
  no: 'No',
  chosen: 'Yes, chosen by the customer',
  noLines: 'This quote has no lines.',
  depositPercent: 'Deposit',
  depositDefault: 'Default',
  terms: 'Terms',
  note: 'Note to the customer',
  none: 'None',
} as const;

/** The draft's editor. */
export const quoteEditorContent = {
  heading: 'Edit the draft',
  formLabel: 'Quote draft',
  linesHeading: 'Lines',
  linesCaption: 'Lines of the quote (prices include HST)',
  lineColumns: {
    line: 'Line',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price ($)',
    optional: 'Optional',
    actions: 'Actions',
  },
  lineName: (line: number) => `Line ${String(line)}`,
  /** Visible words of each control; `, line N` is added for screen readers. */
  description: 'Description',
  quantity: 'Quantity',
  unitPrice: 'Unit price ($)',
  optional: 'Optional',
  lineSuffix: (line: number) => `, line ${String(line)}`,
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove',
  addLine: 'Add a line',
  noLines: 'No lines yet: add the first one.',
  tooManyLines: `A quote may have at most ${String(QUOTE_LIMITS.maxLines)} lines.`,
  linesHint:
    'Type unit prices in dollars, HST included (1250.00). A blank line is not saved. Optional items are offered to the customer, who may add them.',
  validUntil: 'Valid until',
  depositPercent: 'Deposit (%)',
  depositHint:
    'Leave empty for the default: 25 % when the total is $1,000 or more, no deposit below.',
  terms: 'Terms',
  note: 'Note to the customer',
  // Autosave.
  saving: 'Saving…',
  saved: 'Saved',
  unsaved: 'Changes not saved yet…',
  invalid: 'Not saved: correct the marked fields.',
  notSaved: (error: string) => `Not saved: ${error}`,
  leaveWarning: 'The quote has changes not saved yet.',
  // Local checks of what can only be typed wrong in the browser.
  priceRequired: 'Type the unit price, like 1250.00.',
  priceFormat: 'Type the unit price in dollars, like 1250.00.',
  priceDecimals: 'A price has at most two decimals (cents).',
  priceTooLarge: 'Unit price may be at most $100,000.',
  quantityRequired: 'Type a quantity.',
  quantityFormat: 'Quantity must be a whole number.',
  depositFormat: 'Type a whole percent from 0 to 100, or leave it empty.',
  otherErrors: 'Also to correct:',
  // Totals: the server's.
  totalsHeading: 'Totals',
  totalsHint: 'Prices include HST. The totals are worked out by the server when the quote saves.',
  totalsStale: 'Totals as of the last save.',
  subtotal: 'Before tax',
  hst: 'HST',
  total: 'Total',
  deposit: (percent: number) => `Deposit (${String(percent)} %)`,
  balance: 'Balance after the deposit',
  withOptions: 'With all optional items',
  totalWithOptions: 'Total with all optional items',
  depositWithOptions: (percent: number) => `Deposit with all optional items (${String(percent)} %)`,
  balanceWithOptions: 'Balance with all optional items',
  acceptedTotals: 'As accepted (with the items the customer chose)',
  // Sending.
  send: 'Send to customer',
  sending: 'Sending…',
  sendHint: 'The customer gets an email with the link and the PDF.',
  sendNeedsSave: 'Wait until the draft is saved to send it.',
  sendNeedsLine: 'Add at least one line to send the quote.',
  sendQuestion: (number: string, email: string) =>
    `Send quote ${number} to ${email}? The customer gets the link and the PDF by email.`,
  sendYes: 'Yes, send it',
  sendNo: 'Not yet',
} as const;
