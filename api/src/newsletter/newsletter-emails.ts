import { Company } from '../domain/company';
import { renderEmail } from '../mail/email-layout';
import { escapeHtml } from '../mail/escape-html';
import { headerLine, MAX_SUBJECT_LENGTH } from '../mail/header-line';
import type { MailMessage } from '../platform/mailer';
import type { CampaignContent } from './campaign-content';

/**
 * The newsletter's emails, as pure functions: the workers render and send them, and tests read
 * them without a mail server.
 */

/**
 * An address for List-Unsubscribe, which sits between angle brackets: http(s), and nothing that
 * would end the brackets or the line. A bad one is a bug upstream: better a failed job than a
 * newsletter nobody can leave.
 */
function headerUrl(url: string): string {
  if (!/^https?:\/\/[^\s<>]+$/i.test(url)) throw new Error('Invalid unsubscribe URL');
  return url;
}

const FOOTER_STYLE = 'font-size:12px;color:#666';

/**
 * A campaign in the frame every email of ours has (renderEmail's look), with what CASL asks of
 * a commercial message: who sends it, a mailing address, and a working way to unsubscribe.
 * List-Unsubscribe and List-Unsubscribe-Post let mail clients offer one-click unsubscribe
 * (RFC 8058); the visible link leads to a page for people.
 */
export function newsletterEmail(input: {
  to: string;
  subject: string;
  content: CampaignContent;
  unsubscribeUrl: string;
  oneClickUnsubscribeUrl: string;
}): MailMessage {
  const why = `You receive this email because you subscribed to the ${Company.name} newsletter.`;
  const signature = `${Company.name} · ${Company.mailingAddress} · ${Company.phone}`;
  const text = [
    input.content.text,
    '--',
    why,
    `Unsubscribe: ${input.unsubscribeUrl}`,
    signature,
  ].join('\n\n');
  const html =
    `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1b1f23;max-width:560px;margin:auto;padding:16px">` +
    input.content.html +
    `<hr style="border:none;border-top:1px solid #ddd">` +
    `<p style="${FOOTER_STYLE}">${escapeHtml(why)} ` +
    `<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#666">Unsubscribe</a></p>` +
    `<p style="${FOOTER_STYLE}">${escapeHtml(signature)}</p></body></html>`;
  return {
    to: input.to,
    subject: headerLine(input.subject, MAX_SUBJECT_LENGTH),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${headerUrl(input.oneClickUnsubscribeUrl)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Double opt-in: nothing is sent to `to` before this link is followed. */
export function subscriptionConfirmationEmail(to: string, confirmUrl: string): MailMessage {
  return renderEmail({
    to,
    subject: `Please confirm your subscription to the ${Company.name} newsletter`,
    paragraphs: [
      'Hello,',
      `Someone, hopefully you, asked to receive the ${Company.name} newsletter at ${to}. Please confirm your subscription with the button below.`,
      'We will not send you any newsletter unless you confirm. If this was not you, simply ignore this email: you will not be subscribed.',
    ],
    action: { label: 'Confirm my subscription', url: confirmUrl },
  });
}
