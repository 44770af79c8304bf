import type { JobDefinition, PayloadOf } from '@hs/api/jobs/job-definitions';
import type { Logger } from '@hs/api/platform/logger';

export interface JobContext {
  jobId: string;
  /** 1 on the first try. */
  attempt: number;
  log: Logger;
}

export interface Processor {
  job: JobDefinition;
  handle(payload: unknown, context: JobContext): Promise<void>;
}

/** Ties a handler to its job definition; the payload it receives has already been validated. */
export function defineProcessor<J extends JobDefinition>(
  job: J,
  handle: (payload: PayloadOf<J>, context: JobContext) => Promise<void>,
): Processor {
  return {
    job,
    handle: async (payload, context) => handle(job.schema.parse(payload) as PayloadOf<J>, context),
  };
}
