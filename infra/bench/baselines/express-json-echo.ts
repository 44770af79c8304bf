import type autocannon from 'autocannon';
import type { HttpLoadResult } from '../http-load';
import { measureOnBareExpress } from './bare-express';

/** The subscribe scenario's baseline: the same JSON posts, echoed back by bare Express. */
export function measureJsonEcho(
  load: { connections: number; seconds: number; request: autocannon.Request },
  log: (line: string) => void,
): Promise<HttpLoadResult> {
  return measureOnBareExpress('/echo', load, log);
}
