import nodemailer, { type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { z } from 'zod';
import { CommitGate } from './commit-gate';

/** CR or LF in a header would let input add headers of its own. */
const headerValue = z.string().regex(/^[^\r\n]*$/, 'must be a single line');

export const mailMessageSchema = z.object({
  to: z.email(),
  subject: headerValue.min(1).max(300),
  text: z.string().min(1),
  html: z.string().optional(),
  replyTo: z.email().optional(),
  headers: z.record(z.string().regex(/^[A-Za-z0-9-]+$/), headerValue).optional(),
  attachments: z
    .array(z.object({ filename: headerValue, content: z.string(), contentType: headerValue }))
    .optional(),
});

export type MailMessage = z.infer<typeof mailMessageSchema>;

export interface SendOptions {
  /**
   * Runs when the whole message has been handed over and only its final "." is left to send:
   * the place to record, durably, that it is being sent (see CommitGate).
   */
  beforeCommit?: () => Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string;
  from: string;
  /** Pooled connections for bulk sending (newsletter), this many at once; single-use otherwise. */
  poolSize?: number;
}

/** The only place that talks SMTP. */
export class Mailer {
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(private readonly options: MailerOptions) {
    const url = new URL(options.smtpUrl);
    const secure = url.protocol === 'smtps:';
    this.transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (secure ? 465 : 25)),
      secure,
      ...(url.username
        ? {
            auth: {
              user: decodeURIComponent(url.username),
              pass: decodeURIComponent(url.password),
            },
          }
        : {}),
      ...(options.poolSize
        ? { pool: true, maxConnections: options.poolSize, maxMessages: 1_000 }
        : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(message: MailMessage, options: SendOptions = {}): Promise<{ messageId: string }> {
    const mail = { from: this.options.from, ...message };
    if (!options.beforeCommit) {
      const info = await this.transport.sendMail(mail);
      return { messageId: info.messageId };
    }
    const composed = new MailComposer(mail).compile();
    const envelope = composed.getEnvelope();
    const messageId = composed.messageId();
    const body = await composed.build();
    await this.transport.sendMail({
      envelope,
      raw: new CommitGate(body, options.beforeCommit),
    });
    return { messageId };
  }

  async ping(): Promise<void> {
    await this.transport.verify();
  }

  close(): void {
    this.transport.close();
  }
}
