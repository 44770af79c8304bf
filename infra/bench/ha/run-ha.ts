import type { HaResult } from '../bench-types';
import { photoOfAbout } from '../booking-upload-form';
import { startLoadProduct, type LoadProduct } from '../../load/load-product';
import { startSmtpSink } from '../../load/smtp-sink';
import { markdownTable } from '../results-table';
import { PHOTO_BYTES } from '../scenarios/booking-upload';
import { startHaProduct, type HaProduct } from './ha-product';
import { runStepDown, stepDownPlan, type ElectionRow } from './step-down';
import { comparedScenarios, compareTopologies } from './topology-comparison';

/** What --only takes with --ha. */
export const HA_SCENARIOS = ['booking-upload', 'subscribe', 'step-down'] as const;
export type HaScenarioName = (typeof HA_SCENARIOS)[number];

export interface HaRun {
  results: HaResult[];
  elections: ElectionRow[];
  stepDownPlan: ReturnType<typeof stepDownPlan>;
}

/**
 * `npm run bench -- --ha`: the booking and subscribe scenarios on both local topologies, both
 * products up at once and measured in turn, then bookings on the HA topology while its primary
 * steps down. The single product is stopped before that run: its idle processes would take a share
 * of the two cores the elections are measured on.
 */
export async function runHaBench(options: {
  names: readonly HaScenarioName[];
  seconds: number;
  stepDown: { runSeconds: number; everySeconds: number };
  /** Configuration for this run only (raised rate limits), as the other scenarios get. */
  env: Record<string, string>;
  log: (line: string) => void;
}): Promise<HaRun> {
  const { names, seconds, log } = options;
  const compared = names.filter(
    (name): name is 'booking-upload' | 'subscribe' => name !== 'step-down',
  );
  const plan = stepDownPlan(options.stepDown.runSeconds, options.stepDown.everySeconds);
  const sink = await startSmtpSink();
  const env = { SMTP_URL: sink.url, ...options.env };
  let single: LoadProduct | undefined;
  let ha: HaProduct | undefined;
  const results: HaResult[] = [];
  let elections: ElectionRow[] = [];
  /** The HA side's booking numbers without step-downs, when the comparison ran. */
  let steady: { perSecond: number; p99Ms: number } | undefined;
  try {
    log('making a 1 MB JPEG...');
    const photo = await photoOfAbout(PHOTO_BYTES);
    if (compared.length > 0) {
      single = await startLoadProduct({ log, env });
      log(`single-member product at ${single.url} (logs in ${single.logDir})`);
    }
    ha = await startHaProduct({ env, log });
    log(`HA product at ${ha.product.url} (logs in ${ha.product.logDir})`);
    for (const line of await ha.topology.describe()) log(`  ${line}`);
    for (const scenario of comparedScenarios(photo)) {
      if (!single || !compared.includes(scenario.name)) continue;
      log(`--- ${scenario.name}: single against HA ---`);
      const { result, ha: measured } = await compareTopologies(
        scenario,
        {
          single: { name: 'single', product: single },
          ha: { name: 'HA', product: ha.product, topology: ha.topology },
        },
        { sink, seconds, log },
      );
      log(result.met ? 'met' : `missed: ${result.missed.join('; ')}`);
      results.push(result);
      if (scenario.name === 'booking-upload') steady = measured;
    }
    if (single) {
      await single.stop();
      single = undefined;
    }
    if (names.includes('step-down')) {
      log('--- step-down ---');
      const stepDown = await runStepDown({
        product: ha.product,
        topology: ha.topology,
        sink,
        photo,
        plan,
        ...(steady ? { steady } : {}),
        log,
      });
      log(stepDown.result.met ? 'met' : `missed: ${stepDown.result.missed.join('; ')}`);
      results.push(stepDown.result);
      elections = stepDown.elections;
    }
  } finally {
    await single?.stop();
    await ha?.product.stop();
    await sink.close();
  }
  return { results, elections, stepDownPlan: plan };
}

/** The step-down run's elections, one row each, as docs/performance.md shows them. */
export function electionsTable(rows: readonly ElectionRow[]): string {
  return markdownTable(
    [
      'election',
      'at',
      'primary',
      'cause',
      'without a primary',
      '503 + Retry-After',
      'other failures',
      'slower than 2x median',
      'hurt for',
      'slowest answer',
    ],
    rows.map((row) => [
      String(row.election),
      `${row.atSeconds.toFixed(1)} s`,
      row.change,
      row.cause,
      `${String(row.withoutPrimaryMs)} ms`,
      String(row.unavailable),
      String(row.otherFailures),
      String(row.slowAnswers),
      `${row.hurtSeconds.toFixed(1)} s`,
      `${String(row.slowestMs)} ms`,
    ]),
  );
}
