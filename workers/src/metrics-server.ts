import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueueName } from '@hs/api/jobs/job-definitions';
import type { JobProducer } from '@hs/api/jobs/job-producer';
import { JobMetrics, QUEUE_STATES, type QueueJobCounts } from '@hs/api/metrics/job-metrics';
import { createMetricsRegistry } from '@hs/api/metrics/metrics-registry';
import { checkMetricsToken } from '@hs/api/metrics/metrics-token';
import type { Logger } from '@hs/api/platform/logger';
import { withTimeout } from '@hs/api/platform/with-timeout';

export interface WorkersMetricsOptions {
  token: string;
  host: string;
  /** 0 takes a free port; the one bound is logged. */
  port: number;
  /** Its queues are read for the backlog gauge. */
  producer: JobProducer;
  logger: Logger;
}

export interface WorkersMetrics {
  jobs: JobMetrics;
  port: number;
  close(): Promise<void>;
}

/** A scrape must answer even while Redis is away; the backlog is then left out. */
const COUNT_TIMEOUT_MS = 2_000;

/**
 * Every queue, not only those this process serves: a queue no process serves shows as a growing
 * backlog instead of not at all. Processes split by WORKER_QUEUES report the same numbers.
 */
function queueCounter(producer: JobProducer, logger: Logger): () => Promise<QueueJobCounts[]> {
  return async () => {
    try {
      return await withTimeout(
        Promise.all(
          Object.values(QueueName).map(async (queue) => ({
            queue,
            counts: await producer.queue(queue).getJobCounts(...QUEUE_STATES),
          })),
        ),
        COUNT_TIMEOUT_MS,
        'queue job counts',
      );
    } catch (error) {
      logger.warn({ err: error }, 'queue job counts not read for metrics');
      return [];
    }
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * GET /metrics of the workers process, for a scraper holding `Authorization: Bearer
 * <METRICS_TOKEN>`: job counters and timings, the queues' backlog and process metrics.
 */
export async function startWorkersMetrics(options: WorkersMetricsOptions): Promise<WorkersMetrics> {
  const registry = createMetricsRegistry();
  const jobs = new JobMetrics(registry, queueCounter(options.producer, options.logger));
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    const check = checkMetricsToken(req.headers.authorization, options.token);
    if (check !== 'valid') {
      const headers = { 'Content-Type': 'text/plain; charset=utf-8' };
      if (check === 'missing') {
        res.writeHead(401, { ...headers, 'WWW-Authenticate': 'Bearer' }).end('Token required\n');
      } else {
        res.writeHead(403, headers).end('Token not valid\n');
      }
      return;
    }
    registry.metrics().then(
      (body) => {
        res
          .writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        options.logger.error({ err: error }, 'metrics not collected');
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Failed\n');
      },
    );
  });
  const port = await listen(server, options.port, options.host);
  options.logger.info({ host: options.host, port }, 'metrics listening');
  return {
    jobs,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper's keep-alive connection would otherwise hold shutdown open.
        server.closeAllConnections();
      }),
  };
}
