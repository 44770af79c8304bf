import type autocannon from 'autocannon';
import { measureJsonEcho } from './baselines/express-json-echo';
import { measureFloor, type FloorRoute } from './baselines/floor-http';
import type { BenchContext } from './bench-types';
import { productProcesses } from './cpu-time';
import { runHttpLoad, type HttpLoadResult } from './http-load';
import { waitUntilQuiet } from './settle';

/** POSTs of JSON to `path`, the nth one's body made by `bodyOf(n)` (a new address each time). */
export function jsonPosts(path: string, bodyOf: (sequence: number) => unknown): autocannon.Request {
  let sequence = 0;
  return {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json' },
    setupRequest: (shape) => ({ ...shape, body: JSON.stringify(bodyOf((sequence += 1))) }),
  };
}

export interface JsonScenarioMeasures {
  baseline: HttpLoadResult;
  floor: HttpLoadResult;
  result: HttpLoadResult;
  /** '50 connections, 10 s'. */
  shape: string;
}

/**
 * A JSON form's three measurements under one load, each said as it starts: the echo, the floor
 * at `floorRoute` (doing `floorWork`) and the product.
 */
export async function measureJsonScenario(
  context: BenchContext,
  options: { connections: number; request: autocannon.Request; floorRoute: FloorRoute; floorWork: string },
): Promise<JsonScenarioMeasures> {
  const { product, sizes, log } = context;
  const load = { connections: options.connections, seconds: sizes.seconds, request: options.request };
  const shape = `${String(options.connections)} connections, ${String(sizes.seconds)} s`;
  await waitUntilQuiet(context);
  log(`baseline: bare Express echoing the JSON, ${shape}...`);
  const baseline = await measureJsonEcho(load, log);
  log(`floor: ${options.floorWork}, ${shape}...`);
  const floor = await measureFloor(options.floorRoute, load, product, log);
  log(`product: POST ${options.request.path ?? ''}, ${shape}...`);
  const result = await runHttpLoad(
    { ...load, url: product.url, server: productProcesses(product) },
    log,
  );
  return { baseline, floor, result, shape };
}
