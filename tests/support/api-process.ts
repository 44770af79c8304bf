import { sourceRuntime, type ServerRuntime } from './server-runtime';
import { spawnEntryPoint, type SpawnedProcess } from './spawn-process';

export interface ApiProcess {
  /** http://127.0.0.1:<port>, the port the process chose itself (PORT=0). */
  url: string;
  process: SpawnedProcess;
  /** SIGTERM, and waits for the process to be gone. */
  close(): Promise<void>;
}

/**
 * The API as production runs it, in a process of its own: a fault that concerns the API (a
 * dependency gone under it) is then seen through its real HTTP server and its real start-up code.
 */
export async function startApiProcess(
  env: Record<string, string>,
  runtime: ServerRuntime = sourceRuntime,
): Promise<ApiProcess> {
  const api = spawnEntryPoint(
    runtime.api,
    {
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      // The listening line carries the port; a silent environment would hide it.
      LOG_LEVEL: env.LOG_LEVEL === 'silent' || !env.LOG_LEVEL ? 'info' : env.LOG_LEVEL,
    },
    { node: runtime.node },
  );
  await api.waitForOutput(/"msg":"api listening"/, 60_000);
  const port = /"port":(\d+)[^\n]*"msg":"api listening"/.exec(api.output())?.[1];
  if (!port) throw new Error(`no port in the API's listening line:\n${api.output()}`);
  return {
    url: `http://127.0.0.1:${port}`,
    process: api,
    async close() {
      api.kill('SIGTERM');
      await api.exited;
    },
  };
}

/** Fields as a multipart body for fetch, the way the site's form posts them. */
export function multipart(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}
