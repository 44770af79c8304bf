/**
 * The words of the admin area. Kept beside its pages rather than in web/src/content so they ride
 * in the admin chunk that only operators download.
 */

import type { AdminPlanView } from '@hs/api/domain/admin/admin-views';
import {
  UNCONFIRMED_AFTER_MINUTES,
  UnconfirmedSendWords,
  type SendDecision,
  type UnconfirmedListState,
  type UnconfirmedSendKind,
} from '@hs/api/domain/admin/unconfirmed-sends';
import type { BookingSort } from '@hs/api/domain/admin/booking-search';
import type { BookingStatus } from '@hs/api/domain/booking/booking-status';
import { AuthMessages } from '@hs/api/domain/auth/auth-messages';

export const adminContent = {
  title: 'Admin',
  description: 'Bookings, plans, messages, subscribers, newsletters and background jobs.',
  signInReason: 'Please log in with a team account to use the admin area.',
  notAllowed: AuthMessages.adminOnly,
  loadingConsole: 'Loading the admin area…',
  tabsLabel: 'Admin sections',
  retry: 'Try again',
  loadFailed: 'Something went wrong!',
  previous: 'Previous page',
  next: 'Next page',
  count: (total: number, noun: string) => `${total} ${noun}${total === 1 ? '' : 's'}`,
  /** A list paged by key: its buttons, by what lies that way in the list's order. */
  newer: 'Newer',
  older: 'Older',
  newerLabel: (nouns: string) => `Newer ${nouns}`,
  olderLabel: (nouns: string) => `Older ${nouns}`,
  previousLabel: (nouns: string) => `Previous ${nouns}`,
  nextLabel: (nouns: string) => `Next ${nouns}`,
  /** A search is not counted: what is on the page, and whether more follow. */
  found: (shown: number, more: boolean, noun: string) =>
    more ? `More than ${shown} ${noun}s found` : `${shown} ${noun}${shown === 1 ? '' : 's'} found`,
  never: '—',
} as const;

/** What an operator is asked before a move of a booking, and the answer that makes it. */
interface MoveQuestion {
  readonly question: (reference: string) => string;
  readonly yes: string;
  /** The yes button in the danger style: the booking's visit is off. */
  readonly danger?: true;
}

const MOVE_QUESTIONS: Partial<Record<BookingStatus, MoveQuestion>> = {
  cancelled: {
    question: (reference) => `Cancel booking ${reference}? This cannot be undone.`,
    yes: 'Yes, cancel it',
    danger: true,
  },
  refunded: {
    question: (reference) =>
      `Refund booking ${reference}? Its visit is called off and the money goes back. This cannot be undone.`,
    yes: 'Yes, refund it',
    danger: true,
  },
  done: {
    question: (reference) => `Mark booking ${reference} as done? This cannot be undone.`,
    yes: 'Yes, it is done',
  },
  no_show: {
    question: (reference) => `Mark booking ${reference} as a no-show? Nobody was there.`,
    yes: 'Yes, a no-show',
  },
  paid: {
    question: (reference) =>
      `Mark booking ${reference} as paid? The customer gets the booking confirmation.`,
    yes: 'Yes, it is paid',
  },
};

export const bookingsContent = {
  tab: 'Bookings',
  heading: 'Bookings',
  loading: 'Loading bookings…',
  empty: 'No bookings match these filters.',
  emptySearch: (search: string) => `No booking matches “${search}” with these filters.`,
  searchLabel: 'Search bookings',
  searchHint: 'Name, email, phone, reference or postal code.',
  search: 'Search',
  filtersLabel: 'Filter bookings',
  dateLabel: 'Visit date',
  statusLabel: 'Status',
  anyStatus: 'All statuses',
  sortLabel: 'Order',
  sorts: {
    upcoming: 'Today and upcoming first',
    latest: 'Latest visit date first',
  } satisfies Record<BookingSort, string>,
  clearFilters: 'Clear search and filters',
  captions: {
    upcoming: 'Bookings: today’s and upcoming visits first, soonest first, then past visits',
    latest: 'Bookings, latest visit date first',
  } satisfies Record<BookingSort, string>,
  columns: {
    reference: 'Reference',
    date: 'Date',
    window: 'Window',
    service: 'Service',
    plan: 'Plan',
    customer: 'Customer',
    status: 'Status',
    photo: 'Photo',
    change: 'Change status',
  },
  noPhoto: 'None',
  photoAlt: (reference: string) => `Photo sent with booking ${reference}`,
  openPhoto: (reference: string) => `Open the photo of booking ${reference} at full size`,
  photoTitle: (reference: string) => `Photo of booking ${reference}`,
  noMoves: 'No further changes',
  newStatusLabel: (reference: string) => `New status for ${reference}`,
  /** The status menu's first line: nothing is chosen until the operator chooses. */
  chooseStatus: 'Change status…',
  apply: 'Change',
  applying: 'Changing…',
  /** Every move asks once more: each tells the customer something or cannot be taken back. */
  moveQuestions: MOVE_QUESTIONS,
  moveQuestion: (reference: string, status: string) => `Move booking ${reference} to ${status}?`,
  moveYes: 'Yes, move it',
  confirmNo: 'Keep it',
  changed: (reference: string, status: string) => `Booking ${reference} is now ${status}.`,
} as const;

/** The Schedule tab; the board's own words ride in its chunk (schedule/schedule-content.ts). */
export const scheduleTabContent = {
  tab: 'Schedule',
  loading: 'Loading the schedule board…',
} as const;

export const plansContent = {
  tab: 'Plans',
  heading: 'Monthly Visit plans',
  loading: 'Loading plans…',
  empty: 'No plans match this filter.',
  filtersLabel: 'Filter plans',
  statusLabel: 'Status',
  anyStatus: 'All statuses',
  statuses: ['incomplete', 'active', 'past_due', 'ended'] as const,
  statusLabels: {
    incomplete: 'Not started (first month unpaid)',
    active: 'Active',
    past_due: 'Past due',
    ended: 'Ended',
  } satisfies Record<AdminPlanView['status'], string>,
  caption: 'Monthly Visit plans, newest first',
  columns: {
    reference: 'Reference',
    customer: 'Customer',
    service: 'Service',
    status: 'Status',
    renewal: 'Next renewal',
    ending: 'Ends at period end?',
    visits: 'Upcoming visits',
    failures: 'Failed payments',
    actions: 'Actions',
  },
  yes: 'Yes',
  no: 'No',
  ended: (when: string) => `Ended ${when}`,
  visitCount: (count: number) =>
    count === 0 ? 'None' : `${String(count)} visit${count === 1 ? '' : 's'}`,
  noFailures: 'None',
  /** A paid visit no window of its week could take: call the customer to arrange it. */
  toArrange: (week: string) => `To arrange: week of ${week}`,
  failure: (when: string, attempt: number, final: boolean) =>
    `${when}, attempt ${String(attempt)}${final ? ' (final)' : ''}`,
  failurePeriod: (period: string) => `for the month from ${period}`,
  cancel: 'Cancel plan',
  cancelLabel: (reference: string) => `Cancel plan ${reference}`,
  confirmCancel: (reference: string) =>
    `End plan ${reference} now? Billing stops and its visits still to come are called off. This cannot be undone.`,
  confirmYes: 'Yes, end it now',
  confirmNo: 'Keep it',
  cancelling: 'Ending…',
  renew: 'Renew now',
  renewDeclined: 'Renew now with declined card',
  renewLabel: (reference: string) => `Renew plan ${reference} now`,
  renewDeclinedLabel: (reference: string) => `Renew plan ${reference} now with a declined card`,
  renewing: 'Renewing…',
  /** The test provider's renewal, for developers to watch one: not offered with real billing. */
  renewHint: 'Renewing now is offered by the local test provider only, to watch a renewal happen.',
  outcome: (reference: string, outcome: string) => `${reference}: ${outcome}`,
} as const;

export const messagesContent = {
  tab: 'Messages',
  heading: 'Contact messages',
  loading: 'Loading messages…',
  empty: 'No messages yet.',
  from: 'From',
  phone: 'Phone',
  received: 'Received',
} as const;

export const subscribersContent = {
  tab: 'Subscribers',
  heading: 'Newsletter subscribers',
  loading: 'Loading subscribers…',
  empty: 'No subscribers match this filter.',
  countsLabel: 'Subscribers by status',
  statusLabel: 'Status',
  filtersLabel: 'Filter subscribers',
  anyStatus: 'All statuses',
  statuses: ['pending', 'confirmed', 'unsubscribed'] as const,
  statusLabels: {
    pending: 'Pending',
    confirmed: 'Confirmed',
    unsubscribed: 'Unsubscribed',
  } as Record<string, string>,
  caption: 'Subscribers, newest first',
  columns: { email: 'Email', status: 'Status', since: 'Signed up', confirmed: 'Confirmed' },
} as const;

export const campaignsContent = {
  tab: 'Campaigns',
  heading: 'Newsletter campaigns',
  loading: 'Loading campaigns…',
  empty: 'No campaigns yet.',
  caption: 'Campaigns, newest first',
  columns: {
    subject: 'Subject',
    status: 'Status',
    created: 'Created',
    progress: 'Progress',
    actions: 'Actions',
  },
  statusLabels: {
    draft: 'Draft',
    sending: 'Sending',
    paused: 'Paused',
    sent: 'Sent',
    cancelled: 'Cancelled',
  },
  progress: (sent: number, failed: number, pending: number, total: number) =>
    `${sent} sent, ${failed} failed, ${pending} pending of ${total}`,
  progressLabel: (subject: string) => `Delivery of ${subject}`,
  unconfirmed: (count: number) =>
    `${count} unconfirmed: a worker stopped before the mail server answered. Each reached its reader unless the worker stopped just before the end of the message; none is sent again by itself. Decide on each under Queues, Unconfirmed emails.`,
  actions: { send: 'Send', pause: 'Pause', resume: 'Resume' },
  actionLabel: (action: string, subject: string) => `${action} ${subject}`,
  confirmSend: (subject: string) => `Send “${subject}” to every confirmed subscriber?`,
  confirmYes: 'Yes, send it',
  confirmNo: 'Not yet',
  /** The banner after send, pause or resume: where the campaign really is, read again. */
  state: {
    sending: (subject: string, sent: number, total: number, fixed: boolean) =>
      fixed
        ? `Sending “${subject}”… ${sent} of ${total} sent so far.`
        : `Sending “${subject}”… ${sent} sent so far.`,
    sent: (subject: string, sent: number, failed: number) =>
      `“${subject}” is sent: ${sent} sent, ${failed} failed.`,
    paused: (subject: string) => `“${subject}” is paused.`,
    draft: (subject: string) => `“${subject}” is a draft.`,
    cancelled: (subject: string) => `“${subject}” is cancelled.`,
  },
  preview: 'Preview',
  previewLabel: (subject: string) => `Preview ${subject}`,
  previewHeading: (subject: string) => `Preview: “${subject}”`,
  previewLoading: 'Loading the preview…',
  previewIntro:
    'As subscribers will get it. The unsubscribe links here lead nowhere; each reader’s own works.',
  previewSubject: 'Subject',
  previewHtml: 'The email (HTML part)',
  previewHtmlFrame: (subject: string) => `HTML part of “${subject}”`,
  previewText: 'Text part',
  previewTextLabel: (subject: string) => `Text part of “${subject}”`,
  closePreview: 'Close preview',
  edit: 'Edit draft',
  sendTest: 'Send a test to me',
  sendingTest: 'Sending the test…',
  deleteDraft: 'Delete draft',
  confirmDelete: (subject: string) => `Delete the draft “${subject}”? This cannot be undone.`,
  confirmDeleteYes: 'Yes, delete it',
  confirmDeleteNo: 'Keep it',
  deleted: (subject: string) => `The draft “${subject}” is deleted.`,
  formHeading: 'New campaign',
  editHeading: (subject: string) => `Edit draft “${subject}”`,
  subjectLabel: 'Subject',
  bodyLabel: 'Body (Markdown)',
  bodyLabelHtml: 'Body (HTML)',
  bodyHint: 'Written in Markdown. Every email adds our address and an unsubscribe link.',
  bodyHintHtml: 'Written in HTML. Every email adds our address and an unsubscribe link.',
  create: 'Save as draft',
  creating: 'Saving…',
  save: 'Save changes',
  cancelEdit: 'Cancel editing',
  created: (subject: string) => `“${subject}” is saved as a draft.`,
  saved: (subject: string) => `“${subject}” is saved.`,
  fixErrors: 'Please correct the fields marked below.',
} as const;

export const queuesContent = {
  tab: 'Queues',
  heading: 'Background jobs',
  intro:
    'Emails, reminders and newsletters are sent by background jobs. The queue dashboard shows ' +
    'each queue, the jobs that failed and why, and lets you retry them.',
  open: 'Open queue dashboard',
  opening: 'Opening…',
  /** On the way back from signing in to a dashboard page. */
  openingPage: 'Opening the queue dashboard page you asked for…',
} as const;

/**
 * Sends whose mail server's answer never came back (docs/features.md, "Unconfirmed sends get a
 * human decision"): shown under Queues, where operators look after the background jobs that
 * send every email.
 */
export const unconfirmedContent = {
  heading: 'Unconfirmed emails',
  intro:
    'Emails and newsletters handed to the mail server in full whose answer never came back: the ' +
    'worker sending them stopped in between. Each most likely reached its reader, and none is ' +
    'sent again by itself. If the customer did not get one, send it again; if they did, mark it ' +
    `as delivered. A send is listed ${String(UNCONFIRMED_AFTER_MINUTES)} minutes after it was ` +
    'handed over, once no answer can still be on its way.',
  loading: 'Loading unconfirmed emails…',
  filtersLabel: 'Which unconfirmed emails',
  viewLabel: 'Show',
  views: {
    unconfirmed: 'Waiting for a decision',
    decided: 'Decided',
  } satisfies Record<UnconfirmedListState, string>,
  captions: {
    unconfirmed: 'Unconfirmed emails waiting for a decision, newest first',
    decided: 'Decided emails, latest decision first',
  } satisfies Record<UnconfirmedListState, string>,
  empties: {
    unconfirmed: 'No email is waiting for a decision.',
    decided: 'No email has been decided on yet.',
  } satisfies Record<UnconfirmedListState, string>,
  columns: {
    to: 'Recipient',
    subject: 'Subject or campaign',
    kind: 'Kind',
    committed: 'Handed to the mail server',
    decisions: 'Decisions',
    actions: 'Actions',
  },
  kinds: { email: 'Email', newsletter: 'Newsletter' } satisfies Record<UnconfirmedSendKind, string>,
  noDecisions: 'None yet',
  decision: (decision: SendDecision, adminEmail: string, when: string) =>
    `${UnconfirmedSendWords.decisionLabel(decision)} by ${adminEmail}, ${when}`,
  actionsLabel: (subject: string, to: string) => `Decide on “${subject}” to ${to}`,
  actions: {
    'send-again': UnconfirmedSendWords.decisionLabel('send-again'),
    'mark-delivered': UnconfirmedSendWords.decisionLabel('mark-delivered'),
  } satisfies Record<SendDecision, string>,
  questions: {
    'send-again': (subject: string, to: string) =>
      `Send “${subject}” to ${to} again? Only if they did not get it: if they did, they get it twice.`,
    'mark-delivered': (subject: string, to: string) =>
      `Mark “${subject}” to ${to} as delivered? It leaves this list and is never sent again.`,
  } satisfies Record<SendDecision, (subject: string, to: string) => string>,
  yes: {
    'send-again': 'Yes, send it again',
    'mark-delivered': 'Yes, it arrived',
  } satisfies Record<SendDecision, string>,
  no: 'Not now',
  working: 'Working…',
  cannotSendAgain: 'Cannot be sent again from here.',
  pagesLabel: 'Pages of unconfirmed emails',
  newer: 'Newer',
  older: 'Older',
} as const;
