import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { killLeftover, spawnManaged, tailOfFile, type ManagedChild } from './child-processes';
import { waitFor } from './ports';
import type { LocalService, LogLine } from './service';

export interface RedisOptions {
  dataDir: string;
  port: number;
  /** Kept data is written to an append-only file so queued jobs survive a restart. */
  persistent: boolean;
}

export interface RedisService extends LocalService {
  url: string;
  port: number;
}

function findOnPath(command: string): string | undefined {
  const dirs = (process.env.PATH ?? '')
    .split(':')
    .concat(['/usr/bin', '/usr/sbin', '/usr/local/bin']);
  return dirs.map((dir) => path.join(dir, command)).find((candidate) => existsSync(candidate));
}

/** Debian's redis-server, installed through apt when we are root and it is missing. */
export function ensureRedisServer(log: LogLine): string {
  const found = process.env.REDIS_SERVER_BINARY ?? findOnPath('redis-server');
  if (found) return found;
  if (process.getuid?.() !== 0 || !findOnPath('apt-get')) {
    throw new Error(
      'redis-server is not installed. Install it (Debian/Ubuntu: sudo apt-get install redis-server) or set REDIS_URL.',
    );
  }
  log('redis-server is missing: installing it with apt-get (about 20 s)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', 'redis-server'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
  const installed = findOnPath('redis-server');
  if (!installed) throw new Error('apt-get installed redis-server but it is not on PATH');
  log(`installed ${execFileSync(installed, ['--version']).toString().trim()}`);
  return installed;
}

/** A redis-server directive and its words, e.g. ['save', '60', '1']. */
export type RedisSetting = [name: string, ...values: string[]];

/**
 * What every redis-server holding the product's data runs with, alone or under Sentinel, as
 * directives for the command line or a config file.
 */
export function dataNodeSettings(options: RedisOptions): RedisSetting[] {
  return [
    ['bind', '127.0.0.1'],
    ['port', String(options.port)],
    ['dir', options.dataDir],
    ['pidfile', redisPidFile(options.dataDir)],
    ['logfile', redisLogFile(options.dataDir)],
    ['daemonize', 'no'],
    options.persistent ? ['save', '60', '1'] : ['save', ''],
    ['appendonly', options.persistent ? 'yes' : 'no'],
    // BullMQ needs every key kept: evicting one would lose a job.
    ['maxmemory-policy', 'noeviction'],
  ];
}

export const redisPidFile = (dataDir: string) => path.join(dataDir, 'redis.pid');
export const redisLogFile = (dataDir: string) => path.join(dataDir, 'redis.log');

/** Resolves once the redis-server on `port` answers PING; fails at once with its log if it exits. */
export async function waitForRedisPing(
  what: string,
  port: number,
  child: ManagedChild,
  logFile: string,
  timeoutMs = 20_000,
): Promise<void> {
  const probe = new Redis(`redis://127.0.0.1:${port}`, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await waitFor(
      what,
      async () => {
        if (probe.status !== 'ready') await probe.connect().catch(() => undefined);
        await probe.ping();
        return true;
      },
      {
        timeoutMs,
        failed: () => (child.isRunning() ? undefined : `it exited; log:\n${tailOfFile(logFile)}`),
      },
    );
  } finally {
    probe.disconnect();
  }
}

export async function startRedis(options: RedisOptions, log: LogLine): Promise<RedisService> {
  const binary = ensureRedisServer(log);
  mkdirSync(options.dataDir, { recursive: true });
  await killLeftover(redisPidFile(options.dataDir), 'redis-server');
  const args = dataNodeSettings(options).flatMap(([name, ...values]) => [
    `--${name}`,
    values.join(' '),
  ]);
  const child = spawnManaged('redis-server', binary, args, { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${options.port}`;
  try {
    await waitForRedisPing('redis-server', options.port, child, redisLogFile(options.dataDir));
  } catch (error) {
    await child.stop('SIGKILL');
    throw error;
  }
  return {
    name: 'Redis',
    description: `${url} (data in ${options.dataDir})`,
    url,
    port: options.port,
    pids: child.child.pid ? [child.child.pid] : [],
    stop: () => child.stop(options.persistent ? 'SIGTERM' : 'SIGKILL', 10_000),
  };
}
