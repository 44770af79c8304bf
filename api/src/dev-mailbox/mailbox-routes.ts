import { isIP } from 'node:net';
import express, { type RequestHandler, type Response, type Router } from 'express';
import { DomainError } from '../domain/domain-error';
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

/** 127.0.0.0/8 and ::1, also as IPv4 mapped into IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/** The name in a Host header, without its port: 'localhost', '127.0.0.1', '[::1]'. */
function hostName(host: string | undefined): string {
  if (!host) return '';
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d*$/, '').toLowerCase();
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The mailbox holds every reset link and manage link the site sent, so it answers only this
 * machine: a peer on the loopback interface, asking for a loopback name. The peer is the socket's
 * own address (never X-Forwarded-For: a proxy in front would make every visitor local), and the
 * Host check stops a page on another site from reaching it through DNS rebinding. Anyone else
 * gets the 404 any unknown path gets.
 */
const thisMachineOnly: RequestHandler = (req, _res, next) => {
  const local =
    isLoopbackAddress(req.socket.remoteAddress) && LOOPBACK_NAMES.has(hostName(req.headers.host));
  next(local ? undefined : new DomainError('notFound', `Nothing at ${req.path}`));
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
