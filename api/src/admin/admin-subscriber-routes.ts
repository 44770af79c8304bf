import express, { type Router } from 'express';
import { z } from 'zod';
import type { AdminSubscriberList, AdminSubscriberView } from '../domain/admin/admin-views';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { jsonResponse } from '../http/openapi/shared-responses';
import { queryOf } from '../http/request-schemas';
import { SubscriberModel, type SubscriberDocument } from '../newsletter/subscriber-model';
import { countsByStatus } from '../platform/mongo';
import { PAGE, subscriberListSchema } from './admin-answers';
import { pageParam, pageWindow } from '../domain/admin/admin-query';

const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;

const listQuery = z.object({
  status: z
    .enum(SUBSCRIBER_STATUSES, {
      error: `status must be one of: ${SUBSCRIBER_STATUSES.join(', ')}.`,
    })
    .optional(),
  page: pageParam,
});

function subscriberView(subscriber: SubscriberDocument): AdminSubscriberView {
  return {
    id: subscriber.id as string,
    email: subscriber.email,
    status: subscriber.status,
    createdAt: subscriber.createdAt.toISOString(),
    confirmedAt: subscriber.confirmedAt?.toISOString() ?? null,
  };
}

/** GET /admin/subscribers?status=: the newsletter's addresses, newest first, with the counts. */
export const adminSubscriberEndpoints = endpointGroup<unknown>('admin', [
  endpoint({
    method: 'get',
    path: '/api/admin/subscribers',
    operationId: 'adminListSubscribers',
    summary: 'Newsletter subscribers, newest first',
    access: 'admin',
    request: {
      query: queryOf(listQuery, { status: 'Only subscribers in this status.', ...PAGE }),
    },
    responses: { '200': jsonResponse('A page of subscribers.', subscriberListSchema) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handle: async ({ query, res }) => {
      const { page, pageSize, skip } = pageWindow(query.page);
      const filter = query.status ? { status: query.status } : {};
      const [subscribers, total, counts] = await Promise.all([
        SubscriberModel.find(filter).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(pageSize),
        SubscriberModel.countDocuments(filter),
        countsByStatus(SubscriberModel, SUBSCRIBER_STATUSES),
      ]);
      const list: AdminSubscriberList = {
        subscribers: subscribers.map(subscriberView),
        counts,
        total,
        page,
        pageSize,
      };
      res.json(list);
    },
  }),
]);

export function adminSubscriberRoutes(deps: { guards: Guards }): Router {
  return mountEndpoints(express.Router(), adminSubscriberEndpoints, deps, { guards: deps.guards });
}
