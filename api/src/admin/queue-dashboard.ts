import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import express, { type Express, type RequestHandler, type Router } from 'express';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AuthTokens } from '../accounts/auth-tokens';
import type { ApiConfig } from '../config/api-config';
import { QueueName } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import type { Logger } from '../platform/logger';
import { toolPagePolicy } from '../http/page-policy';
import { QUEUE_DASHBOARD_PATH, queueSessionsFor } from './queue-session';

export interface QueueDashboardDependencies {
  config: Pick<ApiConfig, 'JWT_SECRET' | 'NODE_ENV'>;
  tokens: AuthTokens;
  /** The API's queues (its queue connection and QUEUE_PREFIX), closed with the producer. */
  jobs: JobProducer;
  logger: Logger;
}

/**
 * bull-board's answer to an error it did not foresee (a retry of a job that is no longer failed,
 * Redis gone mid-action): its own puts the stack in the body in development; this one never does.
 */
function dashboardErrorAnswer(logger: Logger) {
  return (error: Error) => {
    const { statusCode } = error as { statusCode?: unknown };
    // The codes bull-board's own errors carry; anything else is ours to call a 500.
    const status = ([400, 403, 404, 405, 409] as const).find((code) => code === statusCode) ?? 500;
    logger.warn({ status, reason: error.message }, 'queue dashboard action failed');
    // bull-board's own shape: its page translates the key and shows the message under it.
    return {
      status,
      body: { error: { key: 'ERRORS.INTERNAL_SERVER_ERROR' }, message: error.message },
    } as const;
  };
}

const require = createRequire(import.meta.url);

/**
 * The inline styles bull-board's UI ships: the <style> block of
 * its page and the constant <style> React renders inside its Redis icon. Read from the installed
 * package, so an upgrade that changes them keeps the dashboard working (admin-access.test.ts
 * fails if a new kind of inline style appears).
 */
function inlineStyles(): string[] {
  const dist = path.join(path.dirname(require.resolve('@bull-board/ui/package.json')), 'dist');
  const page = readFileSync(path.join(dist, 'index.ejs'), 'utf8');
  const styles = [...page.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1] ?? '');
  const scripts = path.join(dist, 'static/js');
  for (const file of readdirSync(scripts, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(path.join(scripts, file), 'utf8');
    // JSX `<style>{`...`}</style>` compiles to ("style",{children:`...`}); only constant text.
    for (const match of code.matchAll(/\("style",\{children:`([^`$]*)`\}\)/g)) {
      styles.push(match[1] ?? '');
    }
  }
  return styles;
}

/**
 * The site's CSP, loosened only as far as bull-board's page needs and only under its path. Its
 * scripts are its own files and its one inline script is JSON data (never run), so scripts stay
 * 'self'. Its inline <style> elements are allowed by their hashes. Left blocked: the style
 * attributes of the loading placeholder (replaced as soon as the app starts) and the Google Fonts
 * it links to (system fonts instead, and Google is not told who opens the dashboard).
 */
function dashboardPolicy(): RequestHandler {
  const policy = toolPagePolicy({ elements: inlineStyles() });
  return (_req, res, next) => {
    res.setHeader('Content-Security-Policy', policy);
    // Queue contents include customers' addresses: nothing of the dashboard is cached.
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
}

/**
 * bull-board for every queue of the product, for admins only (a Bearer token or the queue-session
 * cookie). Failed jobs show their reason and can be retried from it. Mount at
 * QUEUE_DASHBOARD_PATH, before the site's router.
 */
export function queueDashboard(deps: QueueDashboardDependencies): Router {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: Object.values(QueueName).map((name) => new BullMQAdapter(deps.jobs.queue(name))),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Home Services queues', hideDocsLink: true } },
  });
  // Replaces the handler createBullBoard set: its routes look it up when an error happens.
  serverAdapter.setErrorHandler(dashboardErrorAnswer(deps.logger));
  // bull-board answers from an Express app of its own, which names itself in X-Powered-By
  // unless told not to (ours is); its type says `any`.
  const board = serverAdapter.getRouter() as Express;
  board.disable('x-powered-by');
  const router = express.Router();
  router.use(dashboardPolicy(), queueSessionsFor(deps.config).guard(deps.tokens), board);
  return router;
}
