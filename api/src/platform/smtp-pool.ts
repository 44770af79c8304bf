import { Socket } from 'node:net';
import type { Readable } from 'node:stream';
// Fully specified: Node's ESM loader (the compiled server) resolves no folder imports.
import SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';

export interface SmtpServer {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string } | undefined;
}

export interface Envelope {
  from: string;
  to: string[];
}

/** Messages per connection before it is closed and a fresh one opened. */
const MESSAGES_PER_CONNECTION = 1_000;

interface Pooled {
  connection: SMTPConnection;
  sent: number;
  broken: boolean;
}

function connect(server: SmtpServer): Promise<Pooled> {
  const connection = new SMTPConnection({
    host: server.host,
    port: server.port,
    secure: server.secure,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const pooled: Pooled = { connection, sent: 0, broken: false };
  // A socket error after the connection was set up: the connection is not used again.
  connection.on('error', () => {
    pooled.broken = true;
  });
  connection.on('end', () => {
    pooled.broken = true;
  });
  return new Promise((resolve, reject) => {
    // nodemailer calls back from connect() only once the greeting is done: a refused connection
    // (the server down) or a failed greeting is told by an 'error' or 'end' event alone, and
    // waiting on the callback alone would hold the send, and its job, for ever.
    const fail = (error: Error) => {
      settle();
      connection.close();
      reject(error);
    };
    const closedEarly = () => fail(new Error('SMTP connection closed before it was ready'));
    const settle = () => {
      connection.off('error', fail);
      connection.off('end', closedEarly);
    };
    connection.once('error', fail);
    connection.once('end', closedEarly);
    const ready = () => {
      settle();
      resolve(pooled);
    };
    connection.connect((error) => {
      if (error) {
        fail(error);
        return;
      }
      // The final "." follows the body after a pause (the record of the send): without this,
      // Nagle's algorithm holds that small last packet for the server's delayed ACK, ~40 ms.
      const socket: unknown = connection._socket;
      if (socket instanceof Socket) socket.setNoDelay(true);
      if (!server.auth) {
        ready();
        return;
      }
      connection.login(server.auth, (loginError) => {
        if (loginError) fail(loginError);
        else ready();
      });
    });
  });
}

/**
 * SMTP connections kept open and shared, one message at a time each. Unlike nodemailer's own
 * transport, which reads the whole message into its buffers as soon as it is given one, a
 * message stream passed here is read only once the server has accepted the DATA command (354):
 * what the stream does at its end then happens just before the final "." goes out (CommitGate).
 */
export class SmtpPool {
  private readonly idle: Pooled[] = [];
  private readonly waiting: ((pooled: Pooled | null) => void)[] = [];
  private open = 0;
  private closed = false;

  constructor(
    private readonly server: SmtpServer,
    private readonly size: number,
  ) {}

  private async acquire(): Promise<Pooled> {
    for (;;) {
      if (this.closed) throw new Error('SMTP pool is closed');
      const ready = this.idle.pop();
      if (ready && !ready.broken) return ready;
      if (ready) {
        this.discard(ready);
        continue;
      }
      if (this.open < this.size) {
        this.open += 1;
        try {
          return await connect(this.server);
        } catch (error) {
          this.open -= 1;
          this.wakeOne();
          throw error;
        }
      }
      const handed = await new Promise<Pooled | null>((resolve) => this.waiting.push(resolve));
      if (handed) return handed;
    }
  }

  private release(pooled: Pooled): void {
    if (pooled.broken || this.closed || pooled.sent >= MESSAGES_PER_CONNECTION) {
      this.discard(pooled);
      return;
    }
    const waiter = this.waiting.shift();
    if (waiter) waiter(pooled);
    else this.idle.push(pooled);
  }

  private discard(pooled: Pooled): void {
    this.open -= 1;
    if (pooled.broken) pooled.connection.close();
    else pooled.connection.quit();
    this.wakeOne();
  }

  /** A waiter may now open a connection of its own. */
  private wakeOne(): void {
    this.waiting.shift()?.(null);
  }

  async send(envelope: Envelope, message: Readable): Promise<{ response: string }> {
    const pooled = await this.acquire();
    try {
      const info = await new Promise<SMTPConnection.SentMessageInfo>((resolve, reject) => {
        pooled.connection.send(envelope, message, (error, sent) => {
          if (error) {
            // nodemailer drains a message it could not send (a refused recipient, a lost
            // connection) into a sink on a later tick: destroyed now, its end is never reached,
            // so a CommitGate cannot mistake that drain for the final "." going out.
            message.destroy();
            reject(error);
          } else resolve(sent);
        });
      });
      pooled.sent += 1;
      return { response: info.response };
    } catch (error) {
      // Whatever state the session is in now, it is not trusted with another message.
      pooled.broken = true;
      throw error;
    } finally {
      this.release(pooled);
    }
  }

  close(): void {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter(null);
    for (const pooled of this.idle.splice(0)) pooled.connection.quit();
  }
}
