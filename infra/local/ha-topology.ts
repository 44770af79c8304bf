import path from 'node:path';
import { startReplicaSet, type MongoMember, type ReplicaSet } from './mongo-replica-set';
import { freePort } from './ports';
import { ensureRedisServer } from './redis';
import {
  MASTER_NAME,
  startSentinelGroup,
  type RedisNode,
  type SentinelGroup,
} from './redis-sentinel';
import type { LocalService, LogLine } from './service';

export type { MongoMember } from './mongo-replica-set';
export type { RedisNode } from './redis-sentinel';

export interface HaTopology {
  env: { MONGO_URL: string; REDIS_SENTINELS: string; REDIS_SENTINEL_NAME: string };
  mongo: {
    url: string;
    members: MongoMember[];
    /** The member that is PRIMARY now, asking the members directly (directConnection); undefined during an election. */
    primary(): Promise<MongoMember | undefined>;
    /**
     * Waits (up to timeoutMs, default 60 s) for a primary, optionally one other than `not`, and
     * for every running member to be PRIMARY or SECONDARY. A member frozen by SIGSTOP answers
     * nothing and is left out until it is continued.
     */
    waitForPrimary(options?: { not?: MongoMember; timeoutMs?: number }): Promise<MongoMember>;
    /**
     * replSetStepDown on the current primary (stepDownSecs default 10, secondaryCatchUpPeriodSecs
     * 5); resolves with the member that stepped down, once it no longer is PRIMARY.
     */
    stepDown(seconds?: number): Promise<MongoMember>;
  };
  redis: {
    masterName: string;
    /** The two data nodes. */
    nodes: RedisNode[];
    /** Three. */
    sentinels: RedisNode[];
    /** The data node the sentinels currently name as master (SENTINEL get-master-addr-by-name). */
    master(): Promise<RedisNode>;
    /** Waits until the sentinels name a master other than `not`, and it answers ROLE as master. */
    waitForMaster(options?: { not?: RedisNode; timeoutMs?: number }): Promise<RedisNode>;
  };
  /** For printing and stopping. */
  services: LocalService[];
  /** One line per member: address and role, for the launcher to print. */
  describe(): Promise<string[]>;
  stop(): Promise<void>;
}

export interface HaTopologyOptions {
  /** The topology keeps its data under `<dataDir>/ha`, apart from the single servers'. */
  dataDir: string;
  /** `npm start` keeps data between runs and prefers stable ports; tests throw both away. */
  persistent: boolean;
  log: LogLine;
}

/**
 * Ports `npm start --ha` tries first, apart from the single topology's (stack.ts), so both can
 * keep their data side by side and a kept replica-set config stays valid.
 */
export const HA_STABLE_PORTS = {
  mongo: [27021, 27022, 27023],
  redis: [6381, 6382],
  sentinels: [26380, 26381, 26382],
};

/**
 * One port after another: two free ports asked for at the same time may be the same one, since
 * nothing holds a port between being found free and its server binding it.
 */
async function distinctPorts(preferred: number[], persistent: boolean): Promise<number[]> {
  const ports: number[] = [];
  for (const wanted of preferred) {
    let port = await freePort(persistent ? wanted : undefined);
    while (ports.includes(port)) port = await freePort();
    ports.push(port);
  }
  return ports;
}

/**
 * The production shape in miniature: a three-member MongoDB replica set (rs0) and Redis as a
 * master, a replica and three Sentinels, all on 127.0.0.1, so failovers can be caused and
 * watched on one machine.
 */
export async function startHaTopology(options: HaTopologyOptions): Promise<HaTopology> {
  const { persistent } = options;
  const dataDir = path.join(options.dataDir, 'ha');
  // Before anything starts: it may install redis-server, which takes a while.
  const binary = ensureRedisServer(options.log);
  const ports = await distinctPorts(
    [...HA_STABLE_PORTS.mongo, ...HA_STABLE_PORTS.redis, ...HA_STABLE_PORTS.sentinels],
    persistent,
  );
  const named = (prefix: string, from: number, count: number) =>
    ports
      .slice(from, from + count)
      .map((port, index) => ({ name: `${prefix}-${String(index + 1)}`, port }));
  const mongoCount = HA_STABLE_PORTS.mongo.length;
  const redisCount = HA_STABLE_PORTS.redis.length;

  // Both at once: neither waits on the other, and MongoDB's election is the longer wait.
  const [mongoStart, redisStart] = await Promise.allSettled([
    startReplicaSet({
      members: named('mongo', 0, mongoCount).map((member) => ({
        ...member,
        dataDir: path.join(dataDir, member.name),
      })),
      persistent,
    }),
    startSentinelGroup({
      dataDir,
      binary,
      persistent,
      nodes: named('redis', mongoCount, redisCount),
      sentinels: named('sentinel', mongoCount + redisCount, HA_STABLE_PORTS.sentinels.length),
    }),
  ]);
  if (mongoStart.status === 'rejected' || redisStart.status === 'rejected') {
    const started = [mongoStart, redisStart].flatMap((one) =>
      one.status === 'fulfilled' ? [one.value] : [],
    );
    await Promise.allSettled(started.map((one) => one.stop()));
    const [reason] = [mongoStart, redisStart].flatMap((started): unknown[] =>
      started.status === 'rejected' ? [started.reason] : [],
    );
    throw reason instanceof Error ? reason : new Error(String(reason));
  }
  return haTopology(mongoStart.value, redisStart.value);
}

function haTopology(mongo: ReplicaSet, redis: SentinelGroup): HaTopology {
  return {
    env: {
      MONGO_URL: mongo.url,
      REDIS_SENTINELS: redis.sentinels.map((sentinel) => sentinel.host).join(','),
      REDIS_SENTINEL_NAME: MASTER_NAME,
    },
    mongo: {
      url: mongo.url,
      members: mongo.members,
      primary: () => mongo.primary(),
      waitForPrimary: (options) => mongo.waitForPrimary(options),
      stepDown: (seconds) => mongo.stepDown(seconds),
    },
    redis: {
      masterName: redis.masterName,
      nodes: redis.nodes,
      sentinels: redis.sentinels,
      master: () => redis.master(),
      waitForMaster: (options) => redis.waitForMaster(options),
    },
    services: [mongo.service, redis.service],
    async describe() {
      const [mongoLines, redisLines] = await Promise.all([mongo.describe(), redis.describe()]);
      return [...mongoLines, ...redisLines];
    },
    async stop() {
      await Promise.allSettled([mongo.stop(), redis.stop()]);
    },
  };
}
