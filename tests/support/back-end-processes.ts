import { startApiProcess, type ApiProcess } from './api-process';
import { sourceRuntime, type ServerRuntime } from './server-runtime';
import { spawnEntryPoint, type SpawnedProcess } from './spawn-process';

export interface BackEndProcesses {
  api: ApiProcess;
  workers: SpawnedProcess;
  /** SIGTERM to the workers, then to the API, waiting for each to be gone. */
  close(): Promise<void>;
}

/**
 * The API and the workers each in a process of its own, as production runs them, on one
 * environment: a fault test can then take a service away from under both and see what a real
 * deployment would. Resolves once both say they are ready.
 */
export async function startBackEndProcesses(
  env: Record<string, string>,
  /** Settings of the workers alone (WORKER_QUEUES, say), on top of `env`. */
  workersEnv: Record<string, string> = {},
  runtime: ServerRuntime = sourceRuntime,
): Promise<BackEndProcesses> {
  const api = await startApiProcess(env, runtime);
  const workers = spawnWorkers({ ...env, ...workersEnv }, runtime);
  const close = async () => {
    workers.kill('SIGTERM');
    await workers.exited;
    await api.close();
  };
  try {
    await workers.waitForOutput(WORKERS_READY, 60_000);
  } catch (error) {
    // The caller never gets these processes to close: they must not outlive the failed start.
    await close();
    throw error;
  }
  return { api, workers, close };
}

export const WORKERS_READY = /workers ready/;

/** The workers process, at a log level that lets it say it is ready even in a silent test. */
export function spawnWorkers(
  env: Record<string, string>,
  runtime: ServerRuntime = sourceRuntime,
): SpawnedProcess {
  return spawnEntryPoint(
    runtime.workers,
    { ...env, LOG_LEVEL: env.LOG_LEVEL === 'silent' || !env.LOG_LEVEL ? 'info' : env.LOG_LEVEL },
    { node: runtime.node },
  );
}
