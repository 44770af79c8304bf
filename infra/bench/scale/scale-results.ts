import { markdownTable } from '../results-table';
import { SCALE_TARGETS, TargetCheck } from '../targets';
import type { LatencySample } from './latency-sample';
import type { MeasuredRequest } from './measure-reads';
import type { ScaleNewsletterResult } from './scale-newsletter';

const TARGET = SCALE_TARGETS.reads;

/** One read on the empty database beside the same read on the seeded one. */
export interface ScaleReadResult {
  read: string;
  path: string;
  empty: LatencySample;
  seeded: LatencySample;
  /** Seeded p95 over empty p95. */
  p95Ratio: number;
  target: string;
  met: boolean;
  missed: string[];
}

const ms = (value: number) => (value >= 10 ? value.toFixed(0) : value.toFixed(1));
const times = (sample: LatencySample) =>
  `${ms(sample.p50Ms)} / ${ms(sample.p95Ms)} / ${ms(sample.p99Ms)}` +
  (sample.errors > 0 ? ` (${String(sample.errors)} errors)` : '');

/** Pairs each request measured on the empty database with its run on the seeded one. */
export function compareReads(
  empty: readonly MeasuredRequest[],
  seeded: readonly MeasuredRequest[],
): ScaleReadResult[] {
  return empty.map((before) => {
    const after = seeded.find((candidate) => candidate.name === before.name);
    if (!after) throw new Error(`${before.name} was not measured on the seeded database`);
    const p95Ratio = Math.round((after.latency.p95Ms / before.latency.p95Ms) * 100) / 100;
    const check = new TargetCheck()
      .expect(
        p95Ratio <= TARGET.maxP95Ratio,
        `p95 ${String(p95Ratio)} times the empty database's > ${String(TARGET.maxP95Ratio)}`,
      )
      .expect(
        after.latency.p95Ms < TARGET.maxP95Ms,
        `p95 ${String(after.latency.p95Ms)} ms >= ${String(TARGET.maxP95Ms)} ms`,
      )
      .expect(
        before.latency.errors === 0 && after.latency.errors === 0,
        `errors: ${after.latency.firstError ?? before.latency.firstError ?? ''}`,
      );
    return {
      read: before.name,
      path: before.path,
      empty: before.latency,
      seeded: after.latency,
      p95Ratio,
      target: `p95 <= ${String(TARGET.maxP95Ratio)}x empty, < ${String(TARGET.maxP95Ms)} ms`,
      met: check.met,
      missed: check.missed,
    };
  });
}

const COLUMNS = [
  'read (one request at a time)',
  'empty p50 / p95 / p99 ms',
  'seeded p50 / p95 / p99 ms',
  'p95 seeded/empty',
  'target',
  'met',
] as const;

/** The reads and the newsletter as one Markdown table, pasted as is in docs/performance.md. */
export function scaleResultsTable(
  reads: readonly ScaleReadResult[],
  newsletter: ScaleNewsletterResult | null,
): string {
  const rows = reads.map((result) => [
    result.read,
    times(result.empty),
    times(result.seeded),
    result.p95Ratio.toFixed(2),
    result.target,
    result.met ? 'yes' : 'no',
  ]);
  if (newsletter) {
    rows.push([
      newsletter.scenario,
      '-',
      newsletter.product,
      '-',
      newsletter.target,
      newsletter.met ? 'yes' : 'no',
    ]);
  }
  return markdownTable(COLUMNS, rows);
}
