import type { Mailer, MailMessage } from '../platform/mailer';
import { EmailDeliveryModel } from './email-delivery-model';

export type SendOnceResult = 'sent' | 'already-sent';

/**
 * Sends `message` unless an email with the same key was sent before. The row is written before
 * the SMTP call and marked after it, so the only window for a duplicate is a crash between the
 * server accepting the message and the mark — seconds, against a retry that would otherwise
 * always resend.
 */
export async function sendOnce(
  mailer: Mailer,
  key: string,
  message: MailMessage,
): Promise<SendOnceResult> {
  const existing = await EmailDeliveryModel.findOneAndUpdate(
    { key },
    { $setOnInsert: { key, to: message.to, subject: message.subject } },
    { upsert: true, new: false },
  );
  if (existing?.sentAt) return 'already-sent';
  const { messageId } = await mailer.send(message);
  await EmailDeliveryModel.updateOne({ key }, { $set: { sentAt: new Date(), messageId } });
  return 'sent';
}
