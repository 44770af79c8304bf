import { createHash, randomBytes } from 'node:crypto';
import { AuthMessages } from '../domain/auth/auth-messages';
import { DomainError } from '../domain/domain-error';
import { refuseCommonPassword } from './common-passwords';
import { voidPendingEmailChanges } from './email-change-service';
import { hashPassword } from './password-hashing';
import { PasswordResetTokenModel } from './password-reset-token-model';
import { UserModel } from './user-model';

/** 32 random bytes, base64url: 43 characters, safe in a URL path. */
const TOKEN_BYTES = 32;
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export class PasswordResetService {
  constructor(private readonly ttlMinutes: number) {}

  get validForMinutes(): number {
    return this.ttlMinutes;
  }

  /** Made by the worker that sends the email: the raw token exists only in that email. */
  async issueToken(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const expiresAt = new Date(Date.now() + this.ttlMinutes * 60_000);
    await PasswordResetTokenModel.create({ userId, tokenHash: sha256(token), expiresAt });
    return { token, expiresAt };
  }

  /**
   * Uses a token once, atomically: of two requests racing with the same link, one wins. The new
   * password ends every earlier session (token version) and every other outstanding link. The
   * link was mailed to the account's address, so using it proves that mailbox; and since it is
   * also the way the old address stops an email change it did not ask for, it voids any pending
   * one. A common password is refused before the link is spent, so the link still works.
   */
  async reset(token: string, newPassword: string): Promise<void> {
    if (!RESET_TOKEN_PATTERN.test(token))
      throw new DomainError('invalid', AuthMessages.resetLinkInvalid);
    refuseCommonPassword(newPassword);
    const passwordHash = await hashPassword(newPassword);
    const now = new Date();
    const used = await PasswordResetTokenModel.findOneAndUpdate(
      { tokenHash: sha256(token), usedAt: null, expiresAt: { $gt: now } },
      { $set: { usedAt: now } },
    );
    if (!used) throw new DomainError('invalid', AuthMessages.resetLinkInvalid);
    const user = await UserModel.findByIdAndUpdate(used.userId, {
      $set: { passwordHash, emailVerifiedAt: now },
      $inc: { tokenVersion: 1 },
    });
    if (!user) throw new DomainError('invalid', AuthMessages.resetLinkInvalid);
    await voidPendingEmailChanges(used.userId);
    await PasswordResetTokenModel.updateMany(
      { userId: used.userId, usedAt: null },
      { $set: { usedAt: now } },
    );
  }
}
