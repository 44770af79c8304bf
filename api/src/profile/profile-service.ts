import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AuthMessages } from '../domain/auth/auth-messages';
import {
  ProfileMessages,
  type AvatarMimeType,
  type Profile,
  type ProfileUpdate,
} from '../domain/profile/profile-schema';
import { DomainError } from '../domain/domain-error';
import type { SessionToken } from '../accounts/auth-tokens';
import type { EmailChangeService } from '../accounts/email-change-service';
import { UserModel, type UserDocument } from '../accounts/user-model';
import type { Logger } from '../platform/logger';
import type { Storage } from '../platform/storage';
import { detectImageType, mimeTypeOfKey } from '../media/image-type';

/** The path the site loads the signed-in user's picture from; `v` changes with every upload. */
export const AVATAR_PATH = '/api/me/avatar';

/**
 * Profile fields kept on the user itself (shared with registration) and in its profile part.
 * The email is not among them: it changes only through EmailChangeService.
 */
const USER_FIELDS = ['firstName', 'lastName', 'address'] as const;
const PROFILE_FIELDS = [
  'company',
  'phone',
  'city',
  'state',
  'zipCode',
  'country',
  'dob',
  'bio',
] as const;

const isMissingObject = (error: unknown) =>
  error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound');

function unavailable(cause: unknown): DomainError {
  const error = new DomainError('unavailable', ProfileMessages.avatarUnavailable);
  error.cause = cause;
  return error;
}

/** `avatars/<user>/<random>.<ext>` → `/api/me/avatar?v=<random>`. */
export function avatarUrl(key: string): string {
  if (!key) return '';
  const file = key.slice(key.lastIndexOf('/') + 1);
  const version = file.slice(0, file.lastIndexOf('.')) || file;
  return `${AVATAR_PATH}?v=${encodeURIComponent(version)}`;
}

/** What a save did: the profile as saved, and whether it started an email change. */
export interface ProfileSaved {
  profile: Profile;
  emailChangeStarted: boolean;
}

export interface AvatarContent {
  body: Readable;
  contentType: AvatarMimeType;
}

/**
 * The signed-in user's Profile Settings: the text fields in MongoDB and the picture in S3, where
 * it is private and reached only through the API (never stored or sent as a data: string).
 */
export class ProfileService {
  constructor(
    private readonly storage: Storage,
    private readonly logger: Logger,
    private readonly emailChanges: EmailChangeService,
  ) {}

  async profileOf(user: UserDocument): Promise<Profile> {
    const profile = user.profile;
    // The hash itself never leaves MongoDB: only whether there is one.
    const hasPassword = await UserModel.exists({
      _id: user._id,
      passwordHash: { $type: 'string' },
    });
    return {
      firstName: user.firstName,
      lastName: user.lastName,
      company: profile.company,
      email: user.email,
      phone: profile.phone,
      address: user.address,
      city: profile.city,
      state: profile.state,
      zipCode: profile.zipCode,
      country: profile.country,
      dob: profile.dob,
      bio: profile.bio,
      profilePicture: avatarUrl(profile.avatarKey),
      hasPassword: hasPassword !== null,
    };
  }

  /**
   * Saves the fields given (already validated); a field left out keeps its value. A new email
   * is not saved: once the request proves the owner, it starts a change that the link mailed to
   * that address completes. Without that proof nothing at all is saved.
   */
  async update(
    user: UserDocument,
    input: ProfileUpdate,
    session: SessionToken,
  ): Promise<ProfileSaved> {
    const newEmail = input.email !== undefined && input.email !== user.email ? input.email : null;
    if (newEmail !== null) {
      await this.emailChanges.checkOwner(user, {
        currentPassword: input.currentPassword,
        session,
      });
    }
    const saved = await this.saveFields(user, input);
    if (newEmail !== null) await this.emailChanges.request(saved, newEmail);
    return { profile: await this.profileOf(saved), emailChangeStarted: newEmail !== null };
  }

  private async saveFields(user: UserDocument, input: ProfileUpdate): Promise<UserDocument> {
    const changes: Record<string, string> = {};
    for (const field of USER_FIELDS) {
      const value = input[field];
      if (value !== undefined) changes[field] = value;
    }
    for (const field of PROFILE_FIELDS) {
      const value = input[field];
      if (value !== undefined) changes[`profile.${field}`] = value;
    }
    if (Object.keys(changes).length === 0) return user;
    const updated = await UserModel.findOneAndUpdate(
      { _id: user._id },
      { $set: changes },
      { new: true, runValidators: true },
    );
    if (!updated) throw new DomainError('auth.session_expired', AuthMessages.sessionExpired);
    return updated;
  }

  /**
   * Stores a new picture, judged by its bytes, then points the account at it and only then
   * deletes the one it replaced. Answers the new picture's URL.
   */
  async replaceAvatar(user: UserDocument, bytes: Buffer): Promise<string> {
    if (bytes.length === 0) {
      throw new DomainError('invalid', ProfileMessages.avatarMissing, {
        fields: { avatar: ProfileMessages.avatarMissing },
      });
    }
    const type = detectImageType(bytes);
    if (!type) {
      throw new DomainError('unsupportedMedia', ProfileMessages.avatarWrongType, {
        fields: { avatar: ProfileMessages.avatarWrongType },
      });
    }
    const key = `avatars/${user.id as string}/${randomUUID()}.${type.extension}`;
    try {
      await this.storage.put(key, bytes, type.mimeType);
    } catch (error) {
      throw unavailable(error);
    }

    let before: UserDocument | null;
    try {
      // The document as it was: the key it held is the one this upload replaces, even when two
      // uploads race (each deletes exactly the picture it displaced).
      before = await UserModel.findOneAndUpdate(
        { _id: user._id },
        { $set: { 'profile.avatarKey': key } },
        { new: false },
      );
    } catch (error) {
      await this.discard(key);
      throw error;
    }
    if (!before) {
      await this.discard(key);
      throw new DomainError('auth.session_expired', AuthMessages.sessionExpired);
    }
    const previousKey = before.profile.avatarKey;
    if (previousKey && previousKey !== key) await this.discard(previousKey);
    return avatarUrl(key);
  }

  async openAvatar(user: UserDocument): Promise<AvatarContent> {
    const key = user.profile.avatarKey;
    const contentType = key ? mimeTypeOfKey(key) : null;
    if (!key || !contentType) throw new DomainError('notFound', ProfileMessages.avatarNotFound);
    try {
      return { body: await this.storage.get(key), contentType };
    } catch (error) {
      if (isMissingObject(error)) throw new DomainError('notFound', ProfileMessages.avatarNotFound);
      throw unavailable(error);
    }
  }

  /** Removes the picture from the account, then from storage. Removing none is not an error. */
  async removeAvatar(user: UserDocument): Promise<void> {
    const before = await UserModel.findOneAndUpdate(
      { _id: user._id },
      { $set: { 'profile.avatarKey': '' } },
      { new: false },
    );
    const previousKey = before?.profile.avatarKey;
    if (previousKey) await this.discard(previousKey);
  }

  /** Best effort: the account no longer points at the object, so a failure only leaves litter. */
  private async discard(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'could not delete an unused profile picture');
    }
  }
}
