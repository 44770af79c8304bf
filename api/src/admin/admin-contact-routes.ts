import express, { type Router } from 'express';
import { z } from 'zod';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { jsonResponse } from '../http/openapi/shared-responses';
import { queryOf } from '../http/request-schemas';
import type { AdminContactMessageList } from '../domain/admin/admin-views';
import { contactMessageListSchema, CURSORS } from './admin-answers';
import { contactMessagePage } from './contact-message-list';
import { newestFirstCursors, withCursors, OBJECT_ID_PATTERN, oneWayOnly } from './list-cursor';

const listQuery = z.object(newestFirstCursors(OBJECT_ID_PATTERN));

/** GET /admin/contact-messages: the contact form's messages, newest first. */
export const adminContactEndpoints = endpointGroup<unknown>('admin', [
  endpoint({
    method: 'get',
    path: '/api/admin/contact-messages',
    operationId: 'adminListContactMessages',
    summary: 'Contact form messages, newest first',
    description:
      'Pages are read by key: `next` (older, further down the list) and `previous` (newer) ' +
      'are places to send back as `after` and `before`, null at the ends.',
    access: 'admin',
    request: { query: queryOf(listQuery, CURSORS) },
    responses: { '200': jsonResponse('A page of messages.', contactMessageListSchema) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handle: async ({ query, res }) => {
      oneWayOnly(query);
      const list: AdminContactMessageList = withCursors(await contactMessagePage(query));
      res.json(list);
    },
  }),
]);

export function adminContactRoutes(deps: { guards: Guards }): Router {
  return mountEndpoints(express.Router(), adminContactEndpoints, deps, { guards: deps.guards });
}
