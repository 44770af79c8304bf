import type autocannon from 'autocannon';
import type { HaTopology } from '../../local/ha-topology';
import type { LoadProduct } from '../../load/load-product';
import type { SmtpSink } from '../../load/smtp-sink';
import type { HaResult } from '../bench-types';
import { productProcesses } from '../cpu-time';
import { runHttpLoad, type HttpLoadResult } from '../http-load';
import { BOOKING_CONNECTIONS, bookingRequest } from '../scenarios/booking-upload';
import { SUBSCRIBE_CONNECTIONS, subscribeRequest } from '../scenarios/subscribe';
import { waitUntilQuiet } from '../settle';
import { HA_TARGETS, ratioOf, TargetCheck } from '../targets';
import { redisWaitCalls, storedAt, type Stored } from './durable-counts';

export interface Side {
  name: 'single' | 'HA';
  product: LoadProduct;
  /** Only on the HA side: its Redis master counts the WAITs. */
  topology?: HaTopology;
}

/** One of the two scenarios compared: the same requests as its `npm run bench` scenario. */
export interface ComparedScenario {
  name: 'booking-upload' | 'subscribe';
  label: string;
  connections: number;
  kind: 'bookings' | 'subscribers';
  target: { minThroughputRatio: number; maxP99Ratio: number };
  /** The requests of one run, every address at `domain`. */
  request(domain: string): autocannon.Request;
}

export function comparedScenarios(photo: Buffer): ComparedScenario[] {
  return [
    {
      name: 'booking-upload',
      label: 'POST /api/bookings, 1 MB JPEG',
      connections: BOOKING_CONNECTIONS,
      kind: 'bookings',
      target: HA_TARGETS.bookingUpload,
      request: (domain) => bookingRequest(photo, domain),
    },
    {
      name: 'subscribe',
      label: 'POST /api/subscribe',
      connections: SUBSCRIBE_CONNECTIONS,
      kind: 'subscribers',
      target: HA_TARGETS.subscribe,
      request: (domain) => subscribeRequest(domain),
    },
  ];
}

interface Run {
  side: Side['name'];
  result: HttpLoadResult;
  stored: Stored;
  /** Requests answered 2xx, the warm-up's included: each must be in the database. */
  accepted: number;
  /** WAITs the Redis master ran during the run (HA only). */
  redisWaits?: number;
}

const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * The scenario on both topologies, each measured twice in the order single, HA, HA, single: on
 * a machine whose load drifts (other tests, the other product's emails going out) a drift in
 * time weighs on both sides alike. Each side's numbers are the mean of its two runs, and every
 * run starts with both products quiet, so neither's emails take CPU from the other's run.
 */
export async function compareTopologies(
  scenario: ComparedScenario,
  sides: { single: Side; ha: Side },
  context: { sink: SmtpSink; seconds: number; log: (line: string) => void },
): Promise<{ result: HaResult; ha: { perSecond: number; p99Ms: number } }> {
  const { sink, seconds, log } = context;
  const quiet = async () => {
    for (const side of [sides.single, sides.ha]) {
      await waitUntilQuiet({ product: side.product, sink, log });
    }
  };
  const runs: Run[] = [];
  const order = [sides.single, sides.ha, sides.ha, sides.single];
  for (const [index, side] of order.entries()) {
    await quiet();
    // The domain names the run, so each counts only its own rows and sends new addresses.
    const domain = `${scenario.name}-${String(index + 1)}.ha.bench.test`;
    log(
      `${side.name} (${String(index + 1)} of ${String(order.length)}): ${scenario.label}, ${String(scenario.connections)} connections, ${String(seconds)} s...`,
    );
    const waitsBefore = side.topology ? await redisWaitCalls(side.topology) : 0;
    const result = await runHttpLoad(
      {
        url: side.product.url,
        connections: scenario.connections,
        seconds,
        request: scenario.request(domain),
        server: productProcesses(side.product),
      },
      log,
    );
    const redisWaits = side.topology
      ? (await redisWaitCalls(side.topology)) - waitsBefore
      : undefined;
    // Requests cut off when the time is up may still finish on the server: let them settle.
    await waitUntilQuiet({ product: side.product, sink, log });
    const stored = await storedAt(side.product, scenario.kind, domain);
    runs.push({
      side: side.name,
      result,
      stored,
      accepted: result.warmUpSucceeded + result.succeeded,
      ...(redisWaits === undefined ? {} : { redisWaits }),
    });
    log(
      `  ${String(result.perSecond)} req/s, p99 ${String(result.p99Ms)} ms, ${String(result.errors)} errors; ${String(stored.rows)} stored of ${String(runs.at(-1)?.accepted)} accepted${redisWaits === undefined ? '' : `; ${String(redisWaits)} Redis WAITs`}`,
    );
  }

  const of = (name: Side['name']) => runs.filter((run) => run.side === name);
  const summary = (name: Side['name']) => {
    const own = of(name);
    const succeeded = own.reduce((sum, run) => sum + run.result.succeeded, 0);
    const waits = own.reduce((sum, run) => sum + (run.redisWaits ?? 0), 0);
    return {
      perSecond: Math.round(mean(own.map((run) => run.result.perSecond))),
      p99Ms: Math.round(mean(own.map((run) => run.result.p99Ms))),
      errors: own.reduce((sum, run) => sum + run.result.errors, 0),
      lost: own.reduce((sum, run) => sum + Math.max(0, run.accepted - run.stored.rows), 0),
      incomplete: own.reduce((sum, run) => sum + (run.stored.rows - run.stored.complete), 0),
      perRun: own.map((run) => `${String(run.result.perSecond)}/${String(run.result.p99Ms)}`),
      apiCpuMs: mean(own.map((run) => run.result.cpuMsPerRequest.api ?? 0)),
      mongoCpuMs: mean(own.map((run) => run.result.cpuMsPerRequest.MongoDB ?? 0)),
      waitsPerRequest: succeeded > 0 ? waits / succeeded : 0,
    };
  };
  const single = summary('single');
  const ha = summary('HA');
  const { target } = scenario;
  const throughputRatio = ratioOf(ha.perSecond, single.perSecond);
  const p99Ratio = ratioOf(ha.p99Ms, single.p99Ms);
  const check = new TargetCheck()
    .expect(
      (throughputRatio ?? 0) >= target.minThroughputRatio,
      `throughput HA/single ${String(throughputRatio)} < ${String(target.minThroughputRatio)}`,
    )
    .expect(
      p99Ratio !== null && p99Ratio <= target.maxP99Ratio,
      `p99 HA/single ${String(p99Ratio)} > ${String(target.maxP99Ratio)}`,
    );
  for (const [name, side] of [
    ['single', single],
    ['HA', ha],
  ] as const) {
    check
      .expect(side.errors === 0, `${String(side.errors)} errors on ${name}`)
      .expect(side.lost === 0, `${String(side.lost)} accepted but not stored on ${name}`)
      .expect(
        side.incomplete === 0,
        `${String(side.incomplete)} bookings without a photo on ${name}`,
      );
  }
  const cell = (side: ReturnType<typeof summary>) =>
    `${String(side.perSecond)} req/s, p99 ${String(side.p99Ms)} ms, ${String(side.errors)} errors (runs ${side.perRun.join(', ')} req/s/ms); CPU ms/req API ${side.apiCpuMs.toFixed(2)}, MongoDB ${side.mongoCpuMs.toFixed(2)}`;
  const result: HaResult = {
    scenario: `${scenario.label} (${String(scenario.connections)} conn, ${String(seconds)} s, x2 each)`,
    single: cell(single),
    ha: `${cell(ha)}; Redis WAIT ${ha.waitsPerRequest.toFixed(1)}/req`,
    throughputRatio,
    p99Ratio,
    target: `throughput HA/single >= ${String(target.minThroughputRatio)}, p99 HA/single <= ${String(target.maxP99Ratio)}, no errors, every accepted request stored`,
    met: check.met,
    missed: check.missed,
    measured: {
      connections: scenario.connections,
      seconds,
      order: order.map((side) => side.name),
      single,
      ha,
      runs,
    },
  };
  return { result, ha: { perSecond: ha.perSecond, p99Ms: ha.p99Ms } };
}
