import { z } from 'zod';
import type { CampaignPreview } from '../domain/newsletter/campaign-messages';
import {
  CAMPAIGN_FORMATS,
  CAMPAIGN_STATUSES,
  type CampaignView,
} from '../domain/newsletter/newsletter-schema';
import type { FailedDelivery } from './campaign-service';

/** The shapes of the campaign routes' answers, for the API reference (they check nothing). */

export const campaignViewSchema = z.object({
  id: z.string(),
  subject: z.string(),
  format: z.enum(CAMPAIGN_FORMATS),
  status: z.enum(CAMPAIGN_STATUSES),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  recipientsFixed: z.boolean().describe('Every recipient has a delivery: `total` will not grow.'),
  progress: z.object({
    total: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
    pending: z.number().int(),
    unconfirmed: z
      .number()
      .int()
      .describe(
        'Of `sent`: handed over in full, the server’s answer never recorded (a worker died).',
      ),
  }),
}) satisfies z.ZodType<CampaignView>;

export const failedDeliverySchema = z.object({
  email: z.string(),
  attempts: z.number().int(),
  reason: z.string(),
}) satisfies z.ZodType<FailedDelivery>;

export const campaignPreviewSchema = z.object({
  campaign: campaignViewSchema,
  source: z.object({
    subject: z.string(),
    format: z.enum(CAMPAIGN_FORMATS),
    body: z.string(),
  }),
  email: z
    .object({ subject: z.string(), html: z.string(), text: z.string() })
    .describe('The email as subscribers get it; its unsubscribe links are signed for nobody.'),
  htmlUrl: z.string().describe('A signed address of `email.html` as a page, valid 10 minutes.'),
}) satisfies z.ZodType<CampaignPreview>;
