import path from 'node:path';
import type autocannon from 'autocannon';
import { spawnManaged } from '../../local/child-processes';
import { repoRoot } from '../../local/launcher';
import { freePort, waitFor } from '../../local/ports';
import { runHttpLoad, type HttpLoadResult } from '../http-load';

export interface BareExpress {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Starts bare-express-server.ts as a process of its own, as the product's API runs. */
export async function startBareExpress(): Promise<BareExpress> {
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  const server = spawnManaged(
    'bare-express',
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(repoRoot, 'infra/bench/baselines/bare-express-server.ts'),
      String(port),
    ],
    // As the API runs: Express skips some development-only work in production.
    { cwd: repoRoot, env: { NODE_ENV: 'production' }, stdio: 'ignore' },
  );
  await waitFor(
    'the bare Express server',
    async () => (await fetch(`${url}/echo`, { method: 'POST' })).ok,
    {
      timeoutMs: 30_000,
      intervalMs: 200,
      failed: () => (server.isRunning() ? undefined : 'it exited'),
    },
  );
  return { url, pid: server.child.pid, stop: () => server.stop('SIGTERM', 5_000) };
}

/** A scenario's HTTP load pointed at one of the bare server's routes instead of the product. */
export async function measureOnBareExpress(
  route: '/echo' | '/upload',
  load: { connections: number; seconds: number; request: autocannon.Request },
  log: (line: string) => void,
): Promise<HttpLoadResult> {
  const server = await startBareExpress();
  try {
    return await runHttpLoad(
      {
        ...load,
        url: server.url,
        request: { ...load.request, path: route },
        server: { 'bare Express': server.pid === undefined ? [] : [server.pid] },
      },
      log,
    );
  } finally {
    await server.stop();
  }
}
