import { z } from 'zod';
import {
  AVATAR_MIME_TYPES,
  profileUpdateSchema,
  type Profile,
} from '../../domain/profile/profile-schema';
import type { ApiOperation, ApiArea } from './api-operation';
import { errorResponse, jsonResponse } from './shared-responses';
import { jsonBody, multipartBody } from './zod-to-openapi';

const profileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
  dob: z.string().describe("YYYY-MM-DD, or ''."),
  bio: z.string(),
  profilePicture: z.string().describe("The picture's API path, or '' when there is none."),
  hasPassword: z
    .boolean()
    .describe(
      'Whether the account has a password; without one (Google only), an email change needs a Google sign-in of the last 10 minutes.',
    ),
}) satisfies z.ZodType<Profile>;

const pictureAnswer = jsonResponse(
  'The picture’s API path.',
  z.object({ profilePicture: z.string() }),
);

/** PUT and POST take the same upload (the site's original form posted it). */
const uploadAvatar = (method: 'put' | 'post', operationId: string): ApiOperation => ({
  method,
  path: '/api/me/avatar',
  operationId,
  summary: 'Replace the profile picture',
  access: 'user',
  requestBody: multipartBody(undefined, {
    avatar: {
      description: 'JPEG, PNG or WebP (judged by its bytes), 2 MB at most.',
      contentTypes: AVATAR_MIME_TYPES,
      required: true,
    },
  }),
  responses: { '200': pictureAnswer },
  errors: [
    'BadRequest',
    'PayloadTooLarge',
    'UnsupportedMediaType',
    'TooManyRequests',
    'ServiceUnavailable',
  ],
});

export const profileArea: ApiArea = {
  tag: 'profile',
  description: "The signed-in account's Profile Settings and picture.",
  operations: [
    {
      method: 'get',
      path: '/api/me/profile',
      operationId: 'getProfile',
      summary: 'The Profile Settings form’s values',
      access: 'user',
      responses: { '200': jsonResponse('The profile.', z.object({ profile: profileSchema })) },
    },
    {
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
      requestBody: jsonBody(profileUpdateSchema),
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
    },
    uploadAvatar('put', 'replaceAvatar'),
    uploadAvatar('post', 'uploadAvatar'),
    {
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
    },
    {
      method: 'delete',
      path: '/api/me/avatar',
      operationId: 'deleteAvatar',
      summary: 'Remove the profile picture',
      access: 'user',
      responses: { '200': pictureAnswer },
      errors: ['TooManyRequests', 'ServiceUnavailable'],
    },
  ],
};
