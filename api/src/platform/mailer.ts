import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { z } from 'zod';

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

export interface MailerOptions {
  smtpUrl: string;
  from: string;
  /** Pooled connections for bulk sending (newsletter); single-use connections otherwise. */
  pool?: boolean;
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
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const info = await this.transport.sendMail({ from: this.options.from, ...message });
    return { messageId: info.messageId };
  }

  async ping(): Promise<void> {
    await this.transport.verify();
  }

  close(): void {
    this.transport.close();
  }
}
