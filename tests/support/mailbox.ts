import { scaled } from './time-scale';

import { simpleParser, type ParsedMail } from 'mailparser';
import { inject } from 'vitest';
import './stack-env';
import { pdfText } from './pdf-text';
import { MailboxClient, type MailDetail } from '../../api/src/dev-mailbox/mailbox-client';

export function mailbox(): MailboxClient {
  return new MailboxClient(inject('stack').MAILBOX_URL);
}

/** Polls the SMTP server's mailbox until `count` messages to `to` have arrived. */
export async function waitForMail(
  to: string,
  options: { count?: number; timeoutMs?: number } = {},
): Promise<MailDetail[]> {
  const client = mailbox();
  const count = options.count ?? 1;
  const deadline = Date.now() + scaled(options.timeoutMs ?? 15_000);
  for (;;) {
    const found = await client.list({ to });
    if (found.length >= count) return Promise.all(found.map((mail) => client.get(mail.ID)));
    if (Date.now() > deadline) {
      throw new Error(`expected ${count} email(s) to ${to}, found ${found.length}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * An email fetched whole from the SMTP capture (the mailbox API's `/raw`, which Mailpit also
 * answers) and parsed as a mail client would: headers, parts and attachments decoded.
 */
export async function parsedMail(mail: Pick<MailDetail, 'ID'>): Promise<ParsedMail> {
  const url = new URL(
    `/api/v1/message/${encodeURIComponent(mail.ID)}/raw`,
    inject('stack').MAILBOX_URL,
  );
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`mailbox answered ${String(response.status)} for ${url.href}`);
  return simpleParser(Buffer.from(await response.arrayBuffer()));
}

/**
 * Everything a recipient can read in an email: its headers, text, HTML and every attachment,
 * decoded, with calendar files' folded lines joined again (RFC 5545 cuts them at 75 octets) and
 * a PDF's text extracted (its streams are compressed).
 */
export async function everythingReadIn(mail: Pick<MailDetail, 'ID'>): Promise<string> {
  const parsed = await parsedMail(mail);
  const headers = [...parsed.headers.entries()].map(
    ([name, value]) => `${name}: ${JSON.stringify(value)}`,
  );
  const attachments = await Promise.all(
    parsed.attachments.map(async (file) => {
      const content =
        file.contentType === 'application/pdf'
          ? await pdfText(file.content)
          : file.content.toString('utf8').replace(/\r\n[ \t]/g, '');
      return `${file.filename ?? ''}\n${content}`;
    }),
  );
  return [
    ...headers,
    parsed.text ?? '',
    typeof parsed.html === 'string' ? parsed.html : '',
    ...attachments,
  ].join('\n');
}
