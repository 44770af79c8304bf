import { z } from 'zod';
import { googleExchangeSchema } from '../../accounts/google/google-routes';
import { USER_ROLES, type PublicUser } from '../../accounts/user-model';
import {
  confirmEmailChangeSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '../../domain/auth/auth-schemas';
import type { ApiArea } from './api-operation';
import {
  errorResponse,
  jsonResponse,
  messageBodySchema,
  redirectResponse,
} from './shared-responses';
import { jsonBody } from './zod-to-openapi';

export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  address: z.string(),
  role: z.enum(USER_ROLES),
}) satisfies z.ZodType<PublicUser>;

const sessionSchema = z.object({
  token: z.string().describe('The login token: send it as `Authorization: Bearer <token>`.'),
  user: publicUserSchema,
  message: z.string(),
});

export const authArea: ApiArea = {
  tag: 'auth',
  description: 'Accounts: register, sign in (password or Google), reset a password.',
  operations: [
    {
      method: 'post',
      path: '/api/auth/register',
      operationId: 'register',
      summary: 'Create an account and sign in',
      access: 'public',
      requestBody: jsonBody(registerSchema),
      responses: { '201': jsonResponse('The account, signed in.', sessionSchema) },
      errors: ['BadRequest', 'Conflict', 'TooManyRequests'],
    },
    {
      method: 'post',
      path: '/api/auth/login',
      operationId: 'login',
      summary: 'Sign in with email and password',
      description:
        'After 5 failed logins for one email (known or not, from any address), each further ' +
        'attempt waits 1 s, 2 s, 4 s... up to 30 s after the last failure: until then the answer ' +
        'is a 429 with `Retry-After` and the password is not checked. A success starts the ' +
        'count again.',
      access: 'public',
      requestBody: jsonBody(loginSchema),
      responses: {
        '200': jsonResponse('Signed in.', sessionSchema),
        '401': errorResponse('Unknown email or wrong password (one answer for both).'),
      },
      errors: ['BadRequest', 'TooManyRequests'],
    },
    {
      method: 'post',
      path: '/api/auth/logout',
      operationId: 'logout',
      summary: 'End this login token',
      description:
        'The token stops working at once, on every API instance; the account’s other sessions ' +
        'go on.',
      access: 'user',
      responses: { '200': jsonResponse('Logged out.', messageBodySchema) },
    },
    {
      method: 'post',
      path: '/api/auth/forgot-password',
      operationId: 'forgotPassword',
      summary: 'Email a password reset link',
      description: 'The same answer whether or not the address has an account.',
      access: 'public',
      requestBody: jsonBody(forgotPasswordSchema),
      responses: {
        '200': jsonResponse('The link is on its way, if the account exists.', messageBodySchema),
      },
      errors: ['BadRequest', 'TooManyRequests'],
    },
    {
      method: 'post',
      path: '/api/auth/reset-password/{token}',
      operationId: 'resetPassword',
      summary: 'Choose a new password with the emailed token',
      description:
        'Ends every session signed in with the old password and voids a pending email change.',
      access: 'signedLink',
      pathParameters: { token: 'The token from the reset link.' },
      requestBody: jsonBody(resetPasswordSchema),
      responses: { '200': jsonResponse('The password is changed.', messageBodySchema) },
      errors: ['BadRequest', 'TooManyRequests'],
    },
    {
      method: 'post',
      path: '/api/auth/confirm-email-change',
      operationId: 'confirmEmailChange',
      summary: 'Move the account to its new email with the emailed token',
      description: 'The link works once and for 24 hours; a password reset voids it.',
      access: 'signedLink',
      requestBody: jsonBody(confirmEmailChangeSchema),
      responses: {
        '200': jsonResponse('The account now signs in with the new email.', messageBodySchema),
        '409': errorResponse('Another account took the new address since the change was asked.'),
      },
      errors: ['BadRequest', 'TooManyRequests'],
    },
    {
      method: 'post',
      path: '/api/auth/verify-email',
      operationId: 'verifyEmail',
      summary: 'Confirm the account’s email with the welcome email’s signed link',
      description:
        'A confirmed address lets a Google account with the same email sign in to the account.',
      access: 'signedLink',
      requestBody: jsonBody(verifyEmailSchema),
      responses: { '200': jsonResponse('The address is confirmed.', messageBodySchema) },
      errors: ['BadRequest', 'TooManyRequests'],
    },
    {
      method: 'get',
      path: '/api/me',
      operationId: 'getMe',
      summary: 'The signed-in account',
      access: 'user',
      responses: { '200': jsonResponse('The account.', z.object({ user: publicUserSchema })) },
    },
    {
      method: 'get',
      path: '/api/auth/google',
      operationId: 'startGoogleSignIn',
      summary: 'Start signing in with Google (a browser navigation)',
      access: 'public',
      responses: { '302': redirectResponse("To Google's consent page.") },
      errors: ['ServiceUnavailable'],
    },
    {
      method: 'get',
      path: '/api/auth/google/callback',
      operationId: 'finishGoogleSignIn',
      summary: 'Where Google sends the browser back',
      description:
        "Signs into (or creates) the account, then redirects to the site's sign-in page with a " +
        'one-time code in `?google=`, or with `?google_error=1` (`?google_error=email-unverified` ' +
        'when a password account has that email but nobody has confirmed it: nothing is linked). ' +
        'Never answers with an error body.',
      access: 'public',
      parameters: [
        {
          name: 'code',
          in: 'query',
          description: "Google's authorization code.",
          schema: { type: 'string' },
        },
        {
          name: 'state',
          in: 'query',
          description: 'The state sent to Google.',
          schema: { type: 'string' },
        },
        {
          name: 'error',
          in: 'query',
          description: 'Set by Google when the person declined.',
          schema: { type: 'string' },
        },
      ],
      responses: { '302': redirectResponse("To the site's sign-in page.") },
    },
    {
      method: 'post',
      path: '/api/auth/google/exchange',
      operationId: 'exchangeGoogleCode',
      summary: 'Trade the one-time Google code for a login token',
      description:
        'Only from the browser that went through Google: the code is bound to a cookie set by the callback.',
      access: 'public',
      requestBody: jsonBody(googleExchangeSchema),
      responses: { '200': jsonResponse('Signed in.', sessionSchema) },
      errors: ['BadRequest', 'TooManyRequests'],
    },
  ],
};
