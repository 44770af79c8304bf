import type { MailMessage } from '../../../api/src/platform/mailer';

/**
 * The one durable write exactly once needs per email, as a floor writes it: the product's
 * delivery row (its fields, into a collection with its unique key), committed before the message
 * leaves, so a retry finds it and sends nothing.
 */
export function committedDeliveryRow(key: string, message: MailMessage) {
  const now = new Date();
  return {
    key,
    to: message.to,
    subject: message.subject,
    committedAt: now,
    sentAt: null,
    messageId: null,
    createdAt: now,
    updatedAt: now,
  };
}
