import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { MailMessage } from '../../../api/src/platform/mailer';
import { repoRoot } from '../../local/launcher';
import type { LoadProduct } from '../../load/load-product';
import type { SmtpSink } from '../../load/smtp-sink';
import { cpuMsPer, describeCpuPer, measureCpu, type CpuSeconds, type Processes } from '../cpu-time';
import { mailCount, waitForMail, type Arrival } from '../mail-arrival';

/** The nodemailer the product itself sends with (the API workspace's), not another version. */
const nodemailer = createRequire(path.join(repoRoot, 'api/package.json'))(
  'nodemailer',
) as typeof import('nodemailer');

export interface BarePoolRun {
  sink: SmtpSink;
  /** The connections the product's mailer keeps for this kind of email. */
  poolSize: number;
  count: number;
  from: string;
  /** The nth message, composed by the product's own template code (a floor may read it first). */
  compose: (index: number) => MailMessage | Promise<MailMessage>;
  /** A floor's durable record of the nth message, written before it leaves; none for the pool. */
  beforeSend?: (index: number, message: MailMessage) => Promise<void>;
  /** Other processes the run costs, such as the MongoDB a floor writes to. */
  processes?: Processes;
  /**
   * Messages on their way at once; two per connection by default, so none is ever idle between
   * one message and the next. A floor, whose messages each wait for a write first, uses as many
   * as the product's workers have.
   */
  inFlight?: number;
  log: (line: string) => void;
}

/**
 * What an email floor is given: the product whose services it writes to, the pool's size, the
 * messages it sends and as many on their way at once as the product's workers have.
 */
export interface FloorMailRun extends Pick<BarePoolRun, 'sink' | 'poolSize' | 'count' | 'from' | 'log'> {
  product: LoadProduct;
  inFlight: number;
}

export interface BarePoolResult extends Arrival {
  /** This process's (the pool, and the SMTP sink that receives for everyone) and `processes`'. */
  cpuSeconds: CpuSeconds;
  cpuMsPerMessage: Record<string, number>;
}

/** The same number of messages each connection carries before a fresh one (SmtpPool's). */
const MESSAGES_PER_CONNECTION = 1_000;

/**
 * A connection with Nagle's algorithm off, as the product's SmtpPool opens them: otherwise each
 * message's last small packet waits for the server's delayed ACK (~40 ms), and the baseline would
 * measure that timer instead of what the machine can send.
 */
function connectWithoutDelay(
  server: URL,
  callback: (error: Error | null, socketOptions?: { connection: net.Socket }) => void,
): void {
  const socket = net.connect(Number(server.port), server.hostname);
  socket.setNoDelay(true);
  socket.once('error', callback);
  socket.once('connect', () => {
    socket.off('error', callback);
    callback(null, { connection: socket });
  });
}

/** A nodemailer pool of `poolSize` connections to the SMTP server at `smtpUrl`, as the product's. */
export function barePoolTransport(smtpUrl: string, poolSize: number) {
  const url = new URL(smtpUrl);
  const options: SMTPPool.Options = {
    pool: true,
    host: url.hostname,
    port: Number(url.port),
    secure: false,
    maxConnections: poolSize,
    maxMessages: MESSAGES_PER_CONNECTION,
    getSocket: (_options, callback) => {
      connectWithoutDelay(url, callback);
    },
  };
  return nodemailer.createTransport(options);
}

/**
 * The most this machine and this SMTP server deliver through nodemailer alone: a pool of as many
 * connections as the product's, fed without pause, and nothing recorded anywhere unless a floor
 * records each message through `beforeSend`.
 */
export async function sendThroughBarePool(run: BarePoolRun): Promise<BarePoolResult> {
  const transport = barePoolTransport(run.sink.url, run.poolSize);
  const cpu = measureCpu(run.processes ?? {});
  const before = mailCount(run.sink);
  const startedAt = Date.now();
  let next = 0;
  const lanes = Array.from({ length: run.inFlight ?? run.poolSize * 2 }, async () => {
    while (next < run.count) {
      const index = next;
      next += 1;
      const message = await run.compose(index);
      await run.beforeSend?.(index, message);
      await transport.sendMail({ from: run.from, ...message });
    }
  });
  try {
    const [arrival] = await Promise.all([
      waitForMail(run.sink, before, run.count, {
        startedAt,
        timeoutMs: 60_000 + run.count * 10,
        log: run.log,
      }),
      Promise.all(lanes),
    ]);
    const cpuSeconds = cpu.stop();
    run.log(`  CPU ms per message: ${describeCpuPer(cpuSeconds, run.count)}`);
    return { ...arrival, cpuSeconds, cpuMsPerMessage: cpuMsPer(cpuSeconds, run.count) };
  } finally {
    transport.close();
  }
}
