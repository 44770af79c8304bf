import express, { type Express } from 'express';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AccountService } from '../accounts/account-service';
import { authRoutes } from '../accounts/auth-routes';
import { googleSignInRoutes } from '../accounts/google/google-routes';
import type { AuthTokens } from '../accounts/auth-tokens';
import type { PasswordResetService } from '../accounts/password-reset-service';
import type { ApiConfig } from '../config/api-config';
import { AuthMessages } from '../domain/auth/auth-messages';
import type { JobProducer } from '../jobs/job-producer';
import type { Redis } from '../platform/redis';
import type { Storage } from '../platform/storage';
import { devMailboxRoutes } from '../dev-mailbox/mailbox-routes';
import { healthRoutes } from '../health/health-routes';
import type { Readiness } from '../health/readiness';
import type { Logger } from '../platform/logger';
import { profileRoutes } from '../profile/profile-routes';
import { apiNotFound, errorHandler } from './error-handler';
import { HttpError } from './http-error';
import { rateLimited } from './rate-limit';
import { requestLogging } from './request-logging';
import { securityHeaders } from './security-headers';
import { siteRouter } from './site';

export interface AppDependencies {
  config: ApiConfig;
  logger: Logger;
  readiness: Readiness;
  /** The request-path connection (fails fast): rate limits. */
  redis: Redis;
  jobs: JobProducer;
  storage: Storage;
  tokens: AuthTokens;
  accounts: AccountService;
  passwordResets: PasswordResetService;
}

const DEFAULT_DIST_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist',
);

/** JSON bodies are small forms; uploads come as multipart and have their own limits. */
const JSON_BODY_LIMIT = '100kb';

export function createApp(deps: AppDependencies): Express {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(requestLogging(deps.logger));
  app.use(securityHeaders({ production: config.NODE_ENV === 'production' }));
  app.use(healthRoutes(deps.readiness));

  const api = express.Router();
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  const authLimit = (name: string) =>
    rateLimited({
      redis: deps.redis,
      keyPrefix: config.QUEUE_PREFIX,
      name: `auth-${name}`,
      limit: config.AUTH_RATE_LIMIT_MAX,
      windowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      message: AuthMessages.tooManyAttempts,
    });
  api.use(authRoutes({ ...deps, limit: authLimit }));
  api.use(googleSignInRoutes({ ...deps, limit: authLimit }));
  api.use(profileRoutes(deps));
  api.use(apiNotFound);
  app.use('/api', api);

  if (config.MAILBOX_URL && config.NODE_ENV !== 'production') {
    app.use(devMailboxRoutes(config.MAILBOX_URL));
  }
  app.use(siteRouter(config.WEB_DIST_DIR ?? DEFAULT_DIST_DIR));
  app.use((req, _res, next) => {
    next(new HttpError(404, `Nothing at ${req.path}`));
  });
  app.use(errorHandler);
  return app;
}
