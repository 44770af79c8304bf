import express, { type Router } from 'express';
import { z } from 'zod';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { jsonResponse } from '../http/openapi/shared-responses';
import { queryOf } from '../http/request-schemas';
import type { AdminSubscriberList } from '../domain/admin/admin-views';
import { CURSORS, subscriberListSchema } from './admin-answers';
import { newestFirstCursors, withCursors, OBJECT_ID_PATTERN, oneWayOnly } from './list-cursor';
import { SUBSCRIBER_STATUSES, subscriberPage } from './subscriber-list';

const listQuery = z.object({
  status: z
    .enum(SUBSCRIBER_STATUSES, {
      error: `status must be one of: ${SUBSCRIBER_STATUSES.join(', ')}.`,
    })
    .optional(),
  ...newestFirstCursors(OBJECT_ID_PATTERN),
});

/** GET /admin/subscribers?status=: the newsletter's addresses, newest first, with the counts. */
export const adminSubscriberEndpoints = endpointGroup<unknown>('admin', [
  endpoint({
    method: 'get',
    path: '/api/admin/subscribers',
    operationId: 'adminListSubscribers',
    summary: 'Newsletter subscribers, newest first',
    description:
      'Pages are read by key: `next` (older, further down the list) and `previous` (newer) ' +
      'are places to send back as `after` and `before`, null at the ends. `total` counts what ' +
      'the status filter finds; `counts` the subscribers in each status.',
    access: 'admin',
    request: {
      query: queryOf(listQuery, { status: 'Only subscribers in this status.', ...CURSORS }),
    },
    responses: { '200': jsonResponse('A page of subscribers.', subscriberListSchema) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handle: async ({ query, res }) => {
      oneWayOnly(query);
      const list: AdminSubscriberList = withCursors(await subscriberPage(query.status, query));
      res.json(list);
    },
  }),
]);

export function adminSubscriberRoutes(deps: { guards: Guards }): Router {
  return mountEndpoints(express.Router(), adminSubscriberEndpoints, deps, { guards: deps.guards });
}
