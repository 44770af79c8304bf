import type autocannon from 'autocannon';
import type { HttpLoadResult } from '../http-load';
import { measureOnBareExpress } from './bare-express';

/** The booking upload's baseline: the same multipart posts, read in full by bare Express and dropped. */
export function measureUploadDiscard(
  load: { connections: number; seconds: number; request: autocannon.Request },
  log: (line: string) => void,
): Promise<HttpLoadResult> {
  return measureOnBareExpress('/upload', load, log);
}
