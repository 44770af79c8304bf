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
  },
  { timestamps: true },
);

export type Campaign = InferSchemaType<typeof campaignSchema>;
export type CampaignDocument = HydratedDocument<Campaign>;
export const CampaignModel = mongoose.model('Campaign', campaignSchema);
