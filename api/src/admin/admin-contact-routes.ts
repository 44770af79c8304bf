import express, { type Router } from 'express';
import { z } from 'zod';
import type { AuthTokens } from '../accounts/auth-tokens';
import { ContactMessageModel, type ContactMessageDocument } from '../contact/contact-message-model';
import type { AdminContactMessageList, AdminContactMessageView } from '../domain/admin/admin-views';
import { parseBody } from '../http/parse-body';
import { adminOnly } from './admin-guard';
import { pageParam, pageWindow } from './admin-query';

export const listQuery = z.object({ page: pageParam });

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
export function adminContactRoutes(deps: { tokens: AuthTokens }): Router {
  const router = express.Router();

  router.get('/admin/contact-messages', ...adminOnly(deps.tokens), async (req, res) => {
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
  });

  return router;
}
