import { escapeHtml } from '../mail/escape-html';
import type { MailDetail, MailSummary } from './mailbox-client';

/** Escapes the text, then makes its http(s) links clickable so a person can follow a reset link. */
const linkify = (text: string): string =>
  escapeHtml(text).replace(
    /https?:\/\/[^\s<>"']+/g,
    (url) => `<a href="${url}" rel="noreferrer">${url}</a>`,
  );

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1b1f23}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.5rem;text-align:left;vertical-align:top}
pre{white-space:pre-wrap;background:#f6f8fa;padding:1rem;border-radius:6px}a{color:#0b5cad}.muted{color:#57606a}`;

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

const recipients = (mail: Pick<MailSummary, 'To'>): string =>
  mail.To.map((to) => to.Address).join(', ');

export function renderMailboxList(messages: MailSummary[]): string {
  const rows = messages
    .map(
      (mail) =>
        `<tr><td class="muted">${escapeHtml(new Date(mail.Created).toLocaleString('en-CA'))}</td>` +
        `<td>${escapeHtml(recipients(mail))}</td>` +
        `<td><a href="/dev/mailbox/${encodeURIComponent(mail.ID)}">${escapeHtml(mail.Subject || '(no subject)')}</a>` +
        `<div class="muted">${escapeHtml(mail.Snippet)}</div></td></tr>`,
    )
    .join('');
  return page(
    'Development mailbox',
    `<h1>Development mailbox</h1><p class="muted">Every email the site sent while running locally. Nothing here left this machine.</p>` +
      (messages.length
        ? `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p>No emails yet.</p>'),
  );
}

export function renderMailboxMessage(mail: MailDetail): string {
  const attachments = mail.Attachments.map(
    (file) =>
      `<li>${escapeHtml(file.FileName)} (${escapeHtml(file.ContentType)}, ${file.Size} bytes)</li>`,
  ).join('');
  return page(
    mail.Subject,
    `<p><a href="/dev/mailbox">&larr; All emails</a></p><h1>${escapeHtml(mail.Subject)}</h1>` +
      `<p class="muted">From ${escapeHtml(mail.From.Address)} to ${escapeHtml(recipients(mail))}</p>` +
      (mail.HTML
        ? `<p><a href="/dev/mailbox/${encodeURIComponent(mail.ID)}/html">View the HTML version</a></p>`
        : '') +
      `<pre>${linkify(mail.Text)}</pre>` +
      (attachments ? `<h2>Attachments</h2><ul>${attachments}</ul>` : ''),
  );
}
