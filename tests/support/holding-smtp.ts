import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface HoldingSmtp {
  url: string;
  /** Messages the server accepted (answered 250), by envelope recipient. */
  accepted: { to: string[]; raw: string }[];
  /** Resolves when a message has been received in full and is being held unanswered. */
  nextHeld(): Promise<void>;
  /** From now on, answer every message at once. */
  release(): void;
  close(): Promise<void>;
}

/**
 * An SMTP server that receives the messages `hold` picks in full but does not answer them: the
 * sender is left "in the middle of sending", the moment a crash is most likely to duplicate an
 * email. A message counts as delivered only when the server answered it, as with a real server.
 */
export async function startHoldingSmtp(hold: (raw: string) => boolean): Promise<HoldingSmtp> {
  const accepted: HoldingSmtp['accepted'] = [];
  let holding = true;
  const heldWaiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        if (holding && hold(raw)) {
          // Never answered: the client that sent it is expected to die waiting.
          for (const wake of heldWaiters.splice(0)) wake();
          return;
        }
        accepted.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    accepted,
    nextHeld: () => new Promise((resolve) => heldWaiters.push(resolve)),
    release: () => {
      holding = false;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
