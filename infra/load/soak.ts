import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { repoRoot } from '../local/launcher';
import { siteIsBuilt, startLoadProduct, type LoadProduct } from './load-product';
import { residentMb } from './process-memory';
import { startSmtpSink } from './smtp-sink';
import { trafficMix } from './traffic-mix';

/**
 * `npm run soak`: ten minutes of mixed traffic at half the rate the product managed in a short
 * measurement just before, to see whether it stays healthy under steady load: errors, memory of
 * the API and the workers at the start and the end, and whether the email backlog keeps up.
 */

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    'measure-seconds': { type: 'string', default: '20' },
    connections: { type: 'string', default: '20' },
  },
});
const minutes = Number(values.minutes);
const measureSeconds = Number(values['measure-seconds']);
const connections = Number(values.connections);
const log = (line: string) => console.log(`[soak] ${line}`);
const UNLIMITED = '1000000000';

async function drained(product: LoadProduct, timeoutMs: number): Promise<number> {
  const until = Date.now() + timeoutMs;
  let left = await product.backlog();
  while (left > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    left = await product.backlog();
  }
  return left;
}

interface Run {
  requests: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

function summary(result: autocannon.Result): Run {
  return {
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    perSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

async function main(): Promise<void> {
  if (!siteIsBuilt()) {
    log('building the site first (npm run build)...');
    spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  }
  const sink = await startSmtpSink();
  const product = await startLoadProduct({
    log,
    // Raised for this run through configuration: one load generator is one IP address.
    env: {
      SMTP_URL: sink.url,
      AUTH_RATE_LIMIT_MAX: UNLIMITED,
      FORM_RATE_LIMIT_MAX: UNLIMITED,
    },
  });
  try {
    const requests = trafficMix(siteIsBuilt());
    log(
      `measuring the maximum rate: ${String(connections)} connections, ${String(measureSeconds)} s...`,
    );
    const measured = summary(
      await autocannon({ url: product.url, connections, duration: measureSeconds, requests }),
    );
    const rate = Math.max(1, Math.floor(measured.perSecond / 2));
    log(
      `maximum ${String(measured.perSecond)} req/s (p99 ${String(measured.p99Ms)} ms); waiting for its emails to go out...`,
    );
    await drained(product, 180_000);

    const memoryAtStart = {
      api: residentMb(product.api.child.pid),
      workers: residentMb(product.workers.child.pid),
    };
    log(
      `soaking at ${String(rate)} req/s for ${String(minutes)} min; memory at start: API ${String(memoryAtStart.api)} MB, workers ${String(memoryAtStart.workers)} MB`,
    );
    const started = Date.now();
    let answered = 0;
    let failed = 0;
    const instance = autocannon(
      { url: product.url, connections, duration: minutes * 60, overallRate: rate, requests },
      () => undefined,
    );
    instance.on('response', (_client, statusCode) => {
      answered += 1;
      if (statusCode < 200 || statusCode >= 300) failed += 1;
    });
    instance.on('reqError', () => {
      failed += 1;
    });
    const progress = setInterval(() => {
      const elapsed = Math.round((Date.now() - started) / 1000);
      void product.backlog().then((backlog) => {
        log(
          `${String(elapsed)} s: ${String(answered)} answered, ${String(failed)} failed, ` +
            `email backlog ${String(backlog)}, memory API ${String(residentMb(product.api.child.pid))} MB ` +
            `workers ${String(residentMb(product.workers.child.pid))} MB`,
        );
      });
    }, 30_000);
    const soaked = summary(
      await new Promise<autocannon.Result>((resolve) => instance.on('done', resolve)),
    );
    clearInterval(progress);
    log('traffic over; waiting for the last emails...');
    const backlogAtEnd = await drained(product, 300_000);
    const memoryAtEnd = {
      api: residentMb(product.api.child.pid),
      workers: residentMb(product.workers.child.pid),
    };
    const result = {
      date: new Date().toISOString().slice(0, 10),
      minutes,
      connections,
      measuredMaxPerSecond: measured.perSecond,
      targetPerSecond: rate,
      soak: soaked,
      errorCount: soaked.errors + soaked.non2xx + soaked.timeouts,
      memoryMb: { start: memoryAtStart, end: memoryAtEnd },
      emailsDelivered: sink.messages(),
      emailBacklogAtEnd: backlogAtEnd,
      processesAlive: { api: product.api.isRunning(), workers: product.workers.isRunning() },
    };
    console.table({
      'measured maximum (req/s)': measured.perSecond,
      'soak rate (req/s)': `${String(soaked.perSecond)} (target ${String(rate)})`,
      'requests answered': soaked.requests,
      errors: result.errorCount,
      'latency p50 / p99 (ms)': `${String(soaked.p50Ms)} / ${String(soaked.p99Ms)}`,
      'API memory start → end (MB)': `${String(memoryAtStart.api)} → ${String(memoryAtEnd.api)}`,
      'workers memory start → end (MB)': `${String(memoryAtStart.workers)} → ${String(memoryAtEnd.workers)}`,
      'emails delivered': result.emailsDelivered,
      'email backlog at end': backlogAtEnd,
    });
    const out = path.join(repoRoot, 'bench');
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'soak-results.json'), `${JSON.stringify(result, null, 2)}\n`);
    log('written to bench/soak-results.json');
    if (result.errorCount > 0 || !result.processesAlive.api || !result.processesAlive.workers) {
      process.exitCode = 1;
    }
  } finally {
    await product.stop();
    await sink.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
