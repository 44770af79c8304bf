import { performance } from 'node:perf_hooks';

/** One read (or write) timed request by request, from its send to the last byte of its answer. */
export interface LatencySample {
  samples: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers other than 2xx, and requests that got no answer. */
  errors: number;
  /** The first failure, to say what went wrong. */
  firstError: string | null;
}

export interface SampleOptions {
  /** Requests sent first and not counted: the code paths compiled, the pages in the cache. */
  warmUp: number;
  samples: number;
}

/** The value at rank ceil(p * n) of the sorted times (nearest rank): a time that was measured. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * Sends `request` one at a time, `warmUp` times unrecorded, then `samples` times timed: what one
 * operator or customer waits for, with nothing else in the queue. `index` numbers every request
 * (warm-up included), for requests that must differ, such as bookings from new addresses.
 */
export async function sampleLatency(
  request: (index: number) => Promise<Response>,
  options: SampleOptions,
): Promise<LatencySample> {
  const times: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const total = options.warmUp + options.samples;
  for (let index = 0; index < total; index += 1) {
    const started = performance.now();
    let failure: string | null = null;
    try {
      const answer = await request(index);
      const body = await answer.text();
      if (!answer.ok) failure = `${String(answer.status)} ${body.slice(0, 200)}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const elapsed = performance.now() - started;
    if (index < options.warmUp) continue;
    times.push(elapsed);
    if (failure !== null) {
      errors += 1;
      firstError ??= failure;
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50Ms: round(percentile(sorted, 0.5)),
    p95Ms: round(percentile(sorted, 0.95)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
    errors,
    firstError,
  };
}
