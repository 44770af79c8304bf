import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue, Worker } from 'bullmq';
import express from 'express';
import { Redis as PlainRedis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnManaged, type ManagedChild } from '../../infra/local/child-processes';
import { freePort } from '../../infra/local/ports';
import { ensureRedisServer } from '../../infra/local/redis';
import { eventually } from '../../tests/support/poll';
import { uniqueId } from '../../tests/support/test-env';
import { loadRedisTarget, type RedisTarget } from '../src/config/redis-target';
import { errorHandler } from '../src/http/error-handler';
import { requestLogging } from '../src/http/request-logging';
import { QueueName, jobs } from '../src/jobs/job-definitions';
import type { QueuedJob } from '../src/jobs/job-outbox';
import { JobProducer } from '../src/jobs/job-producer';
import { createLogger } from '../src/platform/logger';
import { createRedis, isRedisUnavailable, type Redis } from '../src/platform/redis';

/**
 * createRedis through a real Sentinel: a master, a replica and one sentinel of this test's own
 * (quorum 1, so the one sentinel may fail over alone), started from Debian's redis-server.
 *
 * The sentinel cannot demote the old master after a failover (its SLAVEOF is disabled there):
 * the old master's own demotion drops its clients, which would move even a client that ignores
 * the sentinels, so without it only the failover detector can move a client that sends nothing.
 * The last test demotes it by hand, as the sentinel would have.
 */

const MASTER_NAME = 'hs-master';
/** REPLICAOF on the first master, under a name the sentinel does not know. */
const DEMOTE = 'hs-test-replicaof';
const QUEUE = 'sentinel-jobs';
const logger = createLogger({ name: 'test', level: 'silent' });

describe('Redis through Sentinel', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hs-sentinel-'));
  const servers: ManagedChild[] = [];
  /** Plain ioredis clients to one server each: how the test looks at the servers themselves. */
  const probes: PlainRedis[] = [];
  const clients: Redis[] = [];
  const prefix = `test-${uniqueId()}`;
  let masterPort: number;
  let replicaPort: number;
  let sentinelPort: number;
  let target: RedisTarget;
  let queue: Queue | undefined;
  let worker: Worker<number, string> | undefined;

  const probe = (port: number): PlainRedis => {
    const client = new PlainRedis(port, '127.0.0.1', {
      maxRetriesPerRequest: 0,
      retryStrategy: () => 200,
    });
    client.on('error', () => undefined);
    probes.push(client);
    return client;
  };

  /** A redis-server on `port`, answered once it answers PING. */
  async function startServer(port: number, args: string[]): Promise<PlainRedis> {
    const server = spawnManaged(
      'redis-server',
      ensureRedisServer(() => undefined),
      args,
      {
        stdio: 'ignore',
      },
    );
    servers.push(server);
    const client = probe(port);
    await eventually(async () => {
      expect(server.isRunning(), `redis-server ${args.join(' ')} exited`).toBe(true);
      expect(await client.ping()).toBe('PONG');
    });
    return client;
  }

  const dataNode = (port: number, ...more: string[]) => [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    // A replica's first sync has the master write an RDB file: in a folder of the test's own,
    // not the working directory.
    '--dir',
    mkdtempSync(path.join(tmpdir(), 'hs-sentinel-node-')),
    ...more,
  ];

  /** Tracks jobs the worker finished, so a test waits for its own job's completion. */
  const finished = new Map<string, unknown>();
  const completion = (jobId: string) =>
    eventually(async () => {
      await Promise.resolve();
      if (!finished.has(jobId)) throw new Error(`job ${jobId} not processed yet`);
      return finished.get(jobId);
    });

  beforeAll(async () => {
    masterPort = await freePort();
    await startServer(
      masterPort,
      dataNode(
        masterPort,
        '--rename-command',
        'SLAVEOF',
        '',
        '--rename-command',
        'REPLICAOF',
        DEMOTE,
      ),
    );
    replicaPort = await freePort();
    const replica = await startServer(
      replicaPort,
      dataNode(replicaPort, '--replicaof', '127.0.0.1', String(masterPort)),
    );
    await eventually(async () => {
      expect(await replica.info('replication')).toContain('master_link_status:up');
    });
    sentinelPort = await freePort();
    // Sentinel rewrites its configuration file as it learns: it must be a file of its own.
    const conf = path.join(dir, 'sentinel.conf');
    writeFileSync(
      conf,
      [
        `port ${String(sentinelPort)}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${MASTER_NAME} 127.0.0.1 ${String(masterPort)} 1`,
        `sentinel down-after-milliseconds ${MASTER_NAME} 2000`,
        `sentinel failover-timeout ${MASTER_NAME} 10000`,
        '',
      ].join('\n'),
    );
    const sentinel = await startServer(sentinelPort, [conf, '--sentinel']);
    // Ready once it names the master and has found the replica it would promote.
    await eventually(
      async () => {
        expect(await sentinel.call('SENTINEL', 'get-master-addr-by-name', MASTER_NAME)).toEqual([
          '127.0.0.1',
          String(masterPort),
        ]);
        const replicas = JSON.stringify(await sentinel.call('SENTINEL', 'replicas', MASTER_NAME));
        expect(replicas).toContain(String(replicaPort));
      },
      { timeoutMs: 30_000 },
    );
    // As a process reads it: the environment, through the schema, to one target.
    target = loadRedisTarget({
      REDIS_SENTINELS: `127.0.0.1:${String(sentinelPort)}`,
      REDIS_SENTINEL_NAME: MASTER_NAME,
    });
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await queue?.close();
    for (const client of [...clients, ...probes]) client.disconnect();
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    rmSync(dir, { recursive: true, force: true });
  });

  const connect = (options: { blocking?: boolean; producer?: boolean } = {}): Redis => {
    const client = createRedis(target, options);
    client.on('error', () => undefined);
    clients.push(client);
    return client;
  };

  it('finds the master through the sentinel, and runs a BullMQ job through it', async () => {
    expect(target).toEqual({
      sentinels: [{ host: '127.0.0.1', port: sentinelPort }],
      name: MASTER_NAME,
      sentinelPassword: undefined,
      password: undefined,
    });
    const client = connect();
    await eventually(async () => {
      expect(await client.set(`${prefix}:hello`, 'from the request path')).toBe('OK');
    });
    // Written on the master itself, which the client was never told the address of.
    expect(await probe(masterPort).get(`${prefix}:hello`)).toBe('from the request path');
    expect(client.stream.remotePort).toBe(masterPort);

    queue = new Queue(QUEUE, { connection: connect({ producer: true }), prefix });
    const started = new Worker<number, string>(
      QUEUE,
      (job) => Promise.resolve(`done ${String(job.data)}`),
      {
        connection: connect({ blocking: true }),
        prefix,
      },
    );
    started.on('completed', (job, result) => finished.set(job.id ?? '', result));
    started.on('error', () => undefined);
    worker = started;
    await queue.add('work', 1, { jobId: 'before-failover' });
    expect(await completion('before-failover')).toBe('done 1');

    // BullMQ's blocking connection is a duplicate of the one the Worker was given: it reached the
    // master by the sentinel too (connection names are the prefix and the queue's name, base64).
    const names = await probe(masterPort).call('CLIENT', 'LIST');
    expect(String(names)).toContain(`name=${prefix}:${Buffer.from(QUEUE).toString('base64')}`);
  });

  it('hands a job over only once the replica holds it, and alone when no replica is attached', async () => {
    const producer = new JobProducer(connect({ producer: true }), prefix, {
      replicasToAck: 1,
      enqueueTimeoutMs: 1_000,
    });
    const job = (jobId: string): QueuedJob => ({
      queue: QueueName.ContactEmails,
      name: jobs.contactNotification.name,
      jobId,
      data: { messageId: '6b0ccdfcb8d1d86997c1b5b8' },
      options: {},
      runAt: null,
    });
    const replica = probe(replicaPort);
    const onReplica = (jobId: string) =>
      replica.exists(`${prefix}:${QueueName.ContactEmails}:${jobId}`);
    try {
      await eventually(() => producer.tryEnqueue(job('replicated')));
      expect(await onReplica('replicated')).toBe(1);

      // A replica that has fallen behind (here: frozen) holds nothing new: the job is not
      // acknowledged, so the API keeps it in its MongoDB outbox rather than trust the master.
      const replicaProcess = servers[1];
      replicaProcess?.child.kill('SIGSTOP');
      try {
        await expect(producer.tryEnqueue(job('unreplicated'))).rejects.toThrow(
          /0 of 1 replicas took the job/,
        );
      } finally {
        replicaProcess?.child.kill('SIGCONT');
      }

      // The master alone (its replica gone, as after a failover whose old master is dead): the
      // job is taken, since there is nowhere else it could be kept.
      expect(await replica.call('REPLICAOF', 'NO', 'ONE')).toBe('OK');
      await eventually(async () => {
        expect(await probe(masterPort).info('replication')).toContain('connected_slaves:0');
      });
      await producer.tryEnqueue(job('alone'));
      expect(await probe(masterPort).exists(`${prefix}:${QueueName.ContactEmails}:alone`)).toBe(1);
    } finally {
      await replica.call('REPLICAOF', '127.0.0.1', String(masterPort));
      await eventually(
        async () => {
          expect(await replica.info('replication')).toContain('master_link_status:up');
          expect(await onReplica('alone')).toBe(1);
        },
        { timeoutMs: 30_000 },
      );
      await producer.close();
    }
  });

  it('follows a failover to the promoted replica before any command fails', async () => {
    const client = connect();
    await eventually(async () => {
      expect(await client.ping()).toBe('PONG');
    });
    expect(client.stream.remotePort).toBe(masterPort);

    const sentinel = probe(sentinelPort);
    await eventually(async () => {
      // NOGOODSLAVE until the sentinel has the replica's state fresh enough to promote it.
      expect(await sentinel.call('SENTINEL', 'failover', MASTER_NAME)).toBe('OK');
    });
    await eventually(
      async () => {
        expect(await sentinel.call('SENTINEL', 'get-master-addr-by-name', MASTER_NAME)).toEqual([
          '127.0.0.1',
          String(replicaPort),
        ]);
      },
      { timeoutMs: 30_000 },
    );
    // No command was sent: only the failover detector's subscription can have moved it.
    await eventually(async () => {
      await Promise.resolve();
      expect(client.status).toBe('ready');
      expect(client.stream.remotePort).toBe(replicaPort);
    });
    expect(await client.set(`${prefix}:after`, 'on the new master')).toBe('OK');
    expect(await probe(replicaPort).get(`${prefix}:after`)).toBe('on the new master');

    // The queue and the worker moved as well.
    if (!queue) throw new Error('the first test starts the queue');
    await queue.add('work', 2, { jobId: 'after-failover' });
    expect(await completion('after-failover')).toBe('done 2');
  });

  it('answers 503 with Retry-After for a write refused by the demoted master (READONLY)', async () => {
    // A client that still talks to the old master, as one does until it notices the failover.
    const stale = probe(masterPort);
    expect(await stale.call(DEMOTE, '127.0.0.1', String(replicaPort))).toBe('OK');
    expect(await stale.info('replication')).toContain('role:slave');
    const refused = await stale.set(`${prefix}:stale`, 'x').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(String(refused)).toMatch(/^ReplyError: READONLY /);
    expect(isRedisUnavailable(refused)).toBe(true);

    const app = express()
      .use(requestLogging(logger))
      .post('/write', (_req, _res, next) => {
        stale.set(`${prefix}:stale`, 'x').then(() => next(), next);
      })
      .use(errorHandler);
    const response = await request(app).post('/write');
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).toMatchObject({ code: 'unavailable' });
    expect(response.text).not.toMatch(/READONLY|127\.0\.0\.1/);
  });
});
