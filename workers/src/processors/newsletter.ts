import { jobs } from '@hs/api/jobs/job-definitions';
import type { OnceSender } from '@hs/api/mail/send-once';
import { subscriptionConfirmationEmail } from '@hs/api/newsletter/newsletter-emails';
import type { NewsletterLinks } from '@hs/api/newsletter/newsletter-links';
import type { NewsletterSender } from '@hs/api/newsletter/newsletter-sender';
import { SubscriberModel } from '@hs/api/newsletter/subscriber-model';
import { defineProcessor, type Processor } from '../processor';

export interface NewsletterDependencies {
  sender: OnceSender;
  newsletterLinks: NewsletterLinks;
  newsletter: Pick<NewsletterSender, 'fanOut' | 'sendBatch'>;
}

export function newsletterProcessors(deps: NewsletterDependencies): Processor[] {
  return [
    defineProcessor(jobs.subscriptionConfirmation, async ({ subscriberId }, { jobId, log }) => {
      const subscriber = await SubscriberModel.findById(subscriberId);
      // Confirmed meanwhile, or gone: nothing to ask.
      if (subscriber?.status !== 'pending') return;
      const result = await deps.sender.send(
        `${jobs.subscriptionConfirmation.name}:${jobId}`,
        subscriptionConfirmationEmail(
          subscriber.email,
          deps.newsletterLinks.confirmUrl(subscriberId),
        ),
      );
      log.info({ subscriberId, result }, 'subscription confirmation handled');
    }),
    defineProcessor(jobs.newsletterFanOut, async ({ campaignId }, { log }) => {
      await deps.newsletter.fanOut(campaignId);
      log.info({ campaignId }, 'campaign fanned out');
    }),
    defineProcessor(jobs.newsletterBatch, async ({ campaignId, batch }, { jobId, log }) => {
      await deps.newsletter.sendBatch(campaignId, batch, jobId);
      log.info({ campaignId, batch }, 'newsletter batch handled');
    }),
  ];
}
