export interface WriteBehindOptions<Op> {
  /** Writes the gathered operations in one round trip (a bulkWrite). */
  write: (ops: Op[]) => Promise<void>;
  /** How long an operation may wait for others before it is written; 50 ms unless given. */
  maxWaitMs?: number;
  /** Written at once when this many are waiting. */
  maxBatch: number;
  /** A failed write: its operations are tried again with the next. */
  onError: (error: unknown, ops: number) => void;
}

/**
 * Writes that may land a moment after the work they record, gathered into one round trip: under
 * load, many messages' "sent" marks in one bulk write instead of one write each; at a trickle,
 * each within `maxWaitMs`. Only for records nothing depends on at once: a process that dies
 * loses at most the last `maxWaitMs` of them, so use it where a missing mark is safe (a send
 * already recorded as committed is never repeated without it).
 */
export class WriteBehind<Op> {
  private readonly maxWaitMs: number;
  private waiting: Op[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly options: WriteBehindOptions<Op>) {
    // Short enough that a record read right after its work is nearly always there already.
    this.maxWaitMs = options.maxWaitMs ?? 50;
  }

  add(op: Op): void {
    this.waiting.push(op);
    if (this.waiting.length >= this.options.maxBatch) {
      void this.flush();
      return;
    }
    this.timer ??= setTimeout(() => void this.flush(), this.maxWaitMs);
  }

  /** Writes what is waiting (after any write still running) and resolves once it is written. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const ops = this.waiting;
    this.waiting = [];
    // One write at a time, in order: a retried batch never lands after a newer one.
    this.writing = this.writing.then(async () => {
      if (ops.length === 0) return;
      try {
        await this.options.write(ops);
      } catch (error) {
        this.options.onError(error, ops.length);
        this.waiting.unshift(...ops);
        this.timer ??= setTimeout(() => void this.flush(), this.maxWaitMs);
      }
    });
    return this.writing;
  }

  /** Writes what is waiting once more and stops retrying (a process about to exit). */
  async close(): Promise<void> {
    await this.flush();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
