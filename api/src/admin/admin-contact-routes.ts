import express, { type Router } from 'express';
import { z } from 'zod';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { jsonResponse } from '../http/openapi/shared-responses';
import { queryOf } from '../http/request-schemas';
import { contactMessageListSchema, PAGE } from './admin-answers';
import { pageParam } from '../domain/admin/admin-query';
import { contactMessagePage } from './contact-message-list';

const listQuery = z.object({ page: pageParam });

/** GET /admin/contact-messages: the contact form's messages, newest first. */
export const adminContactEndpoints = endpointGroup<unknown>('admin', [
  endpoint({
    method: 'get',
    path: '/api/admin/contact-messages',
    operationId: 'adminListContactMessages',
    summary: 'Contact form messages, newest first',
    access: 'admin',
    request: { query: queryOf(listQuery, PAGE) },
    responses: { '200': jsonResponse('A page of messages.', contactMessageListSchema) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handle: async ({ query, res }) => {
      res.json(await contactMessagePage(query.page));
    },
  }),
]);

export function adminContactRoutes(deps: { guards: Guards }): Router {
  return mountEndpoints(express.Router(), adminContactEndpoints, deps, { guards: deps.guards });
}
