import type mongoose from 'mongoose';
import { AuthMessages } from '../domain/auth/auth-messages';
import { LINK_TOKEN_PATTERN } from '../domain/auth/auth-schemas';
import { ProfileMessages } from '../domain/profile/profile-schema';
import { DomainError } from '../domain/domain-error';
import { jobs } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import { isDuplicateKeyError } from '../platform/mongo';
import type { SessionToken } from './auth-tokens';
import { EmailChangeModel } from './email-change-model';
import { linkTokenHash, newLinkToken } from './link-token';
import { changeSignIn } from './sign-in-change';
import type { LoginThrottle } from './login-throttle';
import { verifyPassword } from './password-hashing';
import { UserModel, type UserDocument } from './user-model';
import { presentString } from '../platform/present-string';

/** A day: long enough to find the email tomorrow morning, short enough to go stale. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
/** How recent a Google sign-in must be to stand in for the password of a Google-only account. */
const FRESH_GOOGLE_SIGN_IN_MS = 10 * 60_000;

/** What a request to change the email brings to prove it comes from the owner. */
export interface OwnerProof {
  currentPassword: string | undefined;
  session: SessionToken;
}

/**
 * Moving an account to another sign-in email. A stolen login token alone must not be enough to
 * take the account over (change the email, then reset the password from the new one), so a
 * change needs the current password (or, for an account without one, a Google sign-in of the
 * last few minutes) and takes effect only when the link mailed to the new address is followed;
 * the old address is told, with a way to stop it. The links' tokens are minted by the worker
 * that mails them, like reset links, and kept only as hashes.
 */
export class EmailChangeService {
  constructor(
    private readonly jobs: JobProducer,
    private readonly throttle: LoginThrottle | null,
  ) {}

  /**
   * Throws unless the request proves the owner. Wrong passwords count toward the account's
   * login delay: a token thief cannot guess the password here any faster than at login.
   */
  async checkOwner(user: UserDocument, proof: OwnerProof): Promise<void> {
    const stored = await UserModel.findById(user._id).select('+passwordHash');
    const passwordHash = stored?.passwordHash ?? null;
    if (!passwordHash) {
      const { method, issuedAt } = proof.session;
      if (method !== 'google' || Date.now() - issuedAt.getTime() > FRESH_GOOGLE_SIGN_IN_MS) {
        throw new DomainError('profile.google_sign_in_again', ProfileMessages.googleSignInAgain, {
          fields: { email: ProfileMessages.googleSignInAgain },
        });
      }
      return;
    }
    if (!proof.currentPassword) {
      throw new DomainError('invalid', ProfileMessages.currentPasswordRequired, {
        fields: { currentPassword: ProfileMessages.currentPasswordRequired },
      });
    }
    await this.throttle?.check(user.email);
    if (!(await verifyPassword(proof.currentPassword, passwordHash))) {
      await this.throttle?.failed(user.email);
      throw new DomainError(
        'profile.current_password_wrong',
        ProfileMessages.currentPasswordWrong,
        {
          fields: { currentPassword: ProfileMessages.currentPasswordWrong },
        },
      );
    }
  }

  /**
   * Starts a change (after checkOwner) and voids any earlier one. Says nothing about whether
   * another account uses the address: the caller answers alike, and a taken address gets no
   * email at all.
   */
  async request(user: UserDocument, newEmail: string): Promise<void> {
    await voidPendingEmailChanges(user._id);
    if (await UserModel.exists({ email: newEmail })) return;
    const change = await EmailChangeModel.create({
      userId: user._id,
      newEmail,
      previousEmail: user.email,
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_HOURS * 3_600_000),
    });
    const requestId = change.id as string;
    await this.jobs.add(
      jobs.emailChangeConfirmation,
      { requestId },
      { jobId: `email-change-${requestId}` },
    );
    await this.jobs.add(
      jobs.emailChangeNotice,
      { requestId },
      { jobId: `email-change-notice-${requestId}` },
    );
  }

  /**
   * Made by the worker that mails the link: the raw token exists only in that email. Null when
   * the request was voided, has expired, or its address has been taken since (nothing is mailed
   * to an address another account uses).
   */
  async issueToken(requestId: string): Promise<{ token: string; newEmail: string } | null> {
    const token = newLinkToken();
    const change = await EmailChangeModel.findOneAndUpdate(
      { _id: requestId, usedAt: null, expiresAt: { $gt: new Date() } },
      { $set: { tokenHash: linkTokenHash(token) } },
      { new: true },
    );
    if (!change || (await UserModel.exists({ email: change.newEmail }))) return null;
    return { token, newEmail: change.newEmail };
  }

  /**
   * Follows a link once, atomically; 409 when another account took the address meanwhile. The
   * move ends every session and every other link of the account (changeSignIn): the reset links
   * mailed to the old address above all, which whoever reads it from now on must not use.
   */
  async confirm(token: string): Promise<void> {
    if (!LINK_TOKEN_PATTERN.test(token)) {
      throw new DomainError('auth.link_invalid', AuthMessages.emailChangeLinkInvalid);
    }
    const now = new Date();
    const change = await EmailChangeModel.findOneAndUpdate(
      { tokenHash: presentString(linkTokenHash(token)), usedAt: null, expiresAt: { $gt: now } },
      { $set: { usedAt: now } },
    );
    if (!change) throw new DomainError('auth.link_invalid', AuthMessages.emailChangeLinkInvalid);
    let moved: UserDocument | null;
    try {
      moved = await changeSignIn(
        change.userId,
        {},
        { email: change.newEmail, emailVerifiedAt: now },
      );
    } catch (error) {
      if (isDuplicateKeyError(error))
        throw new DomainError('auth.email_taken', AuthMessages.emailChangeTaken);
      throw error;
    }
    if (!moved) throw new DomainError('auth.link_invalid', AuthMessages.emailChangeLinkInvalid);
  }
}

/** Voids every link of the account's changes still pending: one change at a time. */
async function voidPendingEmailChanges(userId: mongoose.Types.ObjectId): Promise<void> {
  await EmailChangeModel.updateMany({ userId, usedAt: null }, { $set: { usedAt: new Date() } });
}
