import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  url: string;
  /** Messages accepted so far. */
  messages(): number;
  /** Distinct envelope recipients seen (a repeated recipient means a message was sent twice). */
  recipients(): number;
  close(): Promise<void>;
}

/**
 * A mail server that takes every message and keeps only counts: load runs send tens of
 * thousands of messages, which the development mail capture would hold in memory.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  let messages = 0;
  const recipients = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, session, callback) {
      stream.on('end', () => {
        messages += 1;
        for (const to of session.envelope.rcptTo) recipients.add(to.address.toLowerCase());
        callback();
      });
      stream.resume();
    },
  });
  // A client that drops its connection (a floor's workers stopped mid-pool) is the client's
  // business: a mail server goes on serving the others.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    messages: () => messages,
    recipients: () => recipients.size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
