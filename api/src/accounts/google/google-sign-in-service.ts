import { isDuplicateKeyError } from '../../platform/mongo';
import type { Profile } from 'passport-google-oauth20';
import { GOOGLE_EMAIL_UNVERIFIED } from '../../domain/auth/auth-messages';
import { emailField } from '../../domain/auth/auth-schemas';
import { withoutHiddenCharacters } from '../../domain/form-fields';
import { jobs } from '../../jobs/job-definitions';
import type { JobProducer } from '../../jobs/job-producer';
import type { Logger } from '../../platform/logger';
import { UserModel, type UserDocument } from '../user-model';
import type { IssuedCode, SignInCodes } from './sign-in-codes';
import { presentString } from '../../platform/present-string';

/** What we take from a Google profile, checked. */
export interface GoogleIdentity {
  googleId: string;
  /** Verified by Google; trimmed, lower case. */
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * A sign-in Google completed but we decline; `refused` is for the log, never for the client.
 * `code` names the few refusals the person can act on, for the site to explain.
 */
export interface Refusal {
  refused: string;
  code?: GoogleRefusalCode;
}

/** The account exists with a password, but nobody has proved they own its address. */
export type GoogleRefusalCode = typeof GOOGLE_EMAIL_UNVERIFIED;

/** Same limit as the register form's name fields. */
const NAME_MAX = 60;
/**
 * Google's names cannot be refused with a 400 as a form's are: the characters the forms refuse
 * (controls, direction overrides) are dropped instead, so the name cannot spoof itself anywhere.
 */
const name = (value: string | undefined) =>
  withoutHiddenCharacters(value ?? '')
    .trim()
    .slice(0, NAME_MAX);

/** Google's userinfo sends a boolean; some of its endpoints send the string. */
const isTrue = (value: unknown) => value === true || value === 'true';

/**
 * The identity in a Google profile, or why it cannot be used: a sign-in needs an email address
 * Google has verified, since that address is what finds or links an account.
 */
export function googleIdentity(profile: Profile): GoogleIdentity | Refusal {
  if (!profile.id || profile.id.length > 255) return { refused: 'Google returned no account id.' };
  const entry = profile.emails?.[0];
  if (!entry) return { refused: 'Google returned no email address.' };
  const verified = (profile._json.email_verified as unknown) ?? entry.verified;
  if (!isTrue(verified)) return { refused: 'The Google account email is not verified.' };
  const email = emailField.safeParse(entry.value);
  if (!email.success) return { refused: 'Google returned an unusable email address.' };
  const hasNames = Boolean(profile.name?.givenName ?? profile.name?.familyName);
  return {
    googleId: profile.id,
    email: email.data,
    firstName: name(hasNames ? profile.name?.givenName : profile.displayName),
    lastName: name(profile.name?.familyName),
  };
}

/**
 * Google sign-in's rules, below the HTTP layer: which account a Google identity signs into, and
 * the one-time codes that hand a finished sign-in to the site.
 */
export class GoogleSignInService {
  constructor(
    private readonly codes: SignInCodes,
    private readonly jobs: JobProducer,
    private readonly logger: Logger,
  ) {}

  /**
   * The account with this Google id; else the account with this email, which gets the Google id
   * linked only if its owner has proved the address (else whoever registered someone else's
   * address first would share the real owner's account once they use Google); else a new
   * account without a password, its address proved by Google. Two first sign-ins racing end on
   * one account: the loser of the unique index looks again.
   */
  async findOrCreate(identity: GoogleIdentity): Promise<UserDocument | Refusal> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const linked = await UserModel.findOne({ googleId: presentString(identity.googleId) });
      if (linked) return linked;

      const byEmail = await UserModel.findOne({ email: identity.email });
      if (byEmail?.googleId) {
        return { refused: 'The email belongs to an account linked to another Google account.' };
      }
      if (byEmail && !byEmail.emailVerifiedAt) {
        return {
          refused: 'The email belongs to an account whose address was never confirmed.',
          code: GOOGLE_EMAIL_UNVERIFIED,
        };
      }
      if (byEmail) {
        const user = await UserModel.findOneAndUpdate(
          { _id: byEmail._id, googleId: null, emailVerifiedAt: { $ne: null } },
          { $set: { googleId: identity.googleId } },
          { new: true },
        );
        if (user) return user;
        continue;
      }

      try {
        const user = await UserModel.create({
          email: identity.email,
          firstName: identity.firstName,
          lastName: identity.lastName,
          googleId: identity.googleId,
          emailVerifiedAt: new Date(),
        });
        await this.queueWelcome(user);
        return user;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    throw new Error('Google sign-in could not settle on one account.');
  }

  issueCode(userId: string): Promise<IssuedCode> {
    return this.codes.issue(userId);
  }

  /** The user a live, unused code (with its browser binding) was issued for; null otherwise. */
  async redeemCode(code: string, binding: string | undefined): Promise<UserDocument | null> {
    const userId = await this.codes.redeem(code, binding);
    return userId ? UserModel.findById(userId) : null;
  }

  /** The account exists either way: a welcome email that cannot be queued is no failed sign-in. */
  private async queueWelcome(user: UserDocument): Promise<void> {
    const userId = user.id as string;
    try {
      await this.jobs.add(jobs.welcomeEmail, { userId }, { jobId: `welcome-${userId}` });
    } catch (error) {
      this.logger.warn({ err: error, userId }, 'could not queue the welcome email');
    }
  }
}
