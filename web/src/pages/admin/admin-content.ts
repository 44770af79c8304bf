/**
 * The words of the admin area. Kept beside its pages rather than in web/src/content so they ride
 * in the admin chunk that only operators download.
 */

import type { AdminPlanView } from '@hs/api/domain/admin/admin-views';
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
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  count: (total: number, noun: string) => `${total} ${noun}${total === 1 ? '' : 's'}`,
  never: '—',
} as const;

export const bookingsContent = {
  tab: 'Bookings',
  heading: 'Bookings',
  loading: 'Loading bookings…',
  empty: 'No bookings match these filters.',
  filtersLabel: 'Filter bookings',
  dateLabel: 'Visit date',
  statusLabel: 'Status',
  anyStatus: 'All statuses',
  clearFilters: 'Clear filters',
  caption: 'Bookings, latest visit date first',
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
  apply: 'Change',
  applying: 'Changing…',
  confirmCancel: (reference: string) => `Cancel booking ${reference}? This cannot be undone.`,
  confirmYes: 'Yes, cancel it',
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
    `${count} unconfirmed: a worker stopped before the mail server answered. Each reached its reader unless the worker stopped just before the end of the message; none is sent twice.`,
  actions: { send: 'Send', pause: 'Pause', resume: 'Resume' },
  actionLabel: (action: string, subject: string) => `${action} ${subject}`,
  confirmSend: (subject: string) => `Send “${subject}” to every confirmed subscriber?`,
  confirmYes: 'Yes, send it',
  confirmNo: 'Not yet',
  done: {
    send: (subject: string) => `Sending “${subject}”.`,
    pause: (subject: string) => `“${subject}” is paused.`,
    resume: (subject: string) => `Sending “${subject}” again.`,
  },
  formHeading: 'New campaign',
  subjectLabel: 'Subject',
  bodyLabel: 'Body (Markdown)',
  bodyHint: 'Written in Markdown. Every email adds our address and an unsubscribe link.',
  create: 'Save as draft',
  creating: 'Saving…',
  created: (subject: string) => `“${subject}” is saved as a draft.`,
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
} as const;
