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
  errors: ['BadRequest', 'PayloadTooLarge', 'UnsupportedMediaType', 'ServiceUnavailable'],
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
      description: 'A field left out keeps its saved value.',
      access: 'user',
      requestBody: jsonBody(profileUpdateSchema),
      responses: {
        '200': jsonResponse('Saved.', z.object({ profile: profileSchema, message: z.string() })),
        '409': errorResponse('Another account already uses that email address.'),
      },
      errors: ['BadRequest'],
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
      errors: ['ServiceUnavailable'],
    },
  ],
};
