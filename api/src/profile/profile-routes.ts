import { pipeline } from 'node:stream/promises';
import express, { type RequestHandler, type Router } from 'express';
import multer from 'multer';
import { requireAuth, signedInUser } from '../accounts/require-auth';
import type { AuthTokens } from '../accounts/auth-tokens';
import {
  AVATAR_MAX_BYTES,
  ProfileMessages,
  profileUpdateSchema,
} from '../domain/profile/profile-schema';
import { fileFieldError, uploadError } from '../http/upload-errors';
import { parseBody } from '../http/parse-body';
import type { Logger } from '../platform/logger';
import type { Storage } from '../platform/storage';
import { ProfileService } from './profile-service';

export interface ProfileRouteDependencies {
  storage: Storage;
  tokens: AuthTokens;
  logger: Logger;
}

const AVATAR_FIELD = 'avatar';

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

const avatarError = (status: number, message: string) =>
  fileFieldError(AVATAR_FIELD, status, message);

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
  const profiles = new ProfileService(deps.storage, deps.logger);
  const signedIn = requireAuth(deps.tokens);
  const router = express.Router();

  router.get('/me/profile', noStore, signedIn, (req, res) => {
    res.json({ profile: profiles.profileOf(signedInUser(req.user)) });
  });

  router.put('/me/profile', noStore, signedIn, async (req, res) => {
    const user = signedInUser(req.user);
    const changes = parseBody(profileUpdateSchema, req.body);
    const profile = await profiles.update(user, changes);
    res.json({ profile, message: ProfileMessages.updated });
  });

  const uploadAvatar: RequestHandler = async (req, res) => {
    const user = signedInUser(req.user);
    if (!req.file) throw avatarError(400, ProfileMessages.avatarMissing);
    const profilePicture = await profiles.replaceAvatar(user, req.file.buffer);
    res.json({ profilePicture });
  };
  // requireAuth first: a visitor's upload is refused before a byte of it is read.
  const receive = receiveAvatar();
  router.put('/me/avatar', noStore, signedIn, receive, uploadAvatar);
  router.post('/me/avatar', noStore, signedIn, receive, uploadAvatar);

  router.get('/me/avatar', signedIn, async (req, res) => {
    const { body, contentType } = await profiles.openAvatar(signedInUser(req.user));
    res.setHeader('Content-Type', contentType);
    res.setHeader('Cache-Control', 'private, max-age=300');
    res.setHeader('Vary', 'Authorization');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', 'inline');
    try {
      await pipeline(body, res);
    } catch (error) {
      if (!res.headersSent) throw error;
      // The client left, or storage broke off mid-picture: nothing more can be said to the client.
      req.log.warn({ err: error }, 'profile picture stream ended early');
      res.destroy();
    }
  });

  router.delete('/me/avatar', noStore, signedIn, async (req, res) => {
    await profiles.removeAvatar(signedInUser(req.user));
    res.json({ profilePicture: '' });
  });

  return router;
}
