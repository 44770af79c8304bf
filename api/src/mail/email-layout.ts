import { Company } from '../domain/company';
import type { MailMessage } from '../platform/mailer';
import { escapeHtml } from './escape-html';

export interface EmailContent {
  to: string;
  subject: string;
  /** Paragraphs of plain text; each becomes a <p> in the HTML version. */
  paragraphs: string[];
  /** Facts to check at a glance (date, address…): a table in HTML, 'Label: value' lines in text. */
  details?: [label: string, value: string][];
  /** A call to action: shown as a button in HTML and as the bare link in text. */
  action?: { label: string; url: string };
  /** A second, quieter choice after the call to action (a plain link in HTML, a line in text). */
  otherAction?: { label: string; url: string };
  headers?: Record<string, string>;
  replyTo?: string;
  attachments?: MailMessage['attachments'];
}

/**
 * A URL shown as text has no space to break at: a long one (a signed manage link) would run past
 * the edge of a phone's screen. Both properties, as mail clients support one or the other.
 */
const WRAPPING_LINK_STYLE = 'color:#0b6e4f;word-break:break-all;overflow-wrap:anywhere';

function detailsHtml(details: [label: string, value: string][]): string {
  const rows = details
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top;color:#555;font-weight:normal">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;vertical-align:top">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" style="border-collapse:collapse;margin:8px 0 16px">${rows}</table>`;
}

/** Every email: a text and an HTML version of the same words, signed with who we are. */
export function renderEmail(content: EmailContent): MailMessage {
  const footer = `${Company.name} · ${Company.mailingAddress} · ${Company.phone}`;
  const details = content.details ?? [];
  const text = [
    ...content.paragraphs,
    ...(details.length > 0
      ? [details.map(([label, value]) => `${label}: ${value}`).join('\n')]
      : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...(content.otherAction ? [`${content.otherAction.label}: ${content.otherAction.url}`] : []),
    '--',
    footer,
  ].join('\n\n');
  const button = content.action
    ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;background:#0b6e4f;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="font-size:13px;color:#555">Or paste this link into your browser: <a href="${escapeHtml(content.action.url)}" style="${WRAPPING_LINK_STYLE}">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const other = content.otherAction
    ? `<p><a href="${escapeHtml(content.otherAction.url)}" style="${WRAPPING_LINK_STYLE}">${escapeHtml(content.otherAction.label)}</a></p>`
    : '';
  const html =
    `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1b1f23;max-width:560px;margin:auto;padding:16px">` +
    content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('') +
    (details.length > 0 ? detailsHtml(details) : '') +
    button +
    other +
    `<hr style="border:none;border-top:1px solid #ddd"><p style="font-size:12px;color:#666">${escapeHtml(footer)}</p></body></html>`;
  return {
    to: content.to,
    subject: content.subject,
    text,
    html,
    headers: content.headers,
    ...(content.replyTo === undefined ? {} : { replyTo: content.replyTo }),
    ...(content.attachments === undefined ? {} : { attachments: content.attachments }),
  };
}
