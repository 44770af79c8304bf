import type { Logger } from '../platform/logger';
import { mayHaveBeenKept, type Mailer, type MailMessage } from '../platform/mailer';
import { isDuplicateKeyError } from '../platform/mongo';
import { WriteBehind } from '../platform/write-behind';
import { EmailDeliveryModel } from './email-delivery-model';
import { currentSendOrigin } from './send-origin';

/**
 * 'unconfirmed': an earlier attempt recorded its final "." and stopped before the server's answer
 * (its process died). The server has the message, or, when the process died just before the "."
 * left, it never will; it is not sent again by itself either way (docs/features.md, "Exactly once,
 * even across a crash"): the job's log says which emails are in that state, and an operator
 * decides on each in the console (unconfirmed-emails.ts).
 */
export type SendOnceResult = 'sent' | 'already-sent' | 'unconfirmed';

/** A server's answer to one send, waiting to be recorded. */
interface SentMark {
  key: string;
  sentAt: Date;
  messageId: string;
}

/** Server answers recorded together: under load one bulk write carries this many. */
const SENT_MARKS_BATCH = 100;

/**
 * Sends each email at most once per key, across retries, duplicated jobs, crashes and workers.
 *
 * One write decides it: just before the message's final "." goes to the server (the moment the
 * server keeps it), the delivery row is inserted as committed, or an uncommitted row a failed try
 * left is marked so. A row already committed refuses that write, and the message is cut off before
 * its "." (the server throws it away). The server's answer is then recorded in one bulk write with
 * others (`sentAt`); a process that dies before that write leaves the row committed, which is
 * never sent again and reads as 'unconfirmed'.
 */
export class OnceSender {
  private readonly sentMarks: WriteBehind<SentMark>;

  constructor(
    private readonly mailer: Mailer,
    logger: Logger,
  ) {
    this.sentMarks = new WriteBehind({
      write: async (marks) => {
        await EmailDeliveryModel.collection.bulkWrite(
          marks.map(({ key, sentAt, messageId }) => ({
            updateOne: {
              filter: { key },
              update: { $set: { sentAt, messageId, updatedAt: sentAt } },
            },
          })),
          { ordered: false },
        );
      },
      maxBatch: SENT_MARKS_BATCH,
      onError: (error, ops) => {
        logger.warn({ err: error, ops }, 'server answers not recorded yet; trying again');
      },
    });
  }

  async send(key: string, message: MailMessage): Promise<SendOnceResult> {
    // Set by the commit, which runs inside the send.
    const commit = { done: false, takenBefore: false };
    // Read here: the commit runs from the SMTP connection's events, outside the job's context.
    const origin = currentSendOrigin() ?? null;
    let messageId: string;
    try {
      ({ messageId } = await this.mailer.send(message, {
        beforeCommit: async () => {
          try {
            const now = new Date();
            // The driver's own call, as for the answers: this write sits between a message's
            // body and its final "." on every email, and the schema's casting bought nothing.
            await EmailDeliveryModel.collection.updateOne(
              { key, committedAt: null },
              {
                $set: { committedAt: now, updatedAt: now },
                $setOnInsert: {
                  to: message.to,
                  subject: message.subject,
                  sentAt: null,
                  messageId: null,
                  origin,
                  createdAt: now,
                },
              },
              { upsert: true },
            );
            commit.done = true;
          } catch (error) {
            // The row is there and committed: an earlier or concurrent try has this email.
            commit.takenBefore = isDuplicateKeyError(error);
            throw error;
          }
        },
      }));
    } catch (error) {
      if (commit.takenBefore) return this.earlierOutcome(key);
      // A message the server cannot have (refused, or its "." never left) may be sent by a retry.
      // A connection lost after the "." leaves it unknown, and a second copy is the worse mistake.
      if (commit.done && !mayHaveBeenKept(error)) {
        await EmailDeliveryModel.updateOne({ key }, { $set: { committedAt: null } });
      }
      throw error;
    }
    this.sentMarks.add({ key, sentAt: new Date(), messageId });
    return 'sent';
  }

  /** What the try that committed `key` first came to, its answer written if this process has it. */
  private async earlierOutcome(key: string): Promise<SendOnceResult> {
    await this.sentMarks.flush();
    const row = await EmailDeliveryModel.findOne({ key }, { sentAt: 1 }).lean();
    return row?.sentAt ? 'already-sent' : 'unconfirmed';
  }

  /** Writes the answers still waiting (a process about to stop). */
  async close(): Promise<void> {
    await this.sentMarks.close();
  }
}
