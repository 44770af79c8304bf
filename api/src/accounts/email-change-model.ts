import mongoose from 'mongoose';
import { RETENTION_DAYS, retentionSeconds } from '../domain/retention';

/**
 * A request to move an account to another sign-in email, waiting for the link mailed to the new
 * address. The link's token is minted by the worker that sends it and kept only as its SHA-256;
 * MongoDB drops the request a day after it expires.
 */
const emailChangeSchema = new mongoose.Schema(
  {
    userId: { type: mongoose.Schema.Types.ObjectId, required: true, index: true },
    /** Trimmed, lower case. */
    newEmail: { type: String, required: true },
    /** Where the notice goes: the address the account had when the change was asked for. */
    previousEmail: { type: String, required: true },
    tokenHash: { type: String, default: null },
    expiresAt: { type: Date, required: true },
    /** Set when the link is followed, or when the request is voided (a newer one, a reset). */
    usedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
emailChangeSchema.index(
  { tokenHash: 1 },
  { unique: true, partialFilterExpression: { tokenHash: { $type: 'string' } } },
);
emailChangeSchema.index(
  { expiresAt: 1 },
  { expireAfterSeconds: retentionSeconds(RETENTION_DAYS.expiredLink) },
);

export const EmailChangeModel = mongoose.model('EmailChange', emailChangeSchema);
