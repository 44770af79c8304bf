/** The words of the admin area's Reviews tab (beside admin-content.ts, in the admin chunk). */

import type { ModerationStatus, ReviewStatus } from '@hs/api/domain/review/review-messages';

export const reviewsContent = {
  tab: 'Reviews',
  heading: 'Customer reviews',
  loading: 'Loading reviews…',
  empty: 'No reviews match this filter.',
  filtersLabel: 'Filter reviews',
  countsLabel: 'Reviews by status',
  statusLabel: 'Status',
  anyStatus: 'All statuses',
  statuses: ['pending', 'approved', 'hidden'] as const,
  statusLabels: {
    pending: 'Waiting for approval',
    approved: 'Approved (shown on the site)',
    hidden: 'Hidden',
  } satisfies Record<ReviewStatus, string>,
  title: (name: string, rating: number) =>
    `${name}: ${String(rating)} star${rating === 1 ? '' : 's'}`,
  service: 'Service',
  booking: 'Booking',
  received: 'Received',
  status: 'Status',
  moderated: 'Last changed',
  actionsLabel: (name: string) => `Moderate the review by ${name}`,
  actions: { approved: 'Approve', hidden: 'Hide' } satisfies Record<ModerationStatus, string>,
  working: 'Saving…',
  done: (name: string, message: string) => `${name}: ${message}`,
} as const;
