import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { AuthMessages } from '../domain/auth/auth-messages';
import {
  confirmEmailChangeSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '../domain/auth/auth-schemas';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { errorResponse, jsonResponse, messageBodySchema } from '../http/openapi/shared-responses';
import { jsonBody, pathParams } from '../http/request-schemas';
import { publicUserSchema, sessionSchema } from './account-answers';
import type { AccountService } from './account-service';
import type { EmailChangeService } from './email-change-service';
import type { PasswordResetService } from './password-reset-service';
import { publicUser } from './user-model';
import { signedInSession, signedInUser } from './require-auth';
import { noStore } from '../http/no-store';

export interface AuthRouteDependencies {
  accounts: AccountService;
  passwordResets: PasswordResetService;
  emailChanges: EmailChangeService;
  /** A limiter per form; each counts on its own. */
  limit: (name: string) => RequestHandler;
  guards: Guards;
}

/** Accounts: register, sign in and out, reset a password, confirm an email. */
export const authEndpoints = endpointGroup<AuthRouteDependencies>('auth', [
  endpoint({
    method: 'post',
    path: '/api/auth/register',
    operationId: 'register',
    summary: 'Create an account and sign in',
    access: 'public',
    request: { body: jsonBody(registerSchema) },
    responses: { '201': jsonResponse('The account, signed in.', sessionSchema) },
    errors: ['BadRequest', 'Conflict', 'TooManyRequests'],
    fuzz: 'body',
    before: (deps) => [deps.limit('register')],
    handle: async ({ body, res }, deps) => {
      const session = await deps.accounts.register(body);
      res.status(201).json({ ...session, message: AuthMessages.signupSuccess });
    },
  }),
  endpoint({
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
    request: { body: jsonBody(loginSchema) },
    responses: {
      '200': jsonResponse('Signed in.', sessionSchema),
      '401': errorResponse('Unknown email or wrong password (one answer for both).'),
    },
    errors: ['BadRequest', 'TooManyRequests'],
    fuzz: 'body',
    before: (deps) => [deps.limit('login')],
    handle: async ({ body, res }, deps) => {
      const session = await deps.accounts.login(body);
      res.json({ ...session, message: AuthMessages.loginSuccess });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/auth/logout',
    operationId: 'logout',
    summary: 'End this login token',
    description:
      'The token stops working at once, on every API instance; the account’s other sessions ' +
      'go on.',
    access: 'user',
    responses: { '200': jsonResponse('Logged out.', messageBodySchema) },
    // A passing token would be ended, and with it the fuzzer's own session.
    fuzz: { refusal: 'credential', neverValidBearer: true },
    // Not rate-limited: ending one's own session must always work, and it needs a live token.
    handle: async ({ req, res }, deps) => {
      await deps.accounts.logout(signedInUser(req.user), signedInSession(req.auth));
      res.json({ message: AuthMessages.loggedOut });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/auth/forgot-password',
    operationId: 'forgotPassword',
    summary: 'Email a password reset link',
    description: 'The same answer whether or not the address has an account.',
    access: 'public',
    request: { body: jsonBody(forgotPasswordSchema) },
    responses: {
      '200': jsonResponse('The link is on its way, if the account exists.', messageBodySchema),
    },
    errors: ['BadRequest', 'TooManyRequests'],
    fuzz: 'body',
    before: (deps) => [deps.limit('forgot-password')],
    handle: async ({ body, res }, deps) => {
      await deps.accounts.requestPasswordReset(body.email);
      res.json({ message: AuthMessages.resetLinkSent });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/auth/reset-password/{token}',
    operationId: 'resetPassword',
    summary: 'Choose a new password with the emailed token',
    description:
      'Ends every session signed in with the old password, every other reset link and a ' +
      'pending email change. Works only while the account uses the address the link was ' +
      'mailed to.',
    access: 'signedLink',
    request: {
      params: pathParams({ token: 'The token from the reset link.' }),
      body: jsonBody(resetPasswordSchema),
    },
    responses: { '200': jsonResponse('The password is changed.', messageBodySchema) },
    errors: ['BadRequest', 'TooManyRequests'],
    fuzz: 'credential',
    before: (deps) => [deps.limit('reset-password')],
    handle: async ({ params, body, res }, deps) => {
      await deps.passwordResets.reset(params.token, body.password);
      res.json({ message: AuthMessages.resetDone });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/auth/confirm-email-change',
    operationId: 'confirmEmailChange',
    summary: 'Move the account to its new email with the emailed token',
    description:
      'The link works once and for 24 hours; a password reset voids it. Ends every session of ' +
      'the account and every reset link (those mailed to the old address above all).',
    access: 'signedLink',
    request: { body: jsonBody(confirmEmailChangeSchema) },
    responses: {
      '200': jsonResponse('The account now signs in with the new email.', messageBodySchema),
      '409': errorResponse('Another account took the new address since the change was asked.'),
    },
    errors: ['BadRequest', 'TooManyRequests'],
    fuzz: 'credential',
    before: (deps) => [deps.limit('confirm-email-change')],
    handle: async ({ body, res }, deps) => {
      await deps.emailChanges.confirm(body.token);
      res.json({ message: AuthMessages.emailChangeConfirmed });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/auth/verify-email',
    operationId: 'verifyEmail',
    summary: 'Confirm the account’s email with the welcome email’s signed link',
    description:
      'A confirmed address lets a Google account with the same email sign in to the account.',
    access: 'signedLink',
    request: { body: jsonBody(verifyEmailSchema) },
    responses: { '200': jsonResponse('The address is confirmed.', messageBodySchema) },
    errors: ['BadRequest', 'TooManyRequests'],
    fuzz: 'credential',
    before: (deps) => [deps.limit('verify-email')],
    handle: async ({ body, res }, deps) => {
      await deps.accounts.verifyEmail(body.user, body.token);
      res.json({ message: AuthMessages.emailVerified });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/me',
    operationId: 'getMe',
    summary: 'The signed-in account',
    access: 'user',
    responses: { '200': jsonResponse('The account.', z.object({ user: publicUserSchema })) },
    fuzz: 'reads',
    before: () => [noStore],
    handle: ({ req, res }) => {
      res.json({ user: publicUser(signedInUser(req.user)) });
    },
  }),
]);

export function authRoutes(deps: AuthRouteDependencies): Router {
  const router = express.Router();
  router.use('/auth', noStore);
  return mountEndpoints(router, authEndpoints, deps, { guards: deps.guards });
}
