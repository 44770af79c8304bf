import type { Express } from 'express';
import { createApiContext, type ApiContext } from '../../api/src/server/api-context';
import { loadApiConfig } from '../../api/src/config/api-config';
import { createApp, type AppOptions } from '../../api/src/server/app';
import { createLogger } from '../../api/src/platform/logger';
import { spawnWorkers, WORKERS_READY } from './back-end-processes';
import type { SpawnedProcess } from './spawn-process';

export interface ApiHarness {
  context: ApiContext;
  app: Express;
  /** Every log line the API wrote, as text. */
  logs: string[];
  close(): Promise<void>;
}

/**
 * How tests build the app: every JSON answer is checked against the API reference, so a route
 * that answers other than it declares fails the test that called it.
 */
export const TEST_APP_OPTIONS: AppOptions = { validateResponses: true };

/** An API instance on the given environment, with its log lines kept for the test to read. */
export async function startApi(env: Record<string, string>): Promise<ApiHarness> {
  const logs: string[] = [];
  const logger = createLogger({
    name: 'api',
    level: env.LOG_LEVEL ?? 'info',
    destination: { write: (line: string) => logs.push(line) },
  });
  const context = await createApiContext(loadApiConfig(env), logger);
  return {
    context,
    app: createApp(context, TEST_APP_OPTIONS),
    logs,
    close: () => context.close(),
  };
}

export interface ProductHarness {
  api: ApiHarness;
  /** The real workers process, on the same environment. */
  workers: SpawnedProcess;
  close(): Promise<void>;
}

/** The API in this process and the workers as their own process: the product's back end. */
export async function startApiAndWorkers(env: Record<string, string>): Promise<ProductHarness> {
  const api = await startApi(env);
  const workers = spawnWorkers(env);
  await workers.waitForOutput(WORKERS_READY);
  return {
    api,
    workers,
    async close() {
      workers.kill('SIGTERM');
      await workers.exited;
      await api.close();
    },
  };
}
