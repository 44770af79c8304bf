import express, { type Router } from 'express';
import { z } from 'zod';
import { ContactMessageModel, type ContactMessageDocument } from '../contact/contact-message-model';
import type { AdminContactMessageList, AdminContactMessageView } from '../domain/admin/admin-views';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { jsonResponse } from '../http/openapi/shared-responses';
import { queryOf } from '../http/request-schemas';
import { contactMessageListSchema, PAGE } from './admin-answers';
import { pageParam, pageWindow } from '../domain/admin/admin-query';

const listQuery = z.object({ page: pageParam });

function contactMessageView(message: ContactMessageDocument): AdminContactMessageView {
  return {
    id: message.id as string,
    fullName: message.fullName,
    email: message.email,
    phone: message.phone,
    subject: message.subject,
    message: message.message,
    createdAt: message.createdAt.toISOString(),
  };
}

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
      const { page, pageSize, skip } = pageWindow(query.page);
      const [messages, total] = await Promise.all([
        ContactMessageModel.find().sort({ createdAt: -1, _id: -1 }).skip(skip).limit(pageSize),
        ContactMessageModel.countDocuments(),
      ]);
      const list: AdminContactMessageList = {
        messages: messages.map(contactMessageView),
        total,
        page,
        pageSize,
      };
      res.json(list);
    },
  }),
]);

export function adminContactRoutes(deps: { guards: Guards }): Router {
  return mountEndpoints(express.Router(), adminContactEndpoints, deps, { guards: deps.guards });
}
