import express, { type Router } from 'express';
import { z } from 'zod';
import type { AuthTokens } from '../accounts/auth-tokens';
import { ContactMessageModel, type ContactMessageDocument } from '../contact/contact-message-model';
import type { AdminContactMessageList, AdminContactMessageView } from '../domain/admin/admin-views';
import { endpointGroup, mountEndpoints } from '../http/endpoint';
import { jsonResponse } from '../http/openapi/shared-responses';
import { queryParameters } from '../http/openapi/zod-to-openapi';
import { parseBody } from '../http/parse-body';
import { contactMessageListSchema, PAGE } from './admin-answers';
import { adminOnly } from './admin-guard';
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
export const adminContactEndpoints = endpointGroup<{ tokens: AuthTokens }>('admin', [
  {
    method: 'get',
    path: '/api/admin/contact-messages',
    operationId: 'adminListContactMessages',
    summary: 'Contact form messages, newest first',
    access: 'admin',
    request: { query: queryParameters(listQuery, PAGE) },
    responses: { '200': jsonResponse('A page of messages.', contactMessageListSchema) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handlers: (deps) => [
      ...adminOnly(deps.tokens),
      async (req, res) => {
        const { page, pageSize, skip } = pageWindow(parseBody(listQuery, { ...req.query }).page);
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
    ],
  },
]);

export function adminContactRoutes(deps: { tokens: AuthTokens }): Router {
  return mountEndpoints(express.Router(), adminContactEndpoints, deps);
}
