import express, { type Response, type Router } from 'express';
import { MailboxClient } from './mailbox-client';
import { renderMailboxList, renderMailboxMessage } from './mailbox-page';

/** The page's own inline styles only; no scripts at all. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";
/** An email's HTML runs in a sandbox with no scripts, forms or outside requests. */
const EMAIL_CSP = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'";

function sendHtml(res: Response, csp: string, html: string): void {
  res.setHeader('Content-Security-Policy', csp);
  res.setHeader('Cache-Control', 'no-store');
  res.type('html').send(html);
}

/** Development only: lets a person read what the site emailed (reset links, confirmations). */
export function devMailboxRoutes(mailboxUrl: string): Router {
  const mailbox = new MailboxClient(mailboxUrl);
  const router = express.Router();
  router.get('/dev/mailbox', async (_req, res) => {
    sendHtml(res, PAGE_CSP, renderMailboxList(await mailbox.list({ limit: 100 })));
  });
  router.get('/dev/mailbox/:id', async (req, res) => {
    sendHtml(res, PAGE_CSP, renderMailboxMessage(await mailbox.get(req.params.id)));
  });
  router.get('/dev/mailbox/:id/html', async (req, res) => {
    const mail = await mailbox.get(req.params.id);
    sendHtml(res, EMAIL_CSP, mail.HTML);
  });
  return router;
}
