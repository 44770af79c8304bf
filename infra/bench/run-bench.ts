import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { JobProducer } from '../../api/src/jobs/job-producer';
import { connectMongo, disconnectMongo } from '../../api/src/platform/mongo';
import { createRedis } from '../../api/src/platform/redis';
import { repoRoot } from '../local/launcher';
import { startLoadProduct } from '../load/load-product';
import { startSmtpSink } from '../load/smtp-sink';
import type { BenchSizes, Scenario, ScenarioResult } from './bench-types';
import { buildSite } from '../local/build-site';
import { electionsTable, HA_SCENARIOS, runHaBench, type HaScenarioName } from './ha/run-ha';
import { STEP_DOWN_DEFAULTS } from './ha/step-down';
import { loadAverage, machine } from './machine';
import { haResultsTable, resultsTable } from './results-table';
import { runScaleBench } from './scale/run-scale';
import { scaleResultsTable } from './scale/scale-results';
import { bookingConfirmationsScenario } from './scenarios/booking-confirmations';
import { bookingUploadScenario } from './scenarios/booking-upload';
import { homePageScenario } from './scenarios/home-page';
import { newsletterScenario } from './scenarios/newsletter';
import { signUpScenario } from './scenarios/sign-up';
import { subscribeScenario } from './scenarios/subscribe';

/**
 * `npm run bench`: the product on the embedded local services, each scenario measured next to a
 * baseline that does no durable work (an echo, a bare mail pool) and a floor that does the same
 * durable work with bare code (infra/bench/baselines/floor-*), both taken in the same run on the
 * same machine, as a table and in bench/results.json.
 *
 *   npm run bench -- --only subscribe,newsletter --subscribers 3000 --seconds 3
 *   npm run bench -- --only newsletter --profile /tmp/profiles   (CPU profiles of API and workers)
 *   npm run bench -- --ha   (booking and subscribe on the HA topology beside the single one, then
 *                            bookings while the MongoDB primary steps down: infra/bench/ha/)
 *   npm run bench -- --ha --seconds 3 --step-down-for 30 --step-down-every 15   (a quick look)
 *   npm run bench -- --scale   (the reads operators and customers wait for, on an empty database
 *                               and on three busy years of seed:scale, and a newsletter to
 *                               500,000: infra/bench/scale/)
 *   npm run bench -- --scale --seed-scale 0.01 --samples 50   (a quick look)
 *
 * A run narrowed by any flag writes bench/results-quick.json instead, so a quick look never
 * replaces the full run docs/performance.md quotes; a full --ha run writes bench/results-ha.json
 * and a full --scale run bench/results-scale.json, beside the full run's results rather than
 * over them.
 */

const SCENARIOS: readonly Scenario[] = [
  homePageScenario,
  subscribeScenario,
  signUpScenario,
  bookingUploadScenario,
  bookingConfirmationsScenario,
  newsletterScenario,
];
const FULL: BenchSizes = { bookings: 5_000, subscribers: 100_000, seconds: 10 };
/** --scale's: the seed at scale 1, and enough requests per read for a p99 (the 2nd slowest). */
const FULL_SCALE = { seedScale: 1, samples: 200, warmUp: 10 };
/** Far above anything one load generator sends: the limits are there, just never reached. */
const UNLIMITED = '1000000000';

const log = (line: string) => {
  console.log(`[bench] ${line}`);
};

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new Error(`--${name} must be a whole number above 0`);
  return number;
}

function readOptions() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      bookings: { type: 'string' },
      subscribers: { type: 'string' },
      seconds: { type: 'string' },
      profile: { type: 'string' },
      ha: { type: 'boolean' },
      'step-down-for': { type: 'string' },
      'step-down-every': { type: 'string' },
      scale: { type: 'boolean' },
      'seed-scale': { type: 'string' },
      samples: { type: 'string' },
    },
  });
  const scale = readScaleOptions(values);
  const ha = values.ha === true;
  if (ha && values.profile) throw new Error('--profile is for the single topology: drop --ha');
  const names = values.only
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const known: readonly string[] = ha ? HA_SCENARIOS : SCENARIOS.map((scenario) => scenario.name);
  const unknown = names?.filter((name) => !known.includes(name));
  if (unknown?.length) {
    throw new Error(
      `unknown scenario(s) ${unknown.join(', ')}${ha ? ' with --ha' : ''}; known: ${known.join(', ')}`,
    );
  }
  const sizes: BenchSizes = {
    bookings: positive('bookings', values.bookings, FULL.bookings),
    subscribers: positive('subscribers', values.subscribers, FULL.subscribers),
    seconds: positive('seconds', values.seconds, FULL.seconds),
  };
  const scenarios = names
    ? SCENARIOS.filter((scenario) => names.includes(scenario.name))
    : SCENARIOS;
  const haNames = HA_SCENARIOS.filter((name) => !names || names.includes(name));
  const stepDown = {
    runSeconds: positive('step-down-for', values['step-down-for'], STEP_DOWN_DEFAULTS.runSeconds),
    everySeconds: positive(
      'step-down-every',
      values['step-down-every'],
      STEP_DOWN_DEFAULTS.everySeconds,
    ),
  };
  if (!ha && (values['step-down-for'] ?? values['step-down-every']) !== undefined) {
    throw new Error('--step-down-for and --step-down-every go with --ha');
  }
  // Profiling slows the processes down: such a run is never the one docs/performance.md quotes.
  const full =
    !names &&
    !values.profile &&
    JSON.stringify(sizes) === JSON.stringify(FULL) &&
    JSON.stringify(stepDown) === JSON.stringify(STEP_DOWN_DEFAULTS);
  return { scenarios, sizes, full, profileDir: values.profile, ha, haNames, stepDown, scale };
}

/** --scale's own options, or null without --scale (where they are refused). */
function readScaleOptions(values: {
  scale?: boolean;
  'seed-scale'?: string;
  samples?: string;
  only?: string;
  ha?: boolean;
  profile?: string;
  seconds?: string;
  bookings?: string;
  subscribers?: string;
}) {
  if (values.scale !== true) {
    if ((values['seed-scale'] ?? values.samples) !== undefined) {
      throw new Error('--seed-scale and --samples go with --scale');
    }
    return null;
  }
  const others = (['only', 'ha', 'profile', 'seconds', 'bookings', 'subscribers'] as const).filter(
    (name) => values[name] !== undefined,
  );
  if (others.length > 0) {
    throw new Error(`--scale runs alone: drop --${others.join(', --')}`);
  }
  const seedScale = Number(values['seed-scale'] ?? FULL_SCALE.seedScale);
  if (!(seedScale > 0 && seedScale <= 10)) {
    throw new Error('--seed-scale must be above 0 and at most 10');
  }
  const samples = positive('samples', values.samples, FULL_SCALE.samples);
  return {
    seedScale,
    samples,
    full: seedScale === FULL_SCALE.seedScale && samples === FULL_SCALE.samples,
  };
}

/** bench/results.json (full run), bench/results-ha.json (full --ha run) or results-quick.json. */
function writeReport(name: string, report: Record<string, unknown>): void {
  const file = path.join(repoRoot, 'bench', name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`written to ${path.relative(repoRoot, file)}`);
}

/** Configuration for this run only: one load generator is one IP address. */
const LIMITS = {
  AUTH_RATE_LIMIT_MAX: UNLIMITED,
  FORM_RATE_LIMIT_MAX: UNLIMITED,
  // The newsletter's send rate limit is off to measure how fast the workers can go.
  NEWSLETTER_RATE_PER_SECOND: '0',
};

/**
 * The run's clock and the machine's load at its start (logged now); what it returns, called once
 * the measuring is done, gives the load at the end and the minutes, for the log and the report.
 */
function startRecord() {
  const startedAt = new Date();
  const loadAtStart = loadAverage();
  log(`load average at start: ${loadAtStart.join(', ')}`);
  return () => {
    const loadAtEnd = loadAverage();
    const minutes = Number(((Date.now() - startedAt.getTime()) / 60_000).toFixed(1));
    return {
      header: {
        date: startedAt.toISOString(),
        machine: machine(),
        loadAverage: { start: loadAtStart, end: loadAtEnd },
        minutes,
      },
      logSummary() {
        log(`load average at start ${loadAtStart.join(', ')}; at end ${loadAtEnd.join(', ')}`);
        log(`${String(minutes)} min in all`);
      },
    };
  };
}

async function mainHa(options: {
  names: readonly HaScenarioName[];
  sizes: BenchSizes;
  stepDown: { runSeconds: number; everySeconds: number };
  full: boolean;
}): Promise<void> {
  const finish = startRecord();
  const run = await runHaBench({
    names: options.names,
    seconds: options.sizes.seconds,
    stepDown: options.stepDown,
    env: LIMITS,
    log,
  });
  const record = finish();
  console.log(`\n${haResultsTable(run.results)}\n`);
  if (run.elections.length > 0) console.log(`${electionsTable(run.elections)}\n`);
  record.logSummary();
  writeReport(options.full ? 'results-ha.json' : 'results-quick.json', {
    ...record.header,
    sizes: options.sizes,
    configuration: LIMITS,
    topologies: {
      single: 'one mongod (a replica set of one), one Redis',
      ha: 'three mongods (replica set rs0, member 1 at priority 2, 2 s election timeout, 500 ms heartbeats), Redis master + replica + three Sentinels',
    },
    stepDownPlan: run.stepDownPlan,
    results: run.results,
    elections: run.elections,
  });
  if (run.results.some((result) => !result.met)) process.exitCode = 1;
}

async function mainScale(options: { seedScale: number; samples: number; full: boolean }) {
  const finish = startRecord();
  const sampling = { warmUp: FULL_SCALE.warmUp, samples: options.samples };
  const run = await runScaleBench({ seedScale: options.seedScale, sampling, env: LIMITS, log });
  const record = finish();
  console.log(`\n${scaleResultsTable(run.reads, run.newsletter)}\n`);
  record.logSummary();
  const missed = [...run.reads, run.newsletter].filter((result) => !result.met);
  for (const result of missed) {
    log(`missed: ${'read' in result ? result.read : result.scenario}: ${result.missed.join('; ')}`);
  }
  writeReport(options.full ? 'results-scale.json' : 'results-quick.json', {
    ...record.header,
    seedScale: options.seedScale,
    sampling,
    configuration: run.configuration,
    seed: run.seed,
    reads: run.reads,
    newsletter: run.newsletter,
  });
  if (missed.length > 0) process.exitCode = 1;
}

async function main(): Promise<void> {
  const { scenarios, sizes, full, profileDir, ha, haNames, stepDown, scale } = readOptions();
  if (scale) {
    await mainScale(scale);
    return;
  }
  if (ha) {
    await mainHa({ names: haNames, sizes, stepDown, full });
    return;
  }
  const startedAt = new Date();
  const loadAtStart = loadAverage();
  log(`load average at start: ${loadAtStart.join(', ')}`);
  const work = mkdtempSync(path.join(tmpdir(), 'hs-bench-'));
  const siteDir = path.join(work, 'site');
  if (scenarios.includes(homePageScenario)) {
    log('building the site from the current sources...');
    await buildSite(siteDir);
  }
  const sink = await startSmtpSink();
  const limits = LIMITS;
  const env: Record<string, string> = {
    SMTP_URL: sink.url,
    ...limits,
    ...(scenarios.includes(homePageScenario) ? { WEB_DIST_DIR: siteDir } : {}),
  };
  const product = await startLoadProduct({
    log,
    env,
    ...(profileDir ? { profileDir: path.resolve(profileDir) } : {}),
  });
  log(`product at ${product.url} (logs in ${product.logDir})`);
  await connectMongo({ url: product.env.MONGO_URL ?? '', dbName: product.env.MONGO_DB });
  const redis = createRedis(product.env.REDIS_URL ?? '', { blocking: true });
  const jobs = new JobProducer(redis, product.env.QUEUE_PREFIX ?? 'hs');
  const results: ScenarioResult[] = [];
  try {
    for (const scenario of scenarios) {
      log(`--- ${scenario.name} ---`);
      const result = await scenario.run({ product, sink, jobs, sizes, log });
      log(result.met ? 'met' : `missed: ${result.missed.join('; ')}`);
      results.push(result);
    }
  } finally {
    await jobs.close();
    redis.disconnect();
    await disconnectMongo();
    await product.stop();
    await sink.close();
    rmSync(work, { recursive: true, force: true });
  }
  const loadAtEnd = loadAverage();
  console.log(`\n${resultsTable(results)}\n`);
  log(`load average at start ${loadAtStart.join(', ')}; at end ${loadAtEnd.join(', ')}`);
  writeReport(full ? 'results.json' : 'results-quick.json', {
    date: startedAt.toISOString(),
    machine: machine(),
    loadAverage: { start: loadAtStart, end: loadAtEnd },
    sizes,
    configuration: limits,
    results,
  });
  if (results.some((result) => !result.met)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
