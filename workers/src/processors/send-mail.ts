import { jobs } from '@hs/api/jobs/job-definitions';
import type { Mailer } from '@hs/api/platform/mailer';
import { defineProcessor } from '../processor';

export function sendMailProcessor(mailer: Mailer) {
  return defineProcessor(jobs.sendMail, async (message, { log }) => {
    const { messageId } = await mailer.send(message);
    log.info({ messageId, subject: message.subject }, 'email sent');
  });
}
