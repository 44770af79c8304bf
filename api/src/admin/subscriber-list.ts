import { pageWindow } from '../domain/admin/admin-query';
import type { AdminSubscriberList, AdminSubscriberView } from '../domain/admin/admin-views';
import { SubscriberModel, type SubscriberDocument } from '../newsletter/subscriber-model';
import { countsByStatus, totalOf } from '../platform/mongo';

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
 * all, with the count of each status.
 */
export async function subscriberPage(
  status: SubscriberStatus | undefined,
  requested: number,
): Promise<AdminSubscriberList> {
  const { page, pageSize, skip } = pageWindow(requested);
  const filter = status ? { status } : {};
  const [subscribers, total, counts] = await Promise.all([
    SubscriberModel.find(filter).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(pageSize),
    totalOf(SubscriberModel, filter),
    countsByStatus(SubscriberModel, SUBSCRIBER_STATUSES),
  ]);
  return { subscribers: subscribers.map(subscriberView), counts, total, page, pageSize };
}
