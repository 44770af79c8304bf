import type { AdminSubscriberList, AdminSubscriberView } from '../domain/admin/admin-views';
import { ADMIN_PAGE_SIZE } from '../domain/admin/admin-views';
import { SubscriberModel, type SubscriberDocument } from '../newsletter/subscriber-model';
import { countsByStatus, totalOf } from '../platform/mongo';
import { newestFirstPage, type NewestFirstRange, type WithPlaces } from '../platform/newest-first';

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

function subscriberView(subscriber: SubscriberDocument): AdminSubscriberView {
  return {
    id: subscriber.id as string,
    email: subscriber.email,
    status: subscriber.status,
    createdAt: subscriber.createdAt.toISOString(),
    confirmedAt: subscriber.confirmedAt?.toISOString() ?? null,
  };
}

/**
 * The operators' read of the newsletter's addresses: one page, newest first, of one status or
 * all, read by key (from the top, after a place or before one), with the count of each status.
 */
export async function subscriberPage(
  status: SubscriberStatus | undefined,
  range: Omit<NewestFirstRange, 'limit'>,
): Promise<WithPlaces<AdminSubscriberList>> {
  const filter = status ? { status } : {};
  const [page, total, counts] = await Promise.all([
    newestFirstPage<SubscriberDocument>(SubscriberModel, filter, {
      ...range,
      limit: ADMIN_PAGE_SIZE,
    }),
    totalOf(SubscriberModel, filter),
    countsByStatus(SubscriberModel, SUBSCRIBER_STATUSES),
  ]);
  return {
    subscribers: page.rows.map(subscriberView),
    counts,
    total,
    pageSize: ADMIN_PAGE_SIZE,
    next: page.next,
    previous: page.previous,
  };
}
