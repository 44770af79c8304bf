import nodemailer, { type Transporter } from 'nodemailer';
// Fully specified: Node's ESM loader (the compiled server) resolves no folder imports.
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { z } from 'zod';
import { CommitGate } from './commit-gate';
import { SmtpPool } from './smtp-pool';

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
    .array(
      z.object({
        filename: headerValue,
        content: z.string(),
        contentType: headerValue,
        /** 'base64' for a binary file (an invoice's PDF); text otherwise. */
        encoding: z.literal('base64').optional(),
      }),
    )
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

/** Connections a mailer keeps for recorded sends unless told otherwise. */
export const DEFAULT_MAIL_POOL_SIZE = 2;

export interface MailerOptions {
  smtpUrl: string;
  from: string;
  /** Connections kept open for recorded sends (sendOnce, the newsletter). */
  poolSize?: number;
}

/** nodemailer puts the server's reply code on errors the server answered. */
export function serverAnswer(error: unknown): number | undefined {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : undefined;
}

/**
 * A send with `beforeCommit` that failed, once nothing more can happen to it: `beforeCommit`
 * either never ran or has finished. The server's reply code, when it answered, stays on
 * `responseCode`, so retry policies read it as they read nodemailer's own errors.
 */
export class RecordedSendError extends Error {
  readonly responseCode: number | undefined;

  constructor(
    cause: unknown,
    /**
     * The final "." left and no answer came back: the server may have kept the message, and
     * sending it again risks a second copy. False when the server cannot have it.
     */
    readonly mayHaveBeenKept: boolean,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'RecordedSendError';
    this.responseCode = serverAnswer(cause);
  }
}

/** Whether a failed send may still have reached the recipient (see RecordedSendError). */
export function mayHaveBeenKept(error: unknown): boolean {
  return error instanceof RecordedSendError && error.mayHaveBeenKept;
}

/** The only place that talks SMTP. */
export class Mailer {
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;
  /** The connections of sends that record themselves just before their final "." (sendOnce). */
  private readonly pool: SmtpPool;

  constructor(private readonly options: MailerOptions) {
    const url = new URL(options.smtpUrl);
    const secure = url.protocol === 'smtps:';
    const server = {
      host: url.hostname,
      port: Number(url.port || (secure ? 465 : 25)),
      secure,
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
    };
    this.transport = nodemailer.createTransport({
      ...server,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    this.pool = new SmtpPool(server, options.poolSize ?? DEFAULT_MAIL_POOL_SIZE);
  }

  async send(message: MailMessage, options: SendOptions = {}): Promise<{ messageId: string }> {
    const mail = { from: this.options.from, ...message };
    if (!options.beforeCommit) {
      const info = await this.transport.sendMail(mail);
      return { messageId: info.messageId };
    }
    const composed = new MailComposer(mail).compile();
    const { from, to } = composed.getEnvelope();
    const body = await composed.build();
    const gate = new CommitGate(body, options.beforeCommit);
    try {
      await this.pool.send({ from: from || '', to }, gate);
    } catch (error) {
      const { endReleased } = await gate.settled();
      throw new RecordedSendError(error, endReleased && serverAnswer(error) === undefined);
    }
    return { messageId: composed.messageId() };
  }

  async ping(): Promise<void> {
    await this.transport.verify();
  }

  close(): void {
    this.transport.close();
    this.pool.close();
  }
}
