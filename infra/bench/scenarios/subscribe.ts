import type autocannon from 'autocannon';
import type { Scenario } from '../bench-types';
import { jsonPosts, measureJsonScenario } from '../json-scenario';
import { ratioOf, TargetCheck, TARGETS } from '../targets';

export const SUBSCRIBE_CONNECTIONS = 50;
const CONNECTIONS = SUBSCRIBE_CONNECTIONS;
const TARGET = TARGETS.subscribe;

/**
 * The footer form's POST, each with an address never seen before: a `domain` of its own keeps
 * the addresses of two runs on one database apart, so the second run's upserts insert too.
 */
export function subscribeRequest(domain = 'subscribe.bench.test'): autocannon.Request {
  return jsonPosts('/api/subscribe', (sequence) => ({
    email: `signup-${String(sequence)}@${domain}`,
  }));
}

/**
 * Newsletter sign-ups from the footer form, each with an address never seen before. Its floor
 * (baselines/floor-subscribe.ts): bare Express, one upsert of the subscriber with the raw driver
 * and the confirmation email's queue add.
 */
export const subscribeScenario: Scenario = {
  name: 'subscribe',
  async run(context) {
    const { sizes } = context;
    const { baseline, floor, result } = await measureJsonScenario(context, {
      connections: CONNECTIONS,
      request: subscribeRequest(),
      floorRoute: '/subscribe',
      floorWork: 'bare Express, one upsert (raw mongodb driver), one queue add (BullMQ)',
    });
    const apiCpuMs = result.cpuMsPerRequest.api ?? 0;
    const floorRatio = ratioOf(result.perSecond, floor.perSecond);
    const check = new TargetCheck()
      .expectFloorRatio(floorRatio, TARGET.minFloorRatio)
      .expectP99(result.p99Ms, TARGET.maxP99Ms)
      .expect(
        apiCpuMs <= TARGET.maxApiCpuMsPerRequest,
        `API CPU ${apiCpuMs.toFixed(2)} ms per request > ${String(TARGET.maxApiCpuMsPerRequest)} ms`,
      )
      .expect(result.errors === 0, `${String(result.errors)} errors`)
      .expect(floor.errors === 0, `the floor had ${String(floor.errors)} errors`);
    return {
      scenario: `POST /api/subscribe (${String(CONNECTIONS)} conn, ${String(sizes.seconds)} s)`,
      product: `${String(result.perSecond)} req/s, p99 ${String(result.p99Ms)} ms, ${String(result.errors)} errors; API CPU ${apiCpuMs.toFixed(2)} ms/req`,
      baseline: `${String(baseline.perSecond)} req/s, p99 ${String(baseline.p99Ms)} ms`,
      ratio: ratioOf(result.perSecond, baseline.perSecond),
      floor: `${String(floor.perSecond)} req/s, p99 ${String(floor.p99Ms)} ms`,
      floorRatio,
      target: `ratio to floor >= ${String(TARGET.minFloorRatio)}, p99 < ${String(TARGET.maxP99Ms)} ms, API CPU <= ${String(TARGET.maxApiCpuMsPerRequest)} ms/req, no errors`,
      met: check.met,
      missed: check.missed,
      measured: {
        connections: CONNECTIONS,
        seconds: sizes.seconds,
        product: result,
        baseline,
        floor,
      },
    };
  },
};
