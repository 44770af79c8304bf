import type autocannon from 'autocannon';
import { measureJsonEcho } from '../baselines/express-json-echo';
import type { Scenario } from '../bench-types';
import { productProcesses } from '../cpu-time';
import { runHttpLoad } from '../http-load';
import { waitUntilQuiet } from '../settle';
import { ratioOf, TargetCheck } from '../targets';

const CONNECTIONS = 50;
const MIN_RATIO = 0.6;
const MAX_P99_MS = 50;

/** Newsletter sign-ups from the footer form, each with an address never seen before. */
export const subscribeScenario: Scenario = {
  name: 'subscribe',
  async run(context) {
    const { product, sizes, log } = context;
    let sequence = 0;
    const request: autocannon.Request = {
      method: 'POST',
      path: '/api/subscribe',
      headers: { 'content-type': 'application/json' },
      setupRequest: (shape) => ({
        ...shape,
        body: JSON.stringify({ email: `signup-${String((sequence += 1))}@subscribe.bench.test` }),
      }),
    };
    const load = { connections: CONNECTIONS, seconds: sizes.seconds, request };
    await waitUntilQuiet(context);
    log(
      `baseline: bare Express echoing the JSON, ${String(CONNECTIONS)} connections, ${String(sizes.seconds)} s...`,
    );
    const baseline = await measureJsonEcho(load, log);
    log(
      `product: POST /api/subscribe, ${String(CONNECTIONS)} connections, ${String(sizes.seconds)} s...`,
    );
    const result = await runHttpLoad(
      { ...load, url: product.url, server: productProcesses(product) },
      log,
    );
    const ratio = ratioOf(result.perSecond, baseline.perSecond);
    const check = new TargetCheck()
      .expectRatio(ratio, MIN_RATIO)
      .expectP99(result.p99Ms, MAX_P99_MS)
      .expect(result.errors === 0, `${String(result.errors)} errors`);
    return {
      scenario: `POST /api/subscribe (${String(CONNECTIONS)} conn, ${String(sizes.seconds)} s)`,
      product: `${String(result.perSecond)} req/s, p99 ${String(result.p99Ms)} ms, ${String(result.errors)} errors`,
      baseline: `${String(baseline.perSecond)} req/s, p99 ${String(baseline.p99Ms)} ms`,
      ratio,
      target: `ratio >= ${String(MIN_RATIO)}, p99 < ${String(MAX_P99_MS)} ms, no errors`,
      met: check.met,
      missed: check.missed,
      measured: {
        connections: CONNECTIONS,
        seconds: sizes.seconds,
        product: result,
        baseline,
      },
    };
  },
};
