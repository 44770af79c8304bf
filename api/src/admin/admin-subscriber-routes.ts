import express, { type Router } from 'express';
import { z } from 'zod';
import type { AuthTokens } from '../accounts/auth-tokens';
import type { AdminSubscriberList, AdminSubscriberView } from '../domain/admin/admin-views';
import { endpointGroup, mountEndpoints } from '../http/endpoint';
import { jsonResponse } from '../http/openapi/shared-responses';
import { queryParameters } from '../http/openapi/zod-to-openapi';
import { parseBody } from '../http/parse-body';
import { SubscriberModel, type SubscriberDocument } from '../newsletter/subscriber-model';
import { countsByStatus } from '../platform/mongo';
import { PAGE, subscriberListSchema } from './admin-answers';
import { adminOnly } from './admin-guard';
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
export const adminSubscriberEndpoints = endpointGroup<{ tokens: AuthTokens }>('admin', [
  {
    method: 'get',
    path: '/api/admin/subscribers',
    operationId: 'adminListSubscribers',
    summary: 'Newsletter subscribers, newest first',
    access: 'admin',
    request: {
      query: queryParameters(listQuery, { status: 'Only subscribers in this status.', ...PAGE }),
    },
    responses: { '200': jsonResponse('A page of subscribers.', subscriberListSchema) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handlers: (deps) => [
      ...adminOnly(deps.tokens),
      async (req, res) => {
        const query = parseBody(listQuery, { ...req.query });
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
    ],
  },
]);

export function adminSubscriberRoutes(deps: { tokens: AuthTokens }): Router {
  return mountEndpoints(express.Router(), adminSubscriberEndpoints, deps);
}
