import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNNING_FILE } from '../../api/src/config/local-services';
import { spawnManaged, type ManagedChild } from './child-processes';
import { freePort, waitFor } from './ports';
import { supervise, type RestartPolicy } from './supervisor';
import { startLocalStack, type LocalStack, type LocalTopology } from './stack';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const log = (line: string) => console.log(`[local] ${line}`);

/**
 * A secret made on first start and kept with the local data, so sessions survive a restart of
 * `npm start` without anyone having to invent one. Production sets its own.
 */
function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export interface LaunchOptions {
  /** `dev` restarts the API and workers on change and serves the site through Vite with hot reload. */
  mode: 'start' | 'dev';
  /** `--ha` on the command line; otherwise LOCAL_TOPOLOGY (which .env may set), else `single`. */
  topology?: LocalTopology;
}

function topologyOf(options: LaunchOptions): LocalTopology {
  if (options.topology) return options.topology;
  const fromEnv = process.env.LOCAL_TOPOLOGY ?? 'single';
  if (fromEnv !== 'single' && fromEnv !== 'ha') {
    throw new Error(`LOCAL_TOPOLOGY must be single or ha, not ${fromEnv}`);
  }
  return fromEnv;
}

/**
 * Node flags of each process, as infra/docker/*.Dockerfile start them too. V8 sizes the workers'
 * heap by the allocation rate, not by what they keep: a newsletter run grew it to 300 MB though
 * the live data stays far smaller, and 192 MB of old space sends as fast (npm run bench). The
 * API's young generation is larger than V8's 16 MB: a request's short-lived objects (a booking's
 * photo passes through in 1 MB) then die young instead of being promoted, and after a burst of
 * sign-ups bookings cost the API 7.5 ms of CPU each instead of 13-15 (half of it collecting).
 */
export const NODE_FLAGS: Record<'api' | 'workers', string[]> = {
  api: ['--max-semi-space-size=64'],
  workers: ['--max-old-space-size=192'],
};

/** A crash of the API or the workers after start-up is restarted, soon at first (README). */
export const RESTART_POLICY: RestartPolicy = {
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  healthyAfterMs: 60_000,
};

function nodeProcess(
  name: 'api' | 'workers',
  script: string,
  env: NodeJS.ProcessEnv,
  watch: boolean,
): ManagedChild {
  return spawnManaged(
    name,
    process.execPath,
    [...NODE_FLAGS[name], '--import', 'tsx', ...(watch ? ['--watch'] : []), script],
    // The IPC channel lets the child notice if this launcher dies without stopping it.
    { cwd: repoRoot, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
}

/**
 * Starts the embedded services for whatever is not configured, then the API, the workers and
 * (in dev) Vite; stops all of them, in order, on Ctrl-C or SIGTERM.
 */
export async function launch(options: LaunchOptions): Promise<void> {
  const envFile = path.join(repoRoot, '.env');
  if (existsSync(envFile)) {
    process.loadEnvFile(envFile);
    log('read .env');
  }
  const port = await freePort(Number(process.env.PORT ?? 8080));
  if (process.env.PORT && Number(process.env.PORT) !== port) {
    throw new Error(`PORT ${process.env.PORT} is in use`);
  }
  const topology = topologyOf(options);
  const dataDir = process.env.DATA_DIR ?? path.join(repoRoot, '.data');
  // Where commands run beside the product (npm run newsletter) find its local services.
  const runningFile = path.join(dataDir, RUNNING_FILE);
  log(
    `starting local services${topology === 'ha' ? ' (high availability: replica set and Sentinel)' : ''} (data in ${path.relative(repoRoot, dataDir) || dataDir})...`,
  );

  const started: { stack?: LocalStack } = {};
  const children: Pick<ManagedChild, 'name' | 'stop'>[] = [];
  let running = false;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('stopping...');
    // The app first, so it can finish requests and jobs while the databases are still there.
    await Promise.all(children.map((child) => child.stop('SIGTERM', 35_000)));
    rmSync(runningFile, { force: true });
    await started.stack?.stop();
    log('stopped; nothing left running');
    process.exit(code);
  };
  let signals = 0;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      signals += 1;
      if (signals > 1) {
        log('second signal: killing everything now');
        process.exit(130); // the exit handler of child-processes SIGKILLs what is left
      }
      void shutdown(0);
    });
  }

  const stack = await startLocalStack({
    dataDir,
    persistent: true,
    env: process.env,
    log,
    topology,
  });
  started.stack = stack;
  const siteUrl = process.env.SITE_URL ?? `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...stack.env,
    JWT_SECRET: process.env.JWT_SECRET ?? localSecret(dataDir, 'jwt-secret'),
    LINK_SECRET: process.env.LINK_SECRET ?? localSecret(dataDir, 'link-secret'),
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    PORT: String(port),
    SITE_URL: siteUrl,
  };
  // JSON leaves out what is undefined: REDIS_URL under --ha, the sentinels without it.
  const runningServices = {
    MONGO_URL: env.MONGO_URL,
    REDIS_URL: env.REDIS_URL,
    REDIS_SENTINELS: env.REDIS_SENTINELS,
    REDIS_SENTINEL_NAME: env.REDIS_SENTINEL_NAME,
    SITE_URL: siteUrl,
  };
  writeFileSync(runningFile, `${JSON.stringify(runningServices, null, 2)}\n`, { mode: 0o600 });
  const watch = options.mode === 'dev';
  log('starting the API and the workers...');
  // Before the product is up, an exit is a start-up failure that a restart would only repeat.
  const superviseOptions = (name: string) => ({
    policy: RESTART_POLICY,
    log,
    shouldRestart: () => running && !stopping,
    onGiveUp: (code: number | string) => {
      if (stopping) return;
      log(`${name} exited before the product was up (${String(code)}); stopping everything`);
      void shutdown(1);
    },
  });
  const api = supervise(
    'api',
    () => nodeProcess('api', 'api/src/main.ts', env, watch),
    superviseOptions('api'),
  );
  const workers = supervise(
    'workers',
    () => nodeProcess('workers', 'workers/src/main.ts', env, watch),
    superviseOptions('workers'),
  );
  children.push(api, workers);
  await waitFor(
    'the API',
    async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200,
    {
      timeoutMs: 90_000,
      intervalMs: 250,
      failed: () =>
        api.current().isRunning() ? undefined : 'the API process exited (see its log above)',
    },
  );

  running = true;

  let openUrl = `http://localhost:${port}`;
  if (options.mode === 'dev') {
    const vitePort = await freePort(5173);
    const vite = spawnManaged(
      'vite',
      process.execPath,
      [
        path.join(repoRoot, 'node_modules/vite/bin/vite.js'),
        '--port',
        String(vitePort),
        '--strictPort',
      ],
      {
        cwd: path.join(repoRoot, 'web'),
        env: { ...env, API_ORIGIN: `http://127.0.0.1:${port}` },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    children.push(vite);
    openUrl = `http://localhost:${vitePort}`;
  }
  const mailbox = stack.env.MAILBOX_URL ? `\n  Emails it sends:    ${openUrl}/dev/mailbox` : '';
  const ha = stack.ha
    ? `\n  MongoDB:            ${stack.ha.env.MONGO_URL}\n  Redis sentinels:    ${stack.ha.env.REDIS_SENTINELS} (master ${stack.ha.env.REDIS_SENTINEL_NAME})`
    : '';
  console.log(
    `\n  Home Services is running.\n  Open:               ${openUrl}${mailbox}\n  Health:             ${siteUrl}/readyz${ha}\n  Stop:               Ctrl-C\n`,
  );
}
