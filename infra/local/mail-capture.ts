import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { fromThisMachine } from '../../api/src/platform/loopback';
import type { LocalService } from './service';

interface Address {
  Name: string;
  Address: string;
}

interface CapturedMail {
  ID: string;
  Created: string;
  From: Address;
  To: Address[];
  ReplyTo: Address[];
  Subject: string;
  Date: string;
  Text: string;
  HTML: string;
  Snippet: string;
  Size: number;
  Headers: Record<string, string[]>;
  Attachments: { FileName: string; ContentType: string; Size: number }[];
  /** Envelope recipients: what the SMTP client asked us to deliver to (BCC included). */
  envelopeTo: string[];
  raw: Buffer;
}

export interface MailCaptureOptions {
  smtpPort: number;
  httpPort: number;
  /** When set, every message is also written there as an .eml file and read back on start. */
  dataDir?: string;
}

export interface MailCaptureService extends LocalService {
  smtpUrl: string;
  mailboxUrl: string;
}

const addresses = (value: AddressObject | AddressObject[] | undefined): Address[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
    group.value.map((entry) => ({ Name: entry.name, Address: entry.address ?? '' })),
  );

function headersOf(parsed: ParsedMail): Record<string, string[]> {
  const headers: Record<string, string[]> = {};
  for (const { line } of parsed.headerLines) {
    const colon = line.indexOf(':');
    if (colon < 1) continue;
    const name = line.slice(0, colon).trim();
    const value = line
      .slice(colon + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
    (headers[name] ??= []).push(value);
  }
  return headers;
}

async function capture(
  raw: Buffer,
  envelopeTo: string[],
  id: string,
  created: Date,
): Promise<CapturedMail> {
  const parsed = await simpleParser(raw);
  const text = parsed.text ?? '';
  return {
    ID: id,
    Created: created.toISOString(),
    From: addresses(parsed.from)[0] ?? { Name: '', Address: '' },
    To: [...addresses(parsed.to), ...addresses(parsed.cc)],
    ReplyTo: addresses(parsed.replyTo),
    Subject: parsed.subject ?? '',
    Date: (parsed.date ?? created).toISOString(),
    Text: text,
    HTML: typeof parsed.html === 'string' ? parsed.html : '',
    Snippet: text.replace(/\s+/g, ' ').trim().slice(0, 250),
    Size: raw.length,
    Headers: headersOf(parsed),
    Attachments: parsed.attachments.map((file) => ({
      FileName: file.filename ?? '',
      ContentType: file.contentType,
      Size: file.size,
    })),
    envelopeTo,
    raw,
  };
}

const summary = (mail: CapturedMail) => ({
  ID: mail.ID,
  Created: mail.Created,
  From: mail.From,
  To: mail.To,
  Subject: mail.Subject,
  Snippet: mail.Snippet,
  Size: mail.Size,
});

const detail = (mail: CapturedMail) => ({
  ID: mail.ID,
  From: mail.From,
  To: mail.To,
  ReplyTo: mail.ReplyTo,
  Subject: mail.Subject,
  Date: mail.Date,
  Text: mail.Text,
  HTML: mail.HTML,
  Size: mail.Size,
  Attachments: mail.Attachments,
});

/** Mailpit's `to:` search, matched against header and envelope recipients alike. */
function matches(mail: CapturedMail, query: string): boolean {
  return query
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => {
      const lower = term.toLowerCase();
      if (lower.startsWith('to:')) {
        const wanted = lower.slice(3).replace(/^"|"$/g, '');
        return (
          mail.To.some((to) => to.Address.toLowerCase() === wanted) ||
          mail.envelopeTo.some((to) => to.toLowerCase() === wanted)
        );
      }
      return mail.Subject.toLowerCase().includes(lower);
    });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * An SMTP server that keeps every message instead of delivering it, readable over a subset of
 * Mailpit's HTTP API: the development mailbox page and the tests read it the same way they would
 * read Mailpit in docker compose.
 */
export async function startMailCapture(options: MailCaptureOptions): Promise<MailCaptureService> {
  const messages: CapturedMail[] = [];
  const byId = new Map<string, CapturedMail>();
  const keep = (mail: CapturedMail) => {
    messages.push(mail);
    byId.set(mail.ID, mail);
  };
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    for (const file of readdirSync(options.dataDir)
      .filter((name) => name.endsWith('.eml'))
      .sort()) {
      const [stamp = '0', id = randomUUID()] = file.replace(/\.eml$/, '').split('_');
      keep(
        await capture(
          readFileSync(path.join(options.dataDir, file)),
          [],
          id,
          new Date(Number(stamp)),
        ),
      );
    }
  }

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 30 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const created = new Date();
        const id = randomUUID();
        const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        capture(raw, envelopeTo, id, created).then(
          (mail) => {
            keep(mail);
            if (options.dataDir) {
              writeFileSync(path.join(options.dataDir, `${created.getTime()}_${id}.eml`), raw);
            }
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(options.smtpPort, '127.0.0.1', () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const api = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    // Every route, reads and DELETE alike: the messages hold reset and manage links, and a
    // page rebound to 127.0.0.1 would otherwise read them (platform/loopback.ts).
    if (!fromThisMachine(req)) {
      return sendJson(res, 403, { error: 'This mailbox answers localhost, 127.0.0.1 and [::1].' });
    }
    const url = new URL(req.url ?? '/', 'http://mailbox');
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 50) || 50, 100_000);
    const start = Number(url.searchParams.get('start') ?? 0) || 0;
    const list = (found: CapturedMail[]) => {
      const newestFirst = [...found].reverse();
      const page = newestFirst.slice(start, start + limit);
      sendJson(res, 200, {
        total: found.length,
        count: page.length,
        start,
        messages: page.map(summary),
      });
    };
    const parts = url.pathname.split('/').filter(Boolean);
    if (req.method === 'GET' && url.pathname === '/api/v1/messages') return list(messages);
    if (req.method === 'DELETE' && url.pathname === '/api/v1/messages') {
      messages.length = 0;
      byId.clear();
      return sendJson(res, 200, 'ok');
    }
    if (req.method === 'GET' && url.pathname === '/api/v1/search') {
      const query = url.searchParams.get('query') ?? '';
      return list(messages.filter((mail) => matches(mail, query)));
    }
    if (req.method === 'GET' && parts[0] === 'api' && parts[2] === 'message' && parts[3]) {
      const mail = byId.get(decodeURIComponent(parts[3]));
      if (!mail) return sendJson(res, 404, { error: 'message not found' });
      if (parts[4] === 'headers') return sendJson(res, 200, mail.Headers);
      if (parts[4] === 'raw') {
        res.writeHead(200, { 'Content-Type': 'message/rfc822' });
        return res.end(mail.raw);
      }
      return sendJson(res, 200, detail(mail));
    }
    sendJson(res, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    api.once('error', reject);
    api.listen(options.httpPort, '127.0.0.1', () => resolve());
  });
  const httpPort = (api.address() as AddressInfo).port;

  return {
    name: 'SMTP capture',
    description: `smtp://127.0.0.1:${smtpPort} (mailbox API http://127.0.0.1:${httpPort})`,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    mailboxUrl: `http://127.0.0.1:${httpPort}`,
    pids: [],
    async stop() {
      api.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => api.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
