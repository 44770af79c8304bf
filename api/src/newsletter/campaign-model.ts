import mongoose, { type HydratedDocument, type InferSchemaType } from 'mongoose';
import { CAMPAIGN_FORMATS, CAMPAIGN_STATUSES } from '../domain/newsletter/newsletter-schema';

const campaignSchema = new mongoose.Schema(
  {
    subject: { type: String, required: true },
    format: { type: String, enum: CAMPAIGN_FORMATS, required: true },
    /** What the operator wrote, and what it renders to (sanitised HTML and its text version). */
    body: { type: String, required: true },
    html: { type: String, required: true },
    text: { type: String, required: true },
    status: { type: String, enum: CAMPAIGN_STATUSES, required: true, default: 'draft' },
    createdBy: { type: String, required: true },
    /** Raised on every resume: batch jobs of an earlier round keep their ids, new ones get new. */
    round: { type: Number, default: 0 },
    /** Every confirmed subscriber has a delivery row: the recipients are fixed. */
    fanOutDone: { type: Boolean, default: false },
    startedAt: { type: Date, default: null },
    finishedAt: { type: Date, default: null },
    /**
     * Set once the campaign is finished and none of its rows is open or unconfirmed: its totals,
     * counted then, which its progress shows from then on, since its delivery rows expire
     * (retention/delivery-retention.ts).
     */
    settledAt: { type: Date, default: null },
    settledProgress: {
      type: new mongoose.Schema(
        {
          total: { type: Number, required: true },
          sent: { type: Number, required: true },
          failed: { type: Number, required: true },
          skipped: { type: Number, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
  },
  { timestamps: true },
);

// The retention job's query: finished campaigns not settled yet.
campaignSchema.index({ status: 1, settledAt: 1 });
// The console's campaigns, newest first (CampaignService's list).
campaignSchema.index({ createdAt: -1 });

export type Campaign = InferSchemaType<typeof campaignSchema>;
export type CampaignDocument = HydratedDocument<Campaign>;
export const CampaignModel = mongoose.model('Campaign', campaignSchema);
