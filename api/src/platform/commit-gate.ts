import { Readable } from 'node:stream';

/**
 * A message body that holds back its end until `beforeCommit` has finished. SMTP ends a message
 * with a lone "." and a server keeps the message only once it has that line: recording the send
 * just before it leaves means a crash can no longer fall between "the server kept it" and "we
 * wrote down that it did", which is where a retry would send it a second time. What is left is
 * the moment between the record and the "." leaving this process, microseconds instead of a
 * server's round trip.
 *
 * A gate destroyed before its end is released never releases it: the send failed, and a record
 * written meanwhile must be undone by the caller (see `settled`).
 */
export class CommitGate extends Readable {
  private sentBody = false;
  private commit: Promise<void> | null = null;
  private endReleased = false;

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
    if (this.commit) return;
    this.commit = this.beforeCommit().then(
      () => {
        if (this.destroyed) return;
        this.endReleased = true;
        this.push(null);
      },
      (error: unknown) => {
        // The "." is never sent, so the server discards the message and a retry may send it.
        this.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  /**
   * Once the send has failed: waits for a `beforeCommit` still running, so that undoing its
   * record cannot be overtaken by it, and tells whether the final "." may have left.
   */
  async settled(): Promise<{ endReleased: boolean }> {
    await this.commit;
    return { endReleased: this.endReleased };
  }
}
