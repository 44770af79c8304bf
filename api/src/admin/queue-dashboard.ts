import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import express, { type Express, type Request, type RequestHandler, type Router } from 'express';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { QueueName } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import type { Logger } from '../platform/logger';
import { DomainError } from '../domain/domain-error';
import { QUEUE_DASHBOARD_TITLE } from '../domain/admin/queue-dashboard-words';
import { toolPagePolicy } from '../http/page-policy';
import { DASHBOARD_LABELS_PATH, dashboardLabelsScript } from './queue-dashboard-labels';
import {
  QUEUE_DASHBOARD_PATH,
  queueSessionsFor,
  type QueueSessionDependencies,
} from './queue-session';

export interface QueueDashboardDependencies extends QueueSessionDependencies {
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

/** bull-board's page template, as the installed package ships it. */
function pageTemplate(): string {
  const dist = path.join(path.dirname(require.resolve('@bull-board/ui/package.json')), 'dist');
  return readFileSync(path.join(dist, 'index.ejs'), 'utf8');
}

/**
 * The inline styles bull-board's UI ships: the <style> block of its page and the constant
 * <style> React renders inside its Redis icon. Read from the installed package, so an upgrade
 * that changes them keeps the dashboard working (admin-access.test.ts fails if a new kind of
 * inline style appears).
 */
function inlineStyles(): string[] {
  const styles = [...pageTemplate().matchAll(/<style>([^<]*)<\/style>/g)].map(
    (match) => match[1] ?? '',
  );
  const dist = path.join(path.dirname(require.resolve('@bull-board/ui/package.json')), 'dist');
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
 * The style attributes of the page's loading placeholder: constant text in its template, shown
 * until the app starts. Allowed one by one by their hashes ('unsafe-hashes'), not as a kind.
 */
function placeholderStyleAttributes(): string[] {
  return [...pageTemplate().matchAll(/\sstyle="([^"]*)"/g)].map((match) => match[1] ?? '');
}

/**
 * The site's CSP, loosened only as far as bull-board's page needs and only under its path. Its
 * scripts are its own files and ours (the button names), and its one inline script is JSON data
 * (never run), so scripts stay 'self'. Its inline <style> elements and its placeholder's style
 * attributes are allowed by their hashes. The Google Fonts stylesheet its page links to is taken
 * out of the page (dashboardPage) rather than allowed: system fonts instead, and Google is not
 * told who opens the dashboard.
 */
function dashboardPolicy(): RequestHandler {
  const policy = toolPagePolicy({
    elements: inlineStyles(),
    attributes: placeholderStyleAttributes(),
  });
  return (_req, res, next) => {
    res.setHeader('Content-Security-Policy', policy);
    // Queue contents include customers' addresses: nothing of the dashboard is cached.
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
}

/** The page bull-board renders, as we serve it: no Google Fonts, and our button names. */
function dashboardPage(html: string): string {
  return html
    .replace(/<link\b[^>]*href="https:\/\/fonts\.(?:googleapis|gstatic)\.com[^"]*"[^>]*>\s*/g, '')
    .replace(
      '</body>',
      `<script defer src="${QUEUE_DASHBOARD_PATH}${DASHBOARD_LABELS_PATH}"></script></body>`,
    );
}

/**
 * bull-board's page handler calls `res.render(view, params)` on its own Express app; this puts
 * the rendered page through dashboardPage before it is sent.
 */
function servePagesAsOurs(board: Express): RequestHandler {
  return (_req, res, next) => {
    const render = (view: string, options?: object) => {
      board.render(view, options ?? {}, (error: Error | null, html?: string) => {
        if (error) next(error);
        else res.send(dashboardPage(html ?? ''));
      });
    };
    res.render = render;
    next();
  };
}

/** A person opening a page of the dashboard in a browser, not its scripts, files or JSON API. */
function isPageNavigation(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (/^\/(?:api|static)(?:\/|$)/.test(req.path)) return false;
  // A browser's navigation puts text/html first; fetches and files ask for something else.
  return req.accepts(['json', 'html']) === 'html';
}

/**
 * Where a signed-out visit to a dashboard page goes: the site's login, with a return path to the
 * admin console's Queues tab, which trades the login for the dashboard's cookie and opens the page
 * asked for (a page navigation cannot carry the site's token).
 */
function signInPath(dashboardUrl: string): string {
  const back = `/admin?${new URLSearchParams({ tab: 'queues', open: dashboardUrl }).toString()}`;
  return `/login?${new URLSearchParams({ next: back }).toString()}`;
}

/** The guard, except that a signed-out page navigation is sent to sign in rather than a 401. */
function signInFirst(guard: RequestHandler): RequestHandler {
  return async (req, res, next) => {
    try {
      await guard(req, res, next);
    } catch (error) {
      if (
        error instanceof DomainError &&
        error.kind === 'unauthenticated' &&
        isPageNavigation(req)
      ) {
        res.redirect(303, signInPath(req.originalUrl));
        return;
      }
      throw error;
    }
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
    options: { uiConfig: { boardTitle: QUEUE_DASHBOARD_TITLE, hideDocsLink: true } },
  });
  // Replaces the handler createBullBoard set: its routes look it up when an error happens.
  serverAdapter.setErrorHandler(dashboardErrorAnswer(deps.logger));
  // bull-board answers from an Express app of its own, which names itself in X-Powered-By
  // unless told not to (ours is); its type says `any`.
  const board = serverAdapter.getRouter() as Express;
  board.disable('x-powered-by');
  const router = express.Router();
  router.use(dashboardPolicy());
  // Ours, and nothing secret: served before the guard, as bull-board's own files could be.
  router.get(DASHBOARD_LABELS_PATH, (_req, res) => {
    res.type('text/javascript').send(dashboardLabelsScript());
  });
  router.use(signInFirst(queueSessionsFor(deps).guard()), servePagesAsOurs(board), board);
  return router;
}
