import { Readable } from 'node:stream';

/**
 * A message body that holds back its end until `beforeCommit` has finished. SMTP ends a message
 * with a lone "." and a server keeps the message only once it has that line: recording the send
 * just before it leaves means a crash can no longer fall between "the server kept it" and "we
 * wrote down that it did", which is where a retry would send it a second time. What is left is
 * the moment between the record and the "." leaving this process, microseconds instead of a
 * server's round trip.
 */
export class CommitGate extends Readable {
  private sentBody = false;
  private committing = false;

  constructor(
    private readonly body: Buffer,
    private readonly beforeCommit: () => Promise<void>,
  ) {
    super();
  }

  override _read(): void {
    if (!this.sentBody) {
      this.sentBody = true;
      this.push(this.body);
      return;
    }
    if (this.committing) return;
    this.committing = true;
    this.beforeCommit().then(
      () => this.push(null),
      (error: unknown) => {
        // The "." is never sent, so the server discards the message and a retry may send it.
        this.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }
}
