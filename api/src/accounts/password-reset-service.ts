import { AuthMessages } from '../domain/auth/auth-messages';
import { LINK_TOKEN_PATTERN } from '../domain/auth/auth-schemas';
import { DomainError } from '../domain/domain-error';
import { refuseCommonPassword } from './common-passwords';
import { voidPendingEmailChanges } from './email-change-service';
import { linkTokenHash, newLinkToken } from './link-token';
import { hashPassword } from './password-hashing';
import { PasswordResetTokenModel } from './password-reset-token-model';
import { UserModel } from './user-model';

export class PasswordResetService {
  constructor(private readonly ttlMinutes: number) {}

  get validForMinutes(): number {
    return this.ttlMinutes;
  }

  /** Made by the worker that sends the email: the raw token exists only in that email. */
  async issueToken(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = newLinkToken();
    const expiresAt = new Date(Date.now() + this.ttlMinutes * 60_000);
    await PasswordResetTokenModel.create({ userId, tokenHash: linkTokenHash(token), expiresAt });
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
    if (!LINK_TOKEN_PATTERN.test(token))
      throw new DomainError('invalid', AuthMessages.resetLinkInvalid);
    refuseCommonPassword(newPassword);
    const passwordHash = await hashPassword(newPassword);
    const now = new Date();
    const used = await PasswordResetTokenModel.findOneAndUpdate(
      { tokenHash: linkTokenHash(token), usedAt: null, expiresAt: { $gt: now } },
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
