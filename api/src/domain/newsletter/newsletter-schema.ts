import '../zod-config';
import { z } from 'zod';
import { lineOfText, plainText } from '../form-fields';
import { NewsletterMessages } from './newsletter-messages';

/**
 * The footer newsletter form (docs/product.md sections 2, 5 and 8) and the campaigns operators send.
 * Browser-safe: zod and domain/ only.
 */

/** Empty, malformed or too long: one message, as docs/product.md gives it. */
export const subscribeSchema = z.object({
  email: z
    .string({ error: NewsletterMessages.invalidEmail })
    .trim()
    .max(254, NewsletterMessages.invalidEmail)
    .pipe(z.email(NewsletterMessages.invalidEmail))
    .transform((email) => email.toLowerCase()),
});

export const CAMPAIGN_FORMATS = ['markdown', 'html'] as const;
export type CampaignFormatId = (typeof CAMPAIGN_FORMATS)[number];

export const CAMPAIGN_STATUSES = ['draft', 'sending', 'paused', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const campaignSchema = z.object({
  subject: lineOfText('Subject', 200, true),
  format: z
    .enum(CAMPAIGN_FORMATS, { error: 'Format must be markdown or html.' })
    .default('markdown'),
  // Not trimmed: a Markdown body may start with an indented block.
  body: plainText(
    z
      .string({ error: 'Body is required.' })
      .min(1, 'Body is required.')
      .max(200_000, 'Body must be at most 200,000 characters.'),
    'Body',
    'paragraphs',
  ),
});

export type CampaignInput = z.infer<typeof campaignSchema>;

/** A campaign and where its delivery stands, as the admin API and the command show it. */
export interface CampaignView {
  id: string;
  subject: string;
  format: CampaignFormatId;
  status: CampaignStatus;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Every recipient has a delivery: `total` will not grow any more. */
  recipientsFixed: boolean;
  progress: {
    total: number;
    sent: number;
    failed: number;
    skipped: number;
    pending: number;
    /**
     * Of `sent`: handed to the server in full with no answer recorded. While sending, messages in
     * flight; once the campaign is over, those whose worker died before the server answered: each
     * arrived, or (a death just before its final ".") did not, and none is sent again.
     */
    unconfirmed: number;
  };
}

/**
 * The messages of a finished campaign whose worker died between the final "." and the server's
 * answer. While sending, messages in flight are briefly unconfirmed too, so nothing is said then.
 */
export function unansweredAfterSending(view: CampaignView): number {
  return view.status === 'sent' ? view.progress.unconfirmed : 0;
}
