import type mongoose from 'mongoose';
import { EmailChangeModel } from './email-change-model';
import { PasswordResetTokenModel } from './password-reset-token-model';
import { UserModel, type UserDocument } from './user-model';

/** What a change of the account's sign-in sets: a new address or a new password. */
export interface SignInChange {
  email?: string;
  passwordHash?: string;
  /** Both changes are made through a link mailed to the address the account is left with. */
  emailVerifiedAt: Date;
}

/**
 * The one way an account's sign-in email or password changes (a confirmed email change, a
 * password reset). An owner changes them because a mailbox or a device may no longer be theirs
 * alone, so nothing that let someone in before may outlive the change: the token version rises,
 * which ends every login token issued before (and the queue dashboard's sessions opened with
 * them), and every reset link and email-change link still outstanding is spent. No session is
 * kept: both changes are made from a mailed link, not from a signed-in session.
 *
 * `where` is what must still hold of the account for the change to apply (a reset link's
 * address). Null when no account matched: nothing was changed or ended.
 */
export async function changeSignIn(
  userId: mongoose.Types.ObjectId,
  where: { email?: string },
  change: SignInChange,
): Promise<UserDocument | null> {
  const user = await UserModel.findOneAndUpdate(
    { ...where, _id: userId },
    { $set: change, $inc: { tokenVersion: 1 } },
  );
  if (!user) return null;
  const now = new Date();
  await Promise.all([
    PasswordResetTokenModel.updateMany({ userId, usedAt: null }, { $set: { usedAt: now } }),
    EmailChangeModel.updateMany({ userId, usedAt: null }, { $set: { usedAt: now } }),
  ]);
  return user;
}
