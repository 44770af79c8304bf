import { randomUUID } from 'node:crypto';
import { ExpiringLinks } from '../links/expiring-links';
import { CampaignMessages, type CampaignPreview } from '../domain/newsletter/campaign-messages';
import { jobs } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import type { MailMessage } from '../platform/mailer';
import type { CampaignDocument } from './campaign-model';
import { findCampaign, type CampaignService } from './campaign-service';
import { newsletterEmail } from './newsletter-emails';
import type { NewsletterLinks } from './newsletter-links';

/** How long the address of a preview's HTML opens it: long enough to read, not to share. */
export const PREVIEW_LINK_TTL_SECONDS = 10 * 60;

/**
 * Whom a preview's or a test's unsubscribe links are signed for: an id no subscriber has (ids
 * are ObjectIds made from the time and randomness), so following them changes nothing.
 */
const NOBODY = '000000000000000000000000';

/**
 * A campaign as it will go out, before it does: its preview, and a test sent to the operator
 * alone. Both render the email with the newsletter's own renderer (newsletterEmail), so what is
 * seen is what subscribers get, but for the unsubscribe links, which are each reader's own.
 */
export class CampaignProofs {
  private readonly previewLinks: ExpiringLinks;

  constructor(
    private readonly deps: {
      campaigns: CampaignService;
      jobs: JobProducer;
      links: NewsletterLinks;
      linkSecret: string;
    },
  ) {
    this.previewLinks = new ExpiringLinks(
      deps.linkSecret,
      'admin-campaign-preview',
      PREVIEW_LINK_TTL_SECONDS,
    );
  }

  private email(campaign: CampaignDocument, to: string, subject: string): MailMessage {
    return newsletterEmail({
      to,
      subject,
      content: { html: campaign.html, text: campaign.text },
      unsubscribeUrl: this.deps.links.unsubscribePageUrl(NOBODY),
      oneClickUnsubscribeUrl: this.deps.links.oneClickUrl(NOBODY),
    });
  }

  async preview(campaignId: string, operatorEmail: string): Promise<CampaignPreview> {
    const campaign = await findCampaign(campaignId);
    const email = this.email(campaign, operatorEmail, campaign.subject);
    const id = campaign.id as string;
    return {
      campaign: await this.deps.campaigns.view(campaign),
      source: { subject: campaign.subject, format: campaign.format, body: campaign.body },
      email: { subject: email.subject, html: email.html ?? '', text: email.text },
      htmlUrl: `/api/admin/campaign-previews/${id}?${this.previewLinks.query(id)}`,
    };
  }

  /** The HTML of a preview's address, or null when the address is not one we signed (or old). */
  async previewPage(campaignId: string, expires: unknown, sig: unknown): Promise<string | null> {
    if (!this.previewLinks.verify(campaignId, expires, sig)) return null;
    const campaign = await findCampaign(campaignId);
    return this.email(campaign, 'preview@invalid', campaign.subject).html ?? '';
  }

  /**
   * The campaign to `to` alone, its subject marked as a test, through the mail queue like every
   * email (the request only queues it). No delivery is written: the campaign's progress and
   * status stay as they were, and a draft stays a draft.
   */
  async sendTest(campaignId: string, to: string): Promise<string> {
    const campaign = await findCampaign(campaignId);
    const id = campaign.id as string;
    // Each press is a test of its own (after an edit, say): the job id is new each time.
    await this.deps.jobs.add(
      jobs.sendMail,
      this.email(campaign, to, CampaignMessages.testSubject(campaign.subject)),
      { jobId: `campaign-test-${id}-${randomUUID()}` },
    );
    return CampaignMessages.testQueued(campaign.subject, to);
  }
}
