import { AuthMessages } from '../domain/auth/auth-messages';
import { LINK_TOKEN_PATTERN } from '../domain/auth/auth-schemas';
import { DomainError } from '../domain/domain-error';
import { refuseCommonPassword } from './common-passwords';
import { linkTokenHash, newLinkToken } from './link-token';
import { hashPassword } from './password-hashing';
import { PasswordResetTokenModel } from './password-reset-token-model';
import { changeSignIn } from './sign-in-change';

export class PasswordResetService {
  constructor(private readonly ttlMinutes: number) {}

  get validForMinutes(): number {
    return this.ttlMinutes;
  }

  /**
   * Made by the worker that sends the email, for the address it sends it to: the raw token exists
   * only in that email, and works only while the account uses that address.
   */
  async issueToken(userId: string, email: string): Promise<{ token: string; expiresAt: Date }> {
    const token = newLinkToken();
    const expiresAt = new Date(Date.now() + this.ttlMinutes * 60_000);
    await PasswordResetTokenModel.create({
      userId,
      email,
      tokenHash: linkTokenHash(token),
      expiresAt,
    });
    return { token, expiresAt };
  }

  /**
   * Uses a token once, atomically: of two requests racing with the same link, one wins. The link
   * was mailed to the account's address, so using it proves that mailbox; and since it is also
   * the way the old address stops an email change it did not ask for, the change of password
   * ends a pending one (changeSignIn ends it, with every session and every other link). A common
   * password is refused before the link is spent, so the link still works.
   */
  async reset(token: string, newPassword: string): Promise<void> {
    if (!LINK_TOKEN_PATTERN.test(token))
      throw new DomainError('auth.link_invalid', AuthMessages.resetLinkInvalid);
    refuseCommonPassword(newPassword);
    const passwordHash = await hashPassword(newPassword);
    const now = new Date();
    const used = await PasswordResetTokenModel.findOneAndUpdate(
      // Links minted before they named their address are refused: their holders ask again.
      {
        tokenHash: linkTokenHash(token),
        usedAt: null,
        expiresAt: { $gt: now },
        email: { $type: 'string' },
      },
      { $set: { usedAt: now } },
    );
    if (!used) throw new DomainError('auth.link_invalid', AuthMessages.resetLinkInvalid);
    const user = await changeSignIn(
      used.userId,
      { email: used.email },
      { passwordHash, emailVerifiedAt: now },
    );
    if (!user) throw new DomainError('auth.link_invalid', AuthMessages.resetLinkInvalid);
  }
}
