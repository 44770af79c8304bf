import { type ContactForm } from '../domain/contact/contact-schema';
import { HONEYPOT_FIELD } from '../domain/contact/contact-messages';
import { jobs } from '../jobs/job-definitions';
import { resumeStranded } from '../jobs/follow-up-sweep';
import type { JobProducer } from '../jobs/job-producer';
import type { Logger } from '../platform/logger';
import { isDuplicateKeyError } from '../platform/mongo';
import { referenceCode } from '../platform/reference-code';
import { ContactMessageModel, type ContactMessageDocument } from './contact-message-model';

export type ContactOutcome =
  | { kind: 'stored'; message: ContactMessageDocument }
  /** The honeypot was filled: answered like a success, kept nowhere, sent nowhere. */
  | { kind: 'dropped' };

/** Contact messages: stored first, then the two emails queued (to the business, to the sender). */
export class ContactService {
  constructor(private readonly deps: { jobs: JobProducer; logger: Logger }) {}

  async receive(form: ContactForm): Promise<ContactOutcome> {
    if (form[HONEYPOT_FIELD]) return { kind: 'dropped' };
    let message: ContactMessageDocument | undefined;
    for (let attempt = 0; !message; attempt += 1) {
      try {
        message = await ContactMessageModel.create({
          reference: referenceCode('CM'),
          fullName: form.fullName,
          email: form.email,
          phone: form.phone,
          subject: form.subject,
          message: form.message,
          service: form.service ?? null,
        });
      } catch (error) {
        if (!isDuplicateKeyError(error) || attempt >= 4) throw error;
      }
    }
    await this.handOverEmails(message);
    return { kind: 'stored', message };
  }

  /** The follow-up sweep's part: messages saved before `savedBefore` whose emails never left (ids). */
  resumeEmails(savedBefore: Date, limit: number): Promise<string[]> {
    return resumeStranded(ContactMessageModel, 'emailsPending', savedBefore, limit, (message) =>
      this.handOverEmails(message),
    );
  }

  /** Answers whether the emails were handed over (to Redis or the outbox). */
  private async handOverEmails(message: ContactMessageDocument): Promise<boolean> {
    const messageId = message.id as string;
    try {
      await this.deps.jobs.add(
        jobs.contactNotification,
        { messageId },
        { jobId: `contact-notify-${messageId}` },
      );
      await this.deps.jobs.add(
        jobs.contactAcknowledgement,
        { messageId },
        { jobId: `contact-ack-${messageId}` },
      );
      await ContactMessageModel.updateOne({ _id: message._id }, { $set: { emailsPending: false } });
      return true;
    } catch (error) {
      // The message is kept and readable by the business; its emails wait for the sweep.
      this.deps.logger.error({ err: error, messageId }, 'contact message saved, emails not queued');
      return false;
    }
  }
}
