import { jobs } from '@hs/api/jobs/job-definitions';
import type { OnceSender } from '@hs/api/mail/send-once';
import { defineProcessor } from '../processor';

export function sendMailProcessor(sender: OnceSender) {
  return defineProcessor(jobs.sendMail, async (message, { jobId, log }) => {
    const result = await sender.send(`${jobs.sendMail.name}:${jobId}`, message);
    log.info({ result, subject: message.subject }, 'email handled');
  });
}
