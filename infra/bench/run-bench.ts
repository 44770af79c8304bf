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
import { loadAverage, machine } from './machine';
import { resultsTable } from './results-table';
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
 *
 * A run narrowed by any flag writes bench/results-quick.json instead, so a quick look never
 * replaces the full run docs/performance.md quotes.
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
    },
  });
  const names = values.only
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names?.filter((name) => !SCENARIOS.some((scenario) => scenario.name === name));
  if (unknown?.length) {
    throw new Error(
      `unknown scenario(s) ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}`,
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
  // Profiling slows the processes down: such a run is never the one docs/performance.md quotes.
  const full = !names && !values.profile && JSON.stringify(sizes) === JSON.stringify(FULL);
  return { scenarios, sizes, full, profileDir: values.profile };
}

async function main(): Promise<void> {
  const { scenarios, sizes, full, profileDir } = readOptions();
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
  // Configuration for this run only: one load generator is one IP address, and the newsletter's
  // send rate limit is off to measure how fast the workers can go.
  const limits = {
    AUTH_RATE_LIMIT_MAX: UNLIMITED,
    FORM_RATE_LIMIT_MAX: UNLIMITED,
    NEWSLETTER_RATE_PER_SECOND: '0',
  };
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
  const file = path.join(repoRoot, 'bench', full ? 'results.json' : 'results-quick.json');
  mkdirSync(path.dirname(file), { recursive: true });
  const report = {
    date: startedAt.toISOString(),
    machine: machine(),
    loadAverage: { start: loadAtStart, end: loadAtEnd },
    sizes,
    configuration: limits,
    results,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`written to ${path.relative(repoRoot, file)}`);
  if (results.some((result) => !result.met)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
