/**
 * How far the seed is: one bar per collection on a terminal, redrawn in place; plain lines every
 * few seconds otherwise (CI logs, a pipe), so a log is readable and not flooded.
 */

export interface ProgressEvent {
  collection: string;
  done: number;
  total: number;
  /** Documents a second since this collection began. */
  rate: number;
  finished: boolean;
}

export type ProgressListener = (event: ProgressEvent) => void;

const number = new Intl.NumberFormat('en-CA');
const WIDTH = 28;
const PLAIN_EVERY_MS = 5_000;

export function progressLine(event: ProgressEvent): string {
  const share = event.total === 0 ? 1 : Math.min(1, event.done / event.total);
  const filled = Math.round(share * WIDTH);
  const bar = `${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}`;
  return `${event.collection.padEnd(22)} [${bar}] ${number.format(event.done)} / ${number.format(event.total)} · ${number.format(Math.round(event.rate))}/s${event.finished ? ' · done' : ''}`;
}

/** A listener that writes to `stream`: a bar redrawn on a TTY, periodic lines elsewhere. */
export function consoleProgress(stream: NodeJS.WriteStream = process.stdout): ProgressListener {
  const tty = stream.isTTY;
  let lastLine = 0;
  let current = '';
  return (event) => {
    const line = progressLine(event);
    if (tty) {
      stream.write(`\r${line}\x1b[K${event.finished ? '\n' : ''}`);
      current = event.finished ? '' : event.collection;
      return;
    }
    const now = Date.now();
    if (event.finished || now - lastLine >= PLAIN_EVERY_MS || current !== event.collection) {
      stream.write(`${line}\n`);
      lastLine = now;
      current = event.collection;
    }
  };
}

/** Times one collection's writes and reports them, at most every 100 ms until the last. */
export class CollectionProgress {
  private readonly started = Date.now();
  private lastReport = 0;
  done = 0;

  constructor(
    private readonly collection: string,
    private readonly total: number,
    private readonly listener: ProgressListener,
  ) {
    this.report(false);
  }

  add(count: number): void {
    this.done += count;
    const now = Date.now();
    if (now - this.lastReport >= 100) this.report(false);
  }

  finish(): void {
    this.report(true);
  }

  private report(finished: boolean): void {
    this.lastReport = Date.now();
    const seconds = Math.max(0.001, (this.lastReport - this.started) / 1000);
    this.listener({
      collection: this.collection,
      done: this.done,
      total: this.total,
      rate: this.done / seconds,
      finished,
    });
  }
}
