import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { QueueName } from '../jobs/job-definitions';

/** The BullMQ states reported per queue, in getJobCounts' names. */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

export interface QueueJobCounts {
  queue: string;
  counts: Partial<Record<string, number>>;
}

/** Reads the number of jobs in each state of each queue; called at every scrape. */
export type CountQueueJobs = () => Promise<QueueJobCounts[]>;

/**
 * Seconds: mail jobs take well under one, a newsletter batch paced by the send rate may take
 * minutes.
 */
const DURATION_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/** The workers' job counters and timings, and the queues' backlog read from Redis at scrape time. */
export class JobMetrics {
  private readonly completed: Counter<'queue'>;
  private readonly attemptsFailed: Counter<'queue'>;
  private readonly failed: Counter<'queue'>;
  private readonly duration: Histogram<'queue'>;

  constructor(
    readonly registry: Registry,
    countJobs: CountQueueJobs,
  ) {
    const registers = [registry];
    this.completed = new Counter({
      name: 'jobs_completed_total',
      help: 'Jobs completed, by queue.',
      labelNames: ['queue'],
      registers,
    });
    this.attemptsFailed = new Counter({
      name: 'job_attempts_failed_total',
      help: 'Job attempts that failed, retried or not, by queue.',
      labelNames: ['queue'],
      registers,
    });
    this.failed = new Counter({
      name: 'jobs_failed_total',
      help: 'Jobs failed for good (no attempts left, or an error not worth retrying), by queue.',
      labelNames: ['queue'],
      registers,
    });
    this.duration = new Histogram({
      name: 'job_duration_seconds',
      help: 'Time each job attempt ran, completed or failed, in seconds.',
      labelNames: ['queue'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    new Gauge({
      name: 'queue_jobs',
      help: 'Jobs in each state of each queue, read from Redis when scraped.',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        const queues = await countJobs();
        // A queue that could not be read is left out rather than reported with stale numbers.
        this.reset();
        for (const { queue, counts } of queues) {
          for (const state of QUEUE_STATES) this.set({ queue, state }, counts[state] ?? 0);
        }
      },
    });
    // Every queue starts at zero, so that a rate or an increase is defined from the first job on.
    for (const queue of Object.values(QueueName)) {
      for (const counter of [this.completed, this.attemptsFailed, this.failed]) {
        counter.inc({ queue }, 0);
      }
    }
  }

  attemptCompleted(queue: string, seconds: number): void {
    this.completed.inc({ queue });
    this.duration.observe({ queue }, seconds);
  }

  attemptFailed(queue: string, seconds: number, final: boolean): void {
    this.attemptsFailed.inc({ queue });
    if (final) this.failed.inc({ queue });
    this.duration.observe({ queue }, seconds);
  }
}
