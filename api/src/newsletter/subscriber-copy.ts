import type { MailMessage } from '../platform/mailer';
import { newsletterEmail } from './newsletter-emails';
import type { NewsletterLinks } from './newsletter-links';

/**
 * One subscriber's copy of a campaign, with unsubscribe links of their own: what the batch sender
 * delivers, and what an operator's "Send again" queues for an unconfirmed delivery.
 */
export function subscriberCopy(
  campaign: { subject: string; html: string; text: string },
  subscriber: { id: string; email: string },
  links: NewsletterLinks,
): MailMessage {
  return newsletterEmail({
    to: subscriber.email,
    subject: campaign.subject,
    content: { html: campaign.html, text: campaign.text },
    unsubscribeUrl: links.unsubscribePageUrl(subscriber.id),
    oneClickUnsubscribeUrl: links.oneClickUrl(subscriber.id),
  });
}
