import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The job a send is made for: what it takes to run that job again (its queue, name and payload)
 * when an operator has an unconfirmed email sent again (unconfirmed-emails.ts).
 */
export interface SendOrigin {
  queue: string;
  name: string;
  jobId: string;
  data: unknown;
}

const runningJob = new AsyncLocalStorage<SendOrigin>();

/**
 * Runs a job's handler as the origin of every send it makes. The worker pool sets it once around
 * every job, rather than each of the many places that send passing its job along: a processor
 * added later records its origin without knowing it.
 */
export function runAsSendOrigin<T>(origin: SendOrigin, run: () => Promise<T>): Promise<T> {
  return runningJob.run(origin, run);
}

/** The job the calling code runs for; undefined outside a job (a script, a test). */
export function currentSendOrigin(): SendOrigin | undefined {
  return runningJob.getStore();
}
