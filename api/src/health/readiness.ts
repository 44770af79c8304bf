import type { Logger } from '../platform/logger';
import { RETRY_AFTER_SECONDS } from '../platform/retry-after';
import { withTimeout } from '../platform/with-timeout';

export type DependencyName = 'mongodb' | 'redis' | 's3' | 'smtp';
export type DependencyCheck = () => Promise<void>;

export interface DependencyState {
  status: 'up' | 'down';
  latencyMs: number;
}

/**
 * Without these no request can be served or accepted work kept: a process whose MongoDB or Redis is
 * away is taken out of rotation. S3 and SMTP are reported but do not gate: a booking without a
 * photo still works while S3 blinks, and emails wait in their queues for SMTP, so taking every
 * instance out for them would turn a partial outage into a whole one.
 */
export const GATING_DEPENDENCIES: readonly DependencyName[] = ['mongodb', 'redis'];

export interface ReadinessReport {
  /** ready: all up; degraded: only non-gating ones down (still 200); unavailable: 503. */
  status: 'ready' | 'degraded' | 'unavailable';
  down: DependencyName[];
  /** Only the dependencies this process uses (the workers keep no photos: no S3). */
  dependencies: Partial<Record<DependencyName, DependencyState>>;
}

/**
 * Asks every dependency at once, each under its own time limit, so one that hangs cannot hide the
 * state of the others. Reasons go to the log, not to the caller: they name internal hosts.
 */
export class Readiness {
  constructor(
    private readonly checks: Partial<Record<DependencyName, DependencyCheck>>,
    private readonly logger: Logger,
    private readonly timeoutMs = 2_000,
  ) {}

  async report(): Promise<ReadinessReport> {
    const checks = Object.entries(this.checks) as [DependencyName, DependencyCheck][];
    const states = await Promise.all(
      checks.map(async ([name, check]): Promise<[DependencyName, DependencyState]> => {
        const started = performance.now();
        try {
          await withTimeout(check(), this.timeoutMs, name);
          return [name, { status: 'up', latencyMs: Math.round(performance.now() - started) }];
        } catch (error) {
          this.logger.warn({ dependency: name, err: error }, 'dependency is down');
          return [name, { status: 'down', latencyMs: Math.round(performance.now() - started) }];
        }
      }),
    );
    const dependencies = Object.fromEntries(states);
    const down = states.filter(([, state]) => state.status === 'down').map(([name]) => name);
    const status = down.some((name) => GATING_DEPENDENCIES.includes(name))
      ? 'unavailable'
      : down.length
        ? 'degraded'
        : 'ready';
    return { status, down, dependencies };
  }
}

/**
 * A report as an HTTP answer, the same for the API's /readyz and the workers': 503 while a gating
 * dependency is down (a MongoDB election, a Redis failover) with a Retry-After, since the process
 * itself stays up and comes back to 200 on its own; 200 otherwise.
 */
export function readinessAnswer(report: ReadinessReport): {
  status: 200 | 503;
  headers: Record<string, string>;
} {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (report.status !== 'unavailable') return { status: 200, headers };
  return { status: 503, headers: { ...headers, 'Retry-After': String(RETRY_AFTER_SECONDS) } };
}
