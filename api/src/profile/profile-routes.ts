import express, { type RequestHandler, type Router } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { signedInSession, signedInUser } from '../accounts/require-auth';
import type { EmailChangeService } from '../accounts/email-change-service';
import {
  AVATAR_MAX_BYTES,
  AVATAR_MIME_TYPES,
  ProfileMessages,
  profileUpdateSchema,
} from '../domain/profile/profile-schema';
import type { DomainErrorKind } from '../domain/domain-error';
import {
  endpoint,
  endpointGroup,
  mountEndpoints,
  type Endpoint,
  type Guards,
} from '../http/endpoint';
import { errorResponse, jsonResponse } from '../http/openapi/shared-responses';
import { fileUpload, jsonBody } from '../http/request-schemas';
import { fileFieldError, uploadError } from '../http/upload-errors';
import type { Logger } from '../platform/logger';
import type { Storage } from '../platform/storage';
import { pictureAnswerSchema, profileSchema } from './profile-answers';
import { ProfileService } from './profile-service';
import { noStore } from '../http/no-store';
import { sendPrivateImage } from '../http/private-image';

export interface ProfileRouteDependencies {
  storage: Storage;
  logger: Logger;
  guards: Guards;
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

/** What the profile routes share, built once. */
interface ProfileContext {
  profiles: ProfileService;
  /** Before the token check, like the account forms: a flood is counted whoever sends it. */
  profileLimit: RequestHandler;
  avatarLimit: RequestHandler;
  receiveAvatar: RequestHandler;
}

const pictureAnswer = jsonResponse('The picture’s API path.', pictureAnswerSchema);

/** PUT and POST take the same upload (the site's original form posted it). */
function avatarUpload(method: 'put' | 'post', operationId: string): Endpoint<ProfileContext> {
  return endpoint({
    method,
    path: '/api/me/avatar',
    operationId,
    summary: 'Replace the profile picture',
    access: 'user',
    request: {
      body: fileUpload({
        avatar: {
          description: 'JPEG, PNG or WebP (judged by its bytes), 2 MB at most.',
          contentTypes: AVATAR_MIME_TYPES,
          required: true,
        },
      }),
    },
    responses: { '200': pictureAnswer },
    errors: [
      'BadRequest',
      'PayloadTooLarge',
      'UnsupportedMediaType',
      'TooManyRequests',
      'ServiceUnavailable',
    ],
    fuzz: { refusal: 'body', body: 'avatar' },
    before: ({ avatarLimit }) => [noStore, avatarLimit],
    // After the guard: a visitor's upload is refused before a byte of it is read.
    receive: ({ receiveAvatar }) => [receiveAvatar],
    handle: async ({ req, res }, { profiles }) => {
      const user = signedInUser(req.user);
      if (!req.file) throw avatarError('invalid', ProfileMessages.avatarMissing);
      const profilePicture = await profiles.replaceAvatar(user, req.file.buffer);
      res.json({ profilePicture });
    },
  });
}

/**
 * GET/PUT /me/profile: the Profile Settings form. PUT/POST/GET/DELETE /me/avatar: its picture,
 * kept in S3 and streamed from here to the signed-in user only.
 */
export const profileEndpoints = endpointGroup<ProfileContext>('profile', [
  endpoint({
    method: 'get',
    path: '/api/me/profile',
    operationId: 'getProfile',
    summary: 'The Profile Settings form’s values',
    access: 'user',
    responses: { '200': jsonResponse('The profile.', z.object({ profile: profileSchema })) },
    fuzz: 'reads',
    before: () => [noStore],
    handle: async ({ req, res }, { profiles }) => {
      res.json({ profile: await profiles.profileOf(signedInUser(req.user)) });
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/me/profile',
    operationId: 'updateProfile',
    summary: 'Save the Profile Settings form',
    description:
      'A field left out keeps its saved value. A new `email` is not saved: with `currentPassword` ' +
      '(or, for an account without a password, a login token from a Google sign-in of the last ' +
      '10 minutes) it starts a change that the link mailed to the new address completes ' +
      '(`POST /api/auth/confirm-email-change`), and the old address is told. The answer is the ' +
      'same whether or not another account uses the new address.',
    access: 'user',
    request: { body: jsonBody(profileUpdateSchema) },
    responses: {
      '200': jsonResponse(
        'Saved; `message` says when an email change was started instead.',
        z.object({ profile: profileSchema, message: z.string() }),
      ),
      '403': errorResponse(
        'A new email without the right current password, or without a recent Google sign-in.',
      ),
    },
    errors: ['BadRequest', 'TooManyRequests'],
    fuzz: 'body',
    before: ({ profileLimit }) => [noStore, profileLimit],
    handle: async ({ body, req, res }, { profiles }) => {
      const { profile, emailChangeStarted } = await profiles.update(
        signedInUser(req.user),
        body,
        signedInSession(req.auth),
      );
      res.json({
        profile,
        message: emailChangeStarted ? ProfileMessages.emailChangeSent : ProfileMessages.updated,
      });
    },
  }),
  avatarUpload('put', 'replaceAvatar'),
  avatarUpload('post', 'uploadAvatar'),
  endpoint({
    method: 'get',
    path: '/api/me/avatar',
    operationId: 'getAvatar',
    summary: 'The profile picture itself',
    access: 'user',
    responses: {
      '200': {
        description: 'The image.',
        content: Object.fromEntries(
          AVATAR_MIME_TYPES.map((type) => [
            type,
            { schema: { type: 'string', contentMediaType: type } },
          ]),
        ),
      },
      '404': errorResponse('The account has no profile picture.'),
    },
    errors: ['ServiceUnavailable'],
    fuzz: 'reads',
    handle: async ({ req, res }, { profiles }) => {
      const { body, contentType } = await profiles.openAvatar(signedInUser(req.user));
      res.setHeader('Vary', 'Authorization');
      await sendPrivateImage(req, res, {
        body,
        contentType,
        cacheControl: 'private, max-age=300',
        logContext: { image: 'profile picture' },
      });
    },
  }),
  endpoint({
    method: 'delete',
    path: '/api/me/avatar',
    operationId: 'deleteAvatar',
    summary: 'Remove the profile picture',
    access: 'user',
    responses: { '200': pictureAnswer },
    errors: ['TooManyRequests', 'ServiceUnavailable'],
    // A passing token would remove the picture: a write no invalid body can prevent.
    fuzz: { refusal: 'credential', neverValidBearer: true },
    before: ({ avatarLimit }) => [noStore, avatarLimit],
    handle: async ({ req, res }, { profiles }) => {
      await profiles.removeAvatar(signedInUser(req.user));
      res.json({ profilePicture: '' });
    },
  }),
]);

export function profileRoutes(deps: ProfileRouteDependencies): Router {
  return mountEndpoints(
    express.Router(),
    profileEndpoints,
    {
      profiles: new ProfileService(deps.storage, deps.logger, deps.emailChanges),
      profileLimit: deps.limit('profile'),
      avatarLimit: deps.limit('avatar'),
      receiveAvatar: receiveAvatar(),
    },
    { guards: deps.guards },
  );
}
