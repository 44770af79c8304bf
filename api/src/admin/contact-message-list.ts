import { totalOf } from '../platform/mongo';
import { newestFirstPage, type NewestFirstRange, type WithPlaces } from '../platform/newest-first';
import { ContactMessageModel, type ContactMessageDocument } from '../contact/contact-message-model';
import type { AdminContactMessageList, AdminContactMessageView } from '../domain/admin/admin-views';
import { ADMIN_PAGE_SIZE } from '../domain/admin/admin-views';

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

/**
 * The operators' read of the contact form's messages: one page, newest first, read by key from
 * the top, after a place or before one, and the total (the collection's own count).
 */
export async function contactMessagePage(
  range: Omit<NewestFirstRange, 'limit'>,
): Promise<WithPlaces<AdminContactMessageList>> {
  const [page, total] = await Promise.all([
    newestFirstPage<ContactMessageDocument>(
      ContactMessageModel,
      {},
      { ...range, limit: ADMIN_PAGE_SIZE },
    ),
    totalOf(ContactMessageModel, {}),
  ]);
  return {
    messages: page.rows.map(contactMessageView),
    total,
    pageSize: ADMIN_PAGE_SIZE,
    next: page.next,
    previous: page.previous,
  };
}
