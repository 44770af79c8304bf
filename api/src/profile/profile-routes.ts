import express, { type RequestHandler, type Router } from 'express';
import multer from 'multer';
import { requireAuth, signedInSession, signedInUser } from '../accounts/require-auth';
import type { AuthTokens } from '../accounts/auth-tokens';
import type { EmailChangeService } from '../accounts/email-change-service';
import {
  AVATAR_MAX_BYTES,
  ProfileMessages,
  profileUpdateSchema,
} from '../domain/profile/profile-schema';
import type { DomainErrorKind } from '../domain/domain-error';
import { fileFieldError, uploadError } from '../http/upload-errors';
import { parseBody } from '../http/parse-body';
import type { Logger } from '../platform/logger';
import type { Storage } from '../platform/storage';
import { ProfileService } from './profile-service';
import { noStore } from '../http/no-store';
import { sendPrivateImage } from '../http/private-image';

export interface ProfileRouteDependencies {
  storage: Storage;
  tokens: AuthTokens;
  logger: Logger;
  emailChanges: EmailChangeService;
  /** A limiter per form, as on the account forms: each counts on its own. */
  limit: (name: string) => RequestHandler;
}

const AVATAR_FIELD = 'avatar';

const avatarError = (kind: DomainErrorKind, message: string) =>
  fileFieldError(AVATAR_FIELD, kind, message);

const AVATAR_UPLOAD_MESSAGES = {
  tooLarge: ProfileMessages.avatarTooLarge,
  oneOnly: ProfileMessages.avatarOneOnly,
  unreadable: ProfileMessages.avatarUnreadable,
};

/** One file in memory, at most 2 MB (a byte more is refused while it streams in). */
function receiveAvatar(): RequestHandler {
  const single = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: AVATAR_MAX_BYTES,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 6,
    },
  }).single(AVATAR_FIELD);
  return (req, res, next) => {
    single(req, res, (error: unknown) => {
      if (error) next(uploadError(AVATAR_FIELD, AVATAR_UPLOAD_MESSAGES, error));
      else next();
    });
  };
}

/**
 * GET/PUT /me/profile: the Profile Settings form. PUT/POST/GET/DELETE /me/avatar: its picture,
 * kept in S3 and streamed from here to the signed-in user only.
 */
export function profileRoutes(deps: ProfileRouteDependencies): Router {
  const profiles = new ProfileService(deps.storage, deps.logger, deps.emailChanges);
  const signedIn = requireAuth(deps.tokens);
  // Before the token check, like the account forms: a flood is counted whoever sends it.
  const profileLimit = deps.limit('profile');
  const avatarLimit = deps.limit('avatar');
  const router = express.Router();

  router.get('/me/profile', noStore, signedIn, async (req, res) => {
    res.json({ profile: await profiles.profileOf(signedInUser(req.user)) });
  });

  router.put('/me/profile', noStore, profileLimit, signedIn, async (req, res) => {
    const user = signedInUser(req.user);
    const changes = parseBody(profileUpdateSchema, req.body);
    const { profile, emailChangeStarted } = await profiles.update(
      user,
      changes,
      signedInSession(req.auth),
    );
    res.json({
      profile,
      message: emailChangeStarted ? ProfileMessages.emailChangeSent : ProfileMessages.updated,
    });
  });

  const uploadAvatar: RequestHandler = async (req, res) => {
    const user = signedInUser(req.user);
    if (!req.file) throw avatarError('invalid', ProfileMessages.avatarMissing);
    const profilePicture = await profiles.replaceAvatar(user, req.file.buffer);
    res.json({ profilePicture });
  };
  // requireAuth first: a visitor's upload is refused before a byte of it is read.
  const receive = receiveAvatar();
  router.put('/me/avatar', noStore, avatarLimit, signedIn, receive, uploadAvatar);
  router.post('/me/avatar', noStore, avatarLimit, signedIn, receive, uploadAvatar);

  router.get('/me/avatar', signedIn, async (req, res) => {
    const { body, contentType } = await profiles.openAvatar(signedInUser(req.user));
    res.setHeader('Vary', 'Authorization');
    await sendPrivateImage(req, res, {
      body,
      contentType,
      cacheControl: 'private, max-age=300',
      logContext: { image: 'profile picture' },
    });
  });

  router.delete('/me/avatar', noStore, avatarLimit, signedIn, async (req, res) => {
    await profiles.removeAvatar(signedInUser(req.user));
    res.json({ profilePicture: '' });
  });

  return router;
}
