import { mayHaveBeenKept, type Mailer, type MailMessage } from '../platform/mailer';
import { EmailDeliveryModel } from './email-delivery-model';

/**
 * 'unconfirmed': an earlier attempt recorded its final "." and stopped before the server's answer
 * (its process died). The server has the message, or, when the process died just before the "."
 * left, it never will; it is not sent again either way (docs/features.md, "Exactly once, even
 * across a crash"), and the job's log says which emails are in that state.
 */
export type SendOnceResult = 'sent' | 'already-sent' | 'unconfirmed';

/**
 * Sends `message` unless an email with the same key was sent before. The row is written first;
 * it is marked committed just before the message's final "." goes to the server (the moment
 * the server keeps it), and sent once the server has said so. A retry after a crash resends only
 * a message whose "." never left, which the server threw away.
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
  if (existing?.committedAt) return 'unconfirmed';
  let messageId: string;
  try {
    ({ messageId } = await mailer.send(message, {
      beforeCommit: async () => {
        await EmailDeliveryModel.updateOne({ key }, { $set: { committedAt: new Date() } });
      },
    }));
  } catch (error) {
    // A message the server cannot have (refused, or its "." never left) may be sent by a retry.
    // A connection lost after the "." leaves it unknown, and a second copy is the worse mistake.
    if (!mayHaveBeenKept(error)) {
      await EmailDeliveryModel.updateOne({ key }, { $set: { committedAt: null } });
    }
    throw error;
  }
  await EmailDeliveryModel.updateOne({ key }, { $set: { sentAt: new Date(), messageId } });
  return 'sent';
}
