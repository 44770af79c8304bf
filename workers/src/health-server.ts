import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readinessAnswer, type Readiness } from '@hs/api/health/readiness';
import type { Logger } from '@hs/api/platform/logger';

export interface WorkersHealth {
  port: number;
  close(): Promise<void>;
}

/**
 * GET /healthz (the process answers) and GET /readyz (its MongoDB and Redis answer; SMTP is
 * reported) of a workers process, for an orchestrator's probes: no token, nothing but states.
 */
export async function startWorkersHealth(options: {
  host: string;
  port: number;
  readiness: Readiness;
  logger: Logger;
}): Promise<WorkersHealth> {
  const json = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' };
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || (path !== '/healthz' && path !== '/readyz')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (path === '/healthz') {
      res.writeHead(200, json).end(JSON.stringify({ status: 'alive' }));
      return;
    }
    options.readiness.report().then(
      (report) => {
        const answer = readinessAnswer(report);
        res.writeHead(answer.status, { ...json, ...answer.headers }).end(JSON.stringify(report));
      },
      (error: unknown) => {
        options.logger.error({ err: error }, 'readiness not reported');
        res.writeHead(500, json).end(JSON.stringify({ status: 'unknown' }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  options.logger.info({ host: options.host, port }, 'health checks listening');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
