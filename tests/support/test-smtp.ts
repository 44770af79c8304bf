import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** When the final "." arrived (ms since the epoch). */
  at: number;
}

export interface TestSmtpOptions {
  /**
   * Stops answering once this says so (once: after `resume` it answers for good): messages in flight are still received (and kept) but
   * never answered, and no new message is begun. Every client is left in the middle of sending,
   * which is when a crash would lose or double an email.
   */
  stallWhen?: (received: ReceivedMail[]) => boolean;
  /** Refuses a recipient with this SMTP reply (a 5xx is final, a 4xx asks to try later). */
  refuse?: (recipient: string) => { code: number; message: string } | null;
  /** A fixed port, to come back on after `close` as a restarted server would (0: any free port). */
  port?: number;
  /**
   * How long `close` lets open sessions finish before it answers them 421 and hangs up (30 s by
   * default, as smtp-server does); a short one makes `close` an outage rather than a drain.
   */
  closeTimeoutMs?: number;
}

export interface TestSmtp {
  url: string;
  /**
   * Every message received in full, as a real server keeps it once the final "." has arrived,
   * whether or not its answer reached the client.
   */
  received: ReceivedMail[];
  /**
   * Messages begun (DATA accepted) whose connection closed before their final ".": a client that
   * died mid-send. The server never kept them.
   */
  aborted: ReceivedMail[];
  /** Resolves once the server has stalled. */
  stalled: Promise<void>;
  /**
   * True once the server has stalled and every session in the middle of a message waits for an
   * answer it holds back: killing the clients now catches each send where a crash hurts most.
   * A session between messages (a pooled connection with nothing to send) does not count.
   */
  everySendHeld(): boolean;
  /** Answers again from now on (the clients that were waiting are expected to be gone). */
  resume(): void;
  close(): Promise<void>;
}

/** An SMTP server of the test's own, for what the shared capture server cannot do. */
export async function startTestSmtp(options: TestSmtpOptions = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const aborted: ReceivedMail[] = [];
  /** Sessions in the middle of a message, with what they had sent of it. */
  const inData = new Map<string, { to: string[]; chunks: Buffer[] }>();
  let stalling = false;
  let hasStalled = false;
  const waiters: (() => void)[] = [];
  const stalled = new Promise<void>((resolve) => waiters.push(resolve));
  /** Open sessions by id, and the ids of those left without an answer while stalled. */
  const open = new Map<string, SMTPServerSession>();
  const held = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    ...(options.closeTimeoutMs ? { closeTimeout: options.closeTimeoutMs } : {}),
    onConnect(session, callback) {
      open.set(session.id, session);
      callback();
    },
    onClose(session) {
      const partial = inData.get(session.id);
      if (partial) {
        inData.delete(session.id);
        aborted.push({
          to: partial.to,
          raw: Buffer.concat(partial.chunks).toString('utf8'),
          at: Date.now(),
        });
      }
      open.delete(session.id);
      held.delete(session.id);
    },
    onMailFrom(_address, session, callback) {
      // Stalled: the next message is never begun (never answered).
      if (!stalling) callback();
      else held.add(session.id);
    },
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      if (!refusal) {
        callback();
        return;
      }
      const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      inData.set(session.id, { to: session.envelope.rcptTo.map((rcpt) => rcpt.address), chunks });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', () => undefined);
      stream.on('end', () => {
        inData.delete(session.id);
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        });
        if (!hasStalled && options.stallWhen?.(received)) {
          stalling = true;
          hasStalled = true;
          for (const wake of waiters) wake();
        }
        if (!stalling) callback();
        else held.add(session.id);
      });
    },
  });
  // A client killed mid-session resets its connection: its business, not the server's failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    received,
    aborted,
    stalled,
    everySendHeld: () =>
      hasStalled &&
      held.size > 0 &&
      [...open.values()].every((session) => held.has(session.id) || !session.envelope.mailFrom),
    resume: () => {
      stalling = false;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
