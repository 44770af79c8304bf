import {
  ContactMessageModel,
  type ContactMessageDocument,
} from '@hs/api/contact/contact-message-model';
import {
  contactAcknowledgementEmail,
  contactNotificationEmail,
  type ContactEmailInput,
} from '@hs/api/contact/contact-emails';
import { jobs } from '@hs/api/jobs/job-definitions';
import type { OnceSender } from '@hs/api/mail/send-once';
import { defineProcessor, type Processor } from '../processor';

export interface ContactEmailDependencies {
  sender: OnceSender;
  businessInbox: string;
}

const inputOf = (message: ContactMessageDocument): ContactEmailInput => ({
  reference: message.reference,
  fullName: message.fullName,
  email: message.email,
  phone: message.phone,
  subject: message.subject,
  message: message.message,
  service: message.service ?? undefined,
  receivedAt: message.createdAt,
});

/** The two emails of a contact message: to the business (Reply-To the sender), and to the sender. */
export function contactEmailProcessors(deps: ContactEmailDependencies): Processor[] {
  return [
    defineProcessor(jobs.contactNotification, async ({ messageId }, { jobId, log }) => {
      const message = await ContactMessageModel.findById(messageId);
      if (!message) return;
      const result = await deps.sender.send(
        `${jobs.contactNotification.name}:${jobId}`,
        contactNotificationEmail(inputOf(message), deps.businessInbox),
      );
      log.info({ messageId, result }, 'contact notification handled');
    }),
    defineProcessor(jobs.contactAcknowledgement, async ({ messageId }, { jobId, log }) => {
      const message = await ContactMessageModel.findById(messageId);
      if (!message) return;
      const result = await deps.sender.send(
        `${jobs.contactAcknowledgement.name}:${jobId}`,
        contactAcknowledgementEmail(inputOf(message)),
      );
      log.info({ messageId, result }, 'contact acknowledgement handled');
    }),
  ];
}
