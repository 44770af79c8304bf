import express, { type Router } from 'express';
import { z } from 'zod';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { jsonResponse } from '../http/openapi/shared-responses';
import { queryOf } from '../http/request-schemas';
import { PAGE, subscriberListSchema } from './admin-answers';
import { pageParam } from '../domain/admin/admin-query';
import { SUBSCRIBER_STATUSES, subscriberPage } from './subscriber-list';

const listQuery = z.object({
  status: z
    .enum(SUBSCRIBER_STATUSES, {
      error: `status must be one of: ${SUBSCRIBER_STATUSES.join(', ')}.`,
    })
    .optional(),
  page: pageParam,
});

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
      res.json(await subscriberPage(query.status, query.page));
    },
  }),
]);

export function adminSubscriberRoutes(deps: { guards: Guards }): Router {
  return mountEndpoints(express.Router(), adminSubscriberEndpoints, deps, { guards: deps.guards });
}
