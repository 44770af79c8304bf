import type { JobProducer } from '../../api/src/jobs/job-producer';
import type { LoadProduct } from '../load/load-product';
import type { SmtpSink } from '../load/smtp-sink';

/** The sizes a run uses: the targets' own by default, smaller for a quick look (flags). */
export interface BenchSizes {
  /** Paid bookings whose confirmation emails are sent. */
  bookings: number;
  /** Confirmed subscribers the newsletter goes to. */
  subscribers: number;
  /** Length of each HTTP measurement, for the product and for its baseline alike. */
  seconds: number;
}

/** What every scenario gets: the running product, the mail server it sends to, a way to report. */
export interface BenchContext {
  product: LoadProduct;
  sink: SmtpSink;
  /** Queues jobs as the API does, on the product's Redis. */
  jobs: JobProducer;
  sizes: BenchSizes;
  log: (line: string) => void;
}

/** One row of the table, with every number behind it for bench/results.json. */
export interface ScenarioResult {
  scenario: string;
  /** The product's result as printed: its throughput first, then what the target also asks. */
  product: string;
  /** The echo (bare Express) or the bare nodemailer pool, as printed: no durable work at all. */
  baseline: string;
  /** Product throughput over baseline throughput; null where there is no baseline. */
  ratio: number | null;
  /**
   * The floor, as printed: the same durable work as the product (writes, queue adds, S3 puts,
   * records of sends) done by bare code on the same services in the same run; '-' for none.
   */
  floor: string;
  /** Product throughput over the floor's: what issue 20's targets are set against. */
  floorRatio: number | null;
  target: string;
  met: boolean;
  /** What the target asks that was not met, in words; empty when met. */
  missed: string[];
  measured: Record<string, unknown>;
}

export interface Scenario {
  /** The name --only takes. */
  name: string;
  run(context: BenchContext): Promise<ScenarioResult>;
}

/**
 * One row of `npm run bench -- --ha`: a scenario on the single-member topology beside the same
 * scenario on the high-availability one, in the same run on the same machine.
 */
export interface HaResult {
  scenario: string;
  /** One mongod (a replica set of one), one Redis, as printed; '-' for an HA-only scenario. */
  single: string;
  /** Three mongods (a replica set of three), Redis master, replica and three Sentinels. */
  ha: string;
  /** HA throughput over single throughput; null where there is no single side. */
  throughputRatio: number | null;
  /** HA p99 over single p99; null where there is no single side. */
  p99Ratio: number | null;
  target: string;
  met: boolean;
  missed: string[];
  measured: Record<string, unknown>;
}
