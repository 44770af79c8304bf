import { scaled } from './time-scale';

import { inject } from 'vitest';
import './stack-env';
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
