import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHaTopology, type HaTopology, type RedisNode } from '../../infra/local/ha-topology';
import { isAlive, processesMentioning } from '../support/processes';
import { scaled } from '../support/time-scale';

/** A connection straight to one node, whatever its role. */
async function onNode<T>(node: RedisNode, use: (client: Redis) => Promise<T>): Promise<T> {
  const client = new Redis({ host: '127.0.0.1', port: node.port, maxRetriesPerRequest: 1 });
  try {
    return await use(client);
  } finally {
    client.disconnect();
  }
}

/**
 * `npm start -- --ha` in miniature: three mongod in replica set rs0 and Redis as a master, a
 * replica and three Sentinels, on free ports with throw-away data. Failovers caused here are the
 * ones the fault tests build on, so each is waited for by what the servers say, not by the clock.
 */
describe('the high-availability topology (npm start -- --ha)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hs-ha-'));
  let ha: HaTopology;
  const startedPids: number[] = [];

  beforeAll(async () => {
    ha = await startHaTopology({ dataDir, persistent: false, log: () => undefined });
    startedPids.push(...ha.services.flatMap((service) => service.pids));
  });
  afterAll(async () => {
    await ha.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts three members with member 1 as primary, and Redis under three sentinels', async () => {
    expect(ha.mongo.members.map((member) => member.name)).toEqual([
      'mongo-1',
      'mongo-2',
      'mongo-3',
    ]);
    expect(ha.mongo.members.every((member) => member.isRunning())).toBe(true);
    expect((await ha.mongo.primary())?.name).toBe('mongo-1');
    const hosts = ha.mongo.members.map((member) => member.host).join(',');
    expect(ha.env.MONGO_URL).toBe(`mongodb://${hosts}/?replicaSet=rs0`);

    expect(ha.redis.nodes).toHaveLength(2);
    expect(ha.redis.sentinels).toHaveLength(3);
    expect(ha.env.REDIS_SENTINELS).toBe(ha.redis.sentinels.map((node) => node.host).join(','));
    expect(ha.env.REDIS_SENTINEL_NAME).toBe('hs-master');
    expect(ha.env).not.toHaveProperty('REDIS_URL');
    expect((await ha.redis.master()).name).toBe('redis-1');

    const lines = await ha.describe();
    expect(lines).toHaveLength(8);
    expect(lines[0]).toMatch(/^mongo-1 .*PRIMARY/);
    expect(lines.filter((line) => /SECONDARY/.test(line))).toHaveLength(2);
    expect(lines.find((line) => line.startsWith('redis-2'))).toMatch(/replica of redis-1, link up/);
    expect(startedPids).toHaveLength(8);
  });

  it('elects another primary after a step-down, keeping what was written with majority', async () => {
    const client = new MongoClient(ha.mongo.url, { serverSelectionTimeoutMS: scaled(30_000) });
    try {
      const visits = client.db('ha-test').collection<{ _id: string }>('visits');
      await visits.insertOne({ _id: 'before-step-down' }, { writeConcern: { w: 'majority' } });

      const old = await ha.mongo.stepDown();
      expect(old.name).toBe('mongo-1');
      const next = await ha.mongo.waitForPrimary({ not: old, timeoutMs: scaled(60_000) });
      expect(['mongo-2', 'mongo-3']).toContain(next.name);
      expect((await ha.mongo.primary())?.name).toBe(next.name);

      // The driver follows the new primary on its own.
      await visits.insertOne({ _id: 'after-step-down' }, { writeConcern: { w: 'majority' } });
      expect(await visits.countDocuments()).toBe(2);
    } finally {
      await client.close();
    }
  });

  it('promotes the replica when the Redis master is killed, and the old master rejoins as its replica', async () => {
    const old = await ha.redis.master();
    const oldPid = old.pid();
    await onNode(old, async (client) => {
      await client.set('ha-test:before-kill', 'kept');
      // Replication is asynchronous: WAIT makes sure the replica has the key before the kill.
      expect(await client.wait(1, 5_000)).toBe(1);
    });

    old.signal('SIGKILL');
    const promoted = await ha.redis.waitForMaster({ not: old, timeoutMs: scaled(60_000) });
    expect(promoted.name).not.toBe(old.name);
    expect(old.isRunning()).toBe(false);
    expect(await onNode(promoted, (client) => client.get('ha-test:before-kill'))).toBe('kept');

    await old.restart();
    expect(old.pid()).not.toBe(oldPid);
    expect((await ha.redis.master()).name).toBe(promoted.name);
    const role = await onNode(old, (client) => client.info('replication'));
    expect(role).toMatch(/^role:slave$/m);
    expect(role).toMatch(new RegExp(`^master_port:${String(promoted.port)}$`, 'm'));
    expect(role).toMatch(/^master_link_status:up$/m);
    expect(await onNode(old, (client) => client.get('ha-test:before-kill'))).toBe('kept');
  }, 120_000);

  it('stops everything, leaving no process behind', async () => {
    const pids = [...startedPids, ...ha.services.flatMap((service) => service.pids)];
    await ha.stop();
    expect(pids.filter(isAlive)).toEqual([]);
    expect(processesMentioning(dataDir)).toEqual([]);
    expect(ha.mongo.members.some((member) => member.isRunning())).toBe(false);
    expect([...ha.redis.nodes, ...ha.redis.sentinels].some((node) => node.isRunning())).toBe(false);
  });
});
