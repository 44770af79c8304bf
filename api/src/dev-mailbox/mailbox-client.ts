import { z } from 'zod';

const address = z.object({ Name: z.string(), Address: z.string() });

const mailBase = z.object({
  ID: z.string(),
  From: address,
  To: z.array(address),
  Subject: z.string(),
});

export const mailSummarySchema = mailBase.extend({ Created: z.string(), Snippet: z.string() });

export const mailDetailSchema = mailBase.extend({
  Date: z.string(),
  Text: z.string(),
  HTML: z.string(),
  ReplyTo: z.array(address),
  Attachments: z.array(
    z.object({ FileName: z.string(), ContentType: z.string(), Size: z.number() }),
  ),
});

const listSchema = z.object({ total: z.number(), messages: z.array(mailSummarySchema) });

export type MailSummary = z.infer<typeof mailSummarySchema>;
export type MailDetail = z.infer<typeof mailDetailSchema>;

/** The mailbox answered with an error status (404 for a message it does not have). */
export class MailboxError extends Error {
  constructor(
    readonly status: number,
    path: string,
  ) {
    super(`mailbox answered ${status} for ${path}`);
    this.name = 'MailboxError';
  }
}

/**
 * Reads a captured mailbox over the Mailpit HTTP API (the subset our local capture server also
 * speaks), so the development mailbox page and the tests work with either.
 */
export class MailboxClient {
  constructor(private readonly baseUrl: string) {}

  private async getJson(path: string): Promise<unknown> {
    const response = await fetch(new URL(path, this.baseUrl), {
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new MailboxError(response.status, path);
    return response.json();
  }

  async list(options: { to?: string; limit?: number } = {}): Promise<MailSummary[]> {
    const limit = options.limit ?? 200;
    const path = options.to
      ? `/api/v1/search?limit=${limit}&query=${encodeURIComponent(`to:${options.to}`)}`
      : `/api/v1/messages?limit=${limit}`;
    return listSchema.parse(await this.getJson(path)).messages;
  }

  async get(id: string): Promise<MailDetail> {
    return mailDetailSchema.parse(await this.getJson(`/api/v1/message/${encodeURIComponent(id)}`));
  }

  async headers(id: string): Promise<Record<string, string[]>> {
    return z
      .record(z.string(), z.array(z.string()))
      .parse(await this.getJson(`/api/v1/message/${encodeURIComponent(id)}/headers`));
  }
}
