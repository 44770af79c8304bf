import { jobs } from '@hs/api/jobs/job-definitions';
import { sendOnce } from '@hs/api/mail/send-once';
import type { Mailer } from '@hs/api/platform/mailer';
import { defineProcessor } from '../processor';

export function sendMailProcessor(mailer: Mailer) {
  return defineProcessor(jobs.sendMail, async (message, { jobId, log }) => {
    const result = await sendOnce(mailer, `${jobs.sendMail.name}:${jobId}`, message);
    log.info({ result, subject: message.subject }, 'email handled');
  });
}
