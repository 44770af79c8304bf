import mongoose from 'mongoose';
import { RETENTION_DAYS, retentionSeconds } from '../domain/retention';

/** A reset link's token, stored only as its SHA-256; MongoDB drops it a day after it expires. */
const passwordResetTokenSchema = new mongoose.Schema(
  {
    userId: { type: mongoose.Schema.Types.ObjectId, required: true, index: true },
    tokenHash: { type: String, required: true, unique: true },
    /**
     * The address the link was mailed to. It resets the password only while the account still
     * uses that address: a link that reaches a mailbox the account has moved away from, however
     * late, opens nothing.
     */
    email: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
passwordResetTokenSchema.index(
  { expiresAt: 1 },
  { expireAfterSeconds: retentionSeconds(RETENTION_DAYS.expiredLink) },
);

export const PasswordResetTokenModel = mongoose.model(
  'PasswordResetToken',
  passwordResetTokenSchema,
);
