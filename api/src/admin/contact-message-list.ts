import { totalOf } from '../platform/mongo';
import { ContactMessageModel, type ContactMessageDocument } from '../contact/contact-message-model';
import { pageWindow } from '../domain/admin/admin-query';
import type { AdminContactMessageList, AdminContactMessageView } from '../domain/admin/admin-views';

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

/** The operators' read of the contact form's messages: one page, newest first, and the total. */
export async function contactMessagePage(requested: number): Promise<AdminContactMessageList> {
  const { page, pageSize, skip } = pageWindow(requested);
  const [messages, total] = await Promise.all([
    ContactMessageModel.find().sort({ createdAt: -1, _id: -1 }).skip(skip).limit(pageSize),
    totalOf(ContactMessageModel, {}),
  ]);
  return { messages: messages.map(contactMessageView), total, page, pageSize };
}
