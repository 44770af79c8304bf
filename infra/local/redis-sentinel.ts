import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { killLeftover, spawnManaged } from './child-processes';
import { MemberProcess, pollFor, type TopologyMember } from './member-process';
import {
  dataNodeSettings,
  redisLogFile,
  redisPidFile,
  waitForRedisPing,
  type RedisSetting,
} from './redis';
import type { LocalService } from './service';

/**
 * A data node or a sentinel; `restart` resolves when it answers PING and, for a data node, when
 * its role is settled (a restarted old master rejoins as a replica: Sentinel reconfigures it).
 */
export type RedisNode = TopologyMember;

export interface SentinelGroup {
  masterName: string;
  /** The two data nodes. */
  nodes: RedisNode[];
  /** Three. */
  sentinels: RedisNode[];
  /** The data node the sentinels currently name as master (SENTINEL get-master-addr-by-name). */
  master(): Promise<RedisNode>;
  /**
   * Waits until every live sentinel names the same master, other than `not`, and it answers ROLE
   * as master. A node frozen by SIGSTOP is left out until continued.
   */
  waitForMaster(options?: { not?: RedisNode; timeoutMs?: number }): Promise<RedisNode>;
  /** One line per node and sentinel: name, address, role, pid. */
  describe(): Promise<string[]>;
  service: LocalService;
  stop(): Promise<void>;
}

export interface SentinelGroupOptions {
  /** Each node and sentinel gets a folder of its own here. */
  dataDir: string;
  binary: string;
  /** Kept data is written to an append-only file, and stopped with SIGTERM so it is saved. */
  persistent: boolean;
  /** Two data nodes: a master and its replica. */
  nodes: { name: string; port: number }[];
  sentinels: { name: string; port: number }[];
}

export const MASTER_NAME = 'hs-master';
const QUORUM = 2;
/**
 * Sentinel's defaults (30 s before a master counts as down, 3 min per failover attempt) would
 * make a failover outlast any test; locally a dead master is replaced in seconds. Production's
 * managed Redis keeps its own.
 */
const SENTINEL_TIMINGS: RedisSetting[] = [
  ['sentinel', 'down-after-milliseconds', MASTER_NAME, '2000'],
  ['sentinel', 'failover-timeout', MASTER_NAME, '10000'],
];
/**
 * Which node was master when kept data was last stopped cleanly: after a failover the replica
 * holds the newest data, and starting the other as master would have it resync from stale data.
 */
const LAST_MASTER_FILE = 'redis-master';

const word = (value: string) => (/^[A-Za-z0-9_./:-]+$/.test(value) ? value : JSON.stringify(value));

function writeConf(file: string, settings: RedisSetting[]): void {
  const lines = settings.map((setting) => setting.map(word).join(' '));
  // Sentinel rewrites its file (and the data nodes' on failover): ours is only the first state.
  writeFileSync(file, `# Written by the launcher at each start.\n${lines.join('\n')}\n`);
}

/** A connection of its own per question, short time-outs: a node may be down or frozen. */
async function askRedis<T>(port: number, question: (client: Redis) => Promise<T>): Promise<T> {
  const client = new Redis({
    host: '127.0.0.1',
    port,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableReadyCheck: false,
    connectTimeout: 1_000,
    commandTimeout: 2_000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await question(client);
  } finally {
    client.disconnect();
  }
}

/** `key:value` lines of INFO, or the field/value pairs of a SENTINEL reply. */
function fieldsOf(reply: unknown): Record<string, string> {
  if (typeof reply === 'string') {
    return Object.fromEntries(
      reply
        .split(/\r?\n/)
        .map((line) => line.split(':'))
        .filter((parts): parts is [string, string] => parts.length === 2)
        .map(([key, value]) => [key, value]),
    );
  }
  const fields: Record<string, string> = {};
  if (Array.isArray(reply)) {
    for (let index = 0; index + 1 < reply.length; index += 2) {
      fields[String(reply[index])] = String(reply[index + 1]);
    }
  }
  return fields;
}

async function replicationOf(port: number): Promise<Record<string, string> | undefined> {
  try {
    return fieldsOf(await askRedis(port, (client) => client.info('replication')));
  } catch {
    return undefined;
  }
}

/** The master port a sentinel names; undefined when it does not answer. */
async function namedMasterPort(sentinelPort: number): Promise<number | undefined> {
  try {
    const reply = await askRedis(sentinelPort, (client) =>
      client.call('SENTINEL', 'get-master-addr-by-name', MASTER_NAME),
    );
    return Array.isArray(reply) && reply.length === 2 ? Number(reply[1]) : undefined;
  } catch {
    return undefined;
  }
}

class RedisMember implements RedisNode {
  readonly host: string;
  readonly process: MemberProcess;

  constructor(
    readonly name: string,
    readonly port: number,
    readonly dir: string,
    readonly confFile: string,
    binary: string,
    readonly sentinel: boolean,
    /** What a restart waits for beyond PING. */
    private readonly settle: (member: RedisMember) => Promise<void>,
  ) {
    this.host = `127.0.0.1:${String(port)}`;
    this.process = new MemberProcess(name, async () => {
      await killLeftover(redisPidFile(dir), 'redis-server');
      return spawnManaged(
        sentinel ? 'redis-sentinel' : 'redis-server',
        binary,
        sentinel ? [confFile, '--sentinel'] : [confFile],
        { stdio: 'ignore' },
      );
    });
  }

  async start(): Promise<void> {
    const child = await this.process.start();
    await waitForRedisPing(this.name, this.port, child, redisLogFile(this.dir), 60_000);
  }

  pid(): number | undefined {
    return this.process.pid();
  }

  signal(signal: NodeJS.Signals): void {
    this.process.signal(signal);
  }

  isRunning(): boolean {
    return this.process.isRunning();
  }

  async restart(): Promise<void> {
    await this.process.waitUntilExited();
    await this.start();
    await this.settle(this);
  }
}

export async function startSentinelGroup(options: SentinelGroupOptions): Promise<SentinelGroup> {
  const { binary, persistent } = options;
  const lastMasterFile = path.join(options.dataDir, LAST_MASTER_FILE);
  const member = (name: string, port: number, sentinel: boolean) => {
    const dir = path.join(options.dataDir, name);
    const confFile = path.join(dir, sentinel ? 'sentinel.conf' : 'redis.conf');
    return new RedisMember(name, port, dir, confFile, binary, sentinel, (restarted) =>
      sentinel ? sentinelKnowsMaster(restarted) : roleSettled(restarted),
    );
  };
  const nodes = options.nodes.map(({ name, port }) => member(name, port, false));
  const sentinels = options.sentinels.map(({ name, port }) => member(name, port, true));
  const everyone = [...sentinels, ...nodes];

  const keptMaster =
    persistent && existsSync(lastMasterFile)
      ? readFileSync(lastMasterFile, 'utf8').trim()
      : undefined;
  const first = nodes.find((node) => node.name === keptMaster) ?? nodes[0];
  const replica = nodes.find((node) => node !== first);
  if (!first || !replica || sentinels.length < 3) {
    throw new Error('Redis under Sentinel needs two data nodes and three sentinels');
  }

  const nodeAt = (port: number | undefined) => nodes.find((node) => node.port === port);

  /** The port each live sentinel names; undefined for one that does not answer. */
  const namedPorts = () =>
    Promise.all(
      sentinels
        .filter((sentinel) => sentinel.process.isLive())
        .map((sentinel) => namedMasterPort(sentinel.port)),
    );

  /** In the middle of a failover the sentinels disagree for a moment: the most named wins. */
  const master = async (): Promise<RedisMember> => {
    const votes = new Map<number, number>();
    for (const port of await namedPorts()) {
      if (port !== undefined) votes.set(port, (votes.get(port) ?? 0) + 1);
    }
    const [port] = [...votes.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
    const node = nodeAt(port);
    if (!node) throw new Error(`no sentinel names a master of ${MASTER_NAME} that we run`);
    return node;
  };

  let lastSeen = '';
  const waitForMaster = (
    waitOptions: { not?: RedisNode; timeoutMs?: number } = {},
  ): Promise<RedisMember> =>
    pollFor(
      waitOptions.not
        ? `a Redis master other than ${waitOptions.not.name}`
        : `a Redis master of ${MASTER_NAME}`,
      async () => {
        const ports = await namedPorts();
        lastSeen = `sentinels name ${ports.map((port) => nodeAt(port)?.name ?? String(port)).join(', ')}`;
        const [port] = ports;
        if (ports.length < QUORUM || ports.some((named) => named !== port)) return undefined;
        const node = nodeAt(port);
        if (!node || node === waitOptions.not || !node.process.isLive()) return undefined;
        const role = (await replicationOf(node.port))?.role;
        lastSeen += `; ${node.name} says ${role ?? 'nothing'}`;
        return role === 'master' ? node : undefined;
      },
      { timeoutMs: waitOptions.timeoutMs ?? 60_000, lastSeen: () => lastSeen },
    );

  /** Master if the sentinels name it, else a replica of the one they name, its link up. */
  async function roleSettled(node: RedisMember): Promise<void> {
    await pollFor(
      `${node.name} settled as master or replica`,
      async () => {
        const named = await master();
        const replication = await replicationOf(node.port);
        if (named === node) return replication?.role === 'master' ? true : undefined;
        return replication?.role === 'slave' &&
          replication.master_link_status === 'up' &&
          Number(replication.master_port) === named.port
          ? true
          : undefined;
      },
      {
        timeoutMs: 60_000,
        failed: () => (node.process.isRunning() ? undefined : 'it exited'),
      },
    );
  }

  /** At start the sentinels are not there yet to name the master: the replica's own view. */
  async function linkedTo(node: RedisMember, of: RedisMember): Promise<void> {
    await pollFor(
      `${node.name} replicating ${of.name}`,
      async () => {
        const replication = await replicationOf(node.port);
        return replication?.master_link_status === 'up' &&
          Number(replication.master_port) === of.port
          ? true
          : undefined;
      },
      {
        timeoutMs: 60_000,
        failed: () =>
          node.process.isRunning() && of.process.isRunning() ? undefined : 'it exited',
      },
    );
  }

  async function sentinelKnowsMaster(sentinel: RedisMember): Promise<void> {
    await pollFor(
      `${sentinel.name} naming a master`,
      async () => ((await namedMasterPort(sentinel.port)) !== undefined ? true : undefined),
      { timeoutMs: 30_000, failed: () => (sentinel.process.isRunning() ? undefined : 'it exited') },
    );
  }

  /** Sentinel finds the replica from the master's INFO and the other sentinels by its hellos. */
  async function sentinelSeesEveryone(sentinel: RedisMember): Promise<void> {
    let seen = '';
    await pollFor(
      `${sentinel.name} seeing the replica and the other sentinels`,
      async () => {
        const fields = fieldsOf(
          await askRedis(sentinel.port, (client) => client.call('SENTINEL', 'master', MASTER_NAME)),
        );
        seen = `flags ${String(fields.flags)}, ${String(fields['num-slaves'])} replica(s), ${String(fields['num-other-sentinels'])} other sentinel(s)`;
        return fields.flags === 'master' &&
          Number(fields['num-slaves']) >= 1 &&
          Number(fields['num-other-sentinels']) >= sentinels.length - 1
          ? true
          : undefined;
      },
      {
        timeoutMs: 60_000,
        lastSeen: () => seen,
        failed: () => (sentinel.process.isRunning() ? undefined : 'it exited'),
      },
    );
  }

  const stop = async () => {
    if (persistent) {
      const current = await master().catch(() => undefined);
      if (current) writeFileSync(lastMasterFile, `${current.name}\n`);
    }
    // Sentinels first: with them watching, stopping the master would start a failover.
    const signal = persistent ? 'SIGTERM' : 'SIGKILL';
    await Promise.allSettled(sentinels.map((sentinel) => sentinel.process.stop(signal, 10_000)));
    await Promise.allSettled(nodes.map((node) => node.process.stop(signal, 10_000)));
  };

  try {
    for (const node of nodes) {
      mkdirSync(node.dir, { recursive: true });
      writeConf(node.confFile, [
        ...dataNodeSettings({ dataDir: node.dir, port: node.port, persistent }),
        // A master waits 5 s by default for more replicas to share a full sync with: there is
        // only ever the one, and a rejoining old master would wait too.
        ['repl-diskless-sync-delay', '0'],
        ...(node === replica
          ? [['replicaof', '127.0.0.1', String(first.port)] as RedisSetting]
          : []),
      ]);
    }
    await Promise.all(nodes.map((node) => node.start()));
    // Sentinel looks for replicas in the master's INFO every 10 s: a replica that is already
    // linked when they start is found on their first look.
    await linkedTo(replica, first);
    await Promise.all(
      sentinels.map(async (sentinel) => {
        mkdirSync(sentinel.dir, { recursive: true });
        writeConf(sentinel.confFile, [
          ['bind', '127.0.0.1'],
          ['port', String(sentinel.port)],
          ['dir', sentinel.dir],
          ['pidfile', redisPidFile(sentinel.dir)],
          ['logfile', redisLogFile(sentinel.dir)],
          ['daemonize', 'no'],
          ['sentinel', 'monitor', MASTER_NAME, '127.0.0.1', String(first.port), String(QUORUM)],
          ...SENTINEL_TIMINGS,
        ]);
        await sentinel.start();
      }),
    );
    await Promise.all(sentinels.map(sentinelSeesEveryone));
  } catch (error) {
    await Promise.allSettled(everyone.map((one) => one.process.stop('SIGKILL', 5_000)));
    throw error;
  }

  const stateOf = async (one: RedisMember): Promise<string> => {
    if (!one.process.isRunning()) return 'not running';
    if (one.process.isFrozen()) return 'frozen (SIGSTOP)';
    if (one.sentinel) {
      const port = await namedMasterPort(one.port);
      if (port === undefined) return 'not answering';
      return `sentinel: ${MASTER_NAME} is ${nodeAt(port)?.name ?? '?'} (127.0.0.1:${String(port)})`;
    }
    const replication = await replicationOf(one.port);
    if (!replication) return 'not answering';
    if (replication.role === 'master') return 'master';
    const of = nodeAt(Number(replication.master_port));
    return `replica of ${of?.name ?? String(replication.master_port)}, link ${String(replication.master_link_status)}`;
  };

  const sentinelList = sentinels.map((sentinel) => sentinel.host).join(',');
  return {
    masterName: MASTER_NAME,
    nodes,
    sentinels,
    master,
    waitForMaster,
    async describe() {
      return Promise.all(
        [...nodes, ...sentinels].map(async (one) => {
          const pid = one.pid();
          return `${one.name.padEnd(11)} ${`redis://${one.host}`.padEnd(26)} ${await stateOf(one)}${pid ? ` (pid ${String(pid)})` : ''}`;
        }),
      );
    },
    service: {
      name: 'Redis',
      description: `${MASTER_NAME} through sentinels ${sentinelList} (a master, a replica, quorum ${String(QUORUM)})`,
      get pids() {
        return everyone.flatMap((one) => one.pid() ?? []);
      },
      stop,
    },
    stop,
  };
}
