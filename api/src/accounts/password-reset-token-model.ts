import mongoose from 'mongoose';

/** A reset link's token, stored only as its SHA-256; MongoDB drops it a day after it expires. */
const passwordResetTokenSchema = new mongoose.Schema(
  {
    userId: { type: mongoose.Schema.Types.ObjectId, required: true, index: true },
    tokenHash: { type: String, required: true, unique: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
passwordResetTokenSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 24 * 3600 });

export const PasswordResetTokenModel = mongoose.model(
  'PasswordResetToken',
  passwordResetTokenSchema,
);
