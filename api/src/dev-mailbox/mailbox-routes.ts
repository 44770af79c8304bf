import express, { type RequestHandler, type Response, type Router } from 'express';
import { DomainError } from '../domain/domain-error';
import { fromThisMachine } from '../platform/loopback';
import { MailboxClient, MailboxError, type MailDetail } from './mailbox-client';
import { renderMailboxList, renderMailboxMessage } from './mailbox-page';

/** The page's own inline styles only; no scripts at all. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";
/**
 * An email's HTML runs in a sandbox with no scripts, forms or outside requests. It is opened as a
 * page of its own (a link from the message page), so no page may frame it either.
 */
const EMAIL_CSP =
  "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'none'";

function sendHtml(res: Response, csp: string, html: string): void {
  res.setHeader('Content-Security-Policy', csp);
  res.setHeader('Cache-Control', 'no-store');
  res.type('html').send(html);
}

/** An id the mailbox does not know (a stale link, a typo) is a 404, not a failure of ours. */
async function messageOrNotFound(mailbox: MailboxClient, id: string): Promise<MailDetail> {
  try {
    return await mailbox.get(id);
  } catch (error) {
    if (error instanceof MailboxError && error.status >= 400 && error.status < 500) {
      throw new DomainError('notFound', 'There is no such message in the mailbox.');
    }
    throw error;
  }
}

/**
 * The mailbox answers only this machine (platform/loopback.ts says why). Anyone else gets the 404
 * any unknown path gets: the API does not tell strangers it has a mailbox.
 */
const thisMachineOnly: RequestHandler = (req, _res, next) => {
  next(fromThisMachine(req) ? undefined : new DomainError('notFound', `Nothing at ${req.path}`));
};

/** Development only: lets a person read what the site emailed (reset links, confirmations). */
export function devMailboxRoutes(mailboxUrl: string): Router {
  const mailbox = new MailboxClient(mailboxUrl);
  const router = express.Router();
  router.use('/dev/mailbox', thisMachineOnly);
  router.get('/dev/mailbox', async (_req, res) => {
    sendHtml(res, PAGE_CSP, renderMailboxList(await mailbox.list({ limit: 100 })));
  });
  router.get('/dev/mailbox/:id', async (req, res) => {
    sendHtml(res, PAGE_CSP, renderMailboxMessage(await messageOrNotFound(mailbox, req.params.id)));
  });
  router.get('/dev/mailbox/:id/html', async (req, res) => {
    const mail = await messageOrNotFound(mailbox, req.params.id);
    sendHtml(res, EMAIL_CSP, mail.HTML);
  });
  return router;
}
