import express, { type RequestHandler, type Router } from 'express';
import { AuthMessages } from '../domain/auth/auth-messages';
import {
  confirmEmailChangeSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '../domain/auth/auth-schemas';
import { parseBody } from '../http/parse-body';
import type { AccountService } from './account-service';
import type { AuthTokens } from './auth-tokens';
import type { EmailChangeService } from './email-change-service';
import type { PasswordResetService } from './password-reset-service';
import { publicUser } from './user-model';
import { requireAuth, signedInSession, signedInUser } from './require-auth';
import { noStore } from '../http/no-store';

export interface AuthRouteDependencies {
  accounts: AccountService;
  passwordResets: PasswordResetService;
  emailChanges: EmailChangeService;
  tokens: AuthTokens;
  /** A limiter per form; each counts on its own. */
  limit: (name: string) => RequestHandler;
}

export function authRoutes(deps: AuthRouteDependencies): Router {
  const router = express.Router();
  router.use('/auth', noStore);

  router.post('/auth/register', deps.limit('register'), async (req, res) => {
    const session = await deps.accounts.register(parseBody(registerSchema, req.body));
    res.status(201).json({ ...session, message: AuthMessages.signupSuccess });
  });

  router.post('/auth/login', deps.limit('login'), async (req, res) => {
    const session = await deps.accounts.login(parseBody(loginSchema, req.body));
    res.json({ ...session, message: AuthMessages.loginSuccess });
  });

  router.post('/auth/forgot-password', deps.limit('forgot-password'), async (req, res) => {
    const { email } = parseBody(forgotPasswordSchema, req.body);
    await deps.accounts.requestPasswordReset(email);
    res.json({ message: AuthMessages.resetLinkSent });
  });

  router.post('/auth/reset-password/:token', deps.limit('reset-password'), async (req, res) => {
    const { password } = parseBody(resetPasswordSchema, req.body);
    const token = req.params.token;
    await deps.passwordResets.reset(typeof token === 'string' ? token : '', password);
    res.json({ message: AuthMessages.resetDone });
  });

  // Not rate-limited: ending one's own session must always work, and it needs a live token.
  router.post('/auth/logout', requireAuth(deps.tokens), async (req, res) => {
    await deps.accounts.logout(signedInUser(req.user), signedInSession(req.auth));
    res.json({ message: AuthMessages.loggedOut });
  });

  router.post(
    '/auth/confirm-email-change',
    deps.limit('confirm-email-change'),
    async (req, res) => {
      const { token } = parseBody(confirmEmailChangeSchema, req.body);
      await deps.emailChanges.confirm(token);
      res.json({ message: AuthMessages.emailChangeConfirmed });
    },
  );

  router.post('/auth/verify-email', deps.limit('verify-email'), async (req, res) => {
    const { user, token } = parseBody(verifyEmailSchema, req.body);
    await deps.accounts.verifyEmail(user, token);
    res.json({ message: AuthMessages.emailVerified });
  });

  router.get('/me', noStore, requireAuth(deps.tokens), (req, res) => {
    res.json({ user: publicUser(signedInUser(req.user)) });
  });

  return router;
}
