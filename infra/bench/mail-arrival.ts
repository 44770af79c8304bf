import type { SmtpSink } from '../load/smtp-sink';

export interface MailCount {
  messages: number;
  recipients: number;
}

export interface Arrival {
  /** From `startedAt` until the sink had the last of the messages expected. */
  seconds: number;
  perSecond: number;
  /** False when the time ran out first. */
  complete: boolean;
}

export const mailCount = (sink: SmtpSink): MailCount => ({
  messages: sink.messages(),
  recipients: sink.recipients(),
});

/** What the sink received since `before`. */
export function mailSince(sink: SmtpSink, before: MailCount): MailCount {
  return {
    messages: sink.messages() - before.messages,
    recipients: sink.recipients() - before.recipients,
  };
}

/**
 * Waits until the sink has received `expected` messages more than `before`, reporting the rate
 * every few seconds. Product and baseline are timed by this same clock: the server's own count.
 */
export async function waitForMail(
  sink: SmtpSink,
  before: MailCount,
  expected: number,
  options: { startedAt: number; timeoutMs: number; log: (line: string) => void },
): Promise<Arrival> {
  const deadline = options.startedAt + options.timeoutMs;
  let reported = Date.now();
  let arrived = mailSince(sink, before).messages;
  while (arrived < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    arrived = mailSince(sink, before).messages;
    if (Date.now() - reported >= 5_000) {
      reported = Date.now();
      const elapsed = (reported - options.startedAt) / 1000;
      options.log(
        `  ${elapsed.toFixed(0)} s: ${String(arrived)} of ${String(expected)} messages (${String(Math.round(arrived / elapsed))}/s)`,
      );
    }
  }
  const seconds = (Date.now() - options.startedAt) / 1000;
  return {
    seconds,
    perSecond: Math.round(Math.min(arrived, expected) / seconds),
    complete: arrived >= expected,
  };
}
