import type { IncomingHttpHeaders } from 'node:http';
import autocannon from 'autocannon';
import { cpuMsPer, describeCpuPer, measureCpu, type CpuSeconds, type Processes } from './cpu-time';

export interface HttpLoad {
  url: string;
  connections: number;
  seconds: number;
  request: autocannon.Request;
  /** The server's processes, whose CPU time is counted while the load is recorded. */
  server: Processes;
  /** Seconds autocannon waits for an answer before counting a timeout; its own 10 by default. */
  timeoutSeconds?: number;
  /** Sees the recorded run's requests one by one; the warm-up's are not shown to it. */
  watch?: HttpLoadWatch;
}

/** Answers' headers as autocannon gives them: each name as the server wrote it, not lowercased. */
export type AnswerHeaders = IncomingHttpHeaders;

/**
 * For a run whose failures must be told apart and placed in time (a 503 with Retry-After from
 * any other failure, during an election): autocannon's totals say how many, not which or when.
 */
export interface HttpLoadWatch {
  /** The recorded run has just begun: times are measured from here. */
  started?: () => void;
  /** Each answer, as it arrives. */
  answered?: (status: number, headers: AnswerHeaders, body: string) => void;
  /** Each answer's latency, right after `answered` for the same answer. */
  timed?: (status: number, latencyMs: number) => void;
  /** A request that got no answer: a connection error or a timeout. */
  failed?: (error: Error) => void;
}

export interface HttpLoadResult {
  requests: number;
  /** 2xx answers. */
  succeeded: number;
  /** 2xx answers during the warm-up, which are not counted in the rest. */
  warmUpSucceeded: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Connection errors (timeouts included) and answers other than 2xx. */
  errors: number;
  cpuSeconds: CpuSeconds;
  cpuMsPerRequest: Record<string, number>;
}

/**
 * Long enough for the server to open its database connections and compile its hot paths: a
 * server's first second says little about the next ten.
 */
const WARM_UP_SECONDS = 2;

/** The same request, each answer shown to `answered` as it arrives. */
function watched(
  request: autocannon.Request,
  answered: NonNullable<HttpLoadWatch['answered']>,
): autocannon.Request {
  return {
    ...request,
    onResponse: (status, body, _context, headers) => {
      answered(status, headers ?? {}, body);
    },
  };
}

/**
 * One autocannon run after an unrecorded warm-up with the same settings, reporting every few
 * seconds: the product and its baseline are measured through this same function, so their
 * numbers differ only by the server that answered.
 */
export async function runHttpLoad(
  load: HttpLoad,
  log: (line: string) => void,
): Promise<HttpLoadResult> {
  const options = { url: load.url, connections: load.connections, requests: [load.request] };
  log(`  warming up for ${String(WARM_UP_SECONDS)} s...`);
  const warmUp = await autocannon({ ...options, duration: WARM_UP_SECONDS });
  let answered = 0;
  const { watch } = load;
  const recorded = {
    ...options,
    ...(load.timeoutSeconds === undefined ? {} : { timeout: load.timeoutSeconds }),
    ...(watch?.answered ? { requests: [watched(load.request, watch.answered)] } : {}),
  };
  const started = Date.now();
  const cpu = measureCpu(load.server);
  watch?.started?.();
  const instance = autocannon({ ...recorded, duration: load.seconds }, () => undefined);
  instance.on('response', (_client, status, _bytes, latencyMs) => {
    answered += 1;
    watch?.timed?.(status, latencyMs);
  });
  if (watch?.failed) instance.on('reqError', watch.failed);
  const progress = setInterval(() => {
    const elapsed = (Date.now() - started) / 1000;
    log(`  ${elapsed.toFixed(0)} s: ${String(answered)} answered`);
  }, 3_000);
  try {
    const result = await new Promise<autocannon.Result>((resolve) => instance.on('done', resolve));
    const cpuSeconds = cpu.stop();
    log(`  CPU ms per request: ${describeCpuPer(cpuSeconds, result['2xx'])}`);
    return {
      requests: result.requests.total,
      succeeded: result['2xx'],
      warmUpSucceeded: warmUp['2xx'],
      perSecond: Math.round(result['2xx'] / result.duration),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      maxMs: result.latency.max,
      // autocannon counts timeouts among its errors already.
      errors: result.errors + result.non2xx,
      cpuSeconds,
      cpuMsPerRequest: cpuMsPer(cpuSeconds, result['2xx']),
    };
  } finally {
    clearInterval(progress);
  }
}
