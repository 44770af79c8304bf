import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newBookingId } from '../src/bookings/booking-id';
import { freePort } from '../../infra/local/ports';
import { startRedis, type RedisService } from '../../infra/local/redis';
import { eventually } from '../../tests/support/poll';
import { testEnv } from '../../tests/support/test-env';
import { jobs, QueueName } from '../src/jobs/job-definitions';
import { JobOutbox, type QueuedJob } from '../src/jobs/job-outbox';
import { JobOutboxModel } from '../src/jobs/job-outbox-model';
import { JobProducer } from '../src/jobs/job-producer';
import { OutboxRelay } from '../src/jobs/outbox-relay';
import { createLogger } from '../src/platform/logger';
import { connectMongo, disconnectMongo } from '../src/platform/mongo';
import { createRedis, type Redis } from '../src/platform/redis';

const logger = createLogger({ name: 'test', level: 'silent' });
const objectId = () => new mongoose.Types.ObjectId().toHexString();

const contactJob = (jobId: string): QueuedJob => ({
  queue: QueueName.ContactEmails,
  name: jobs.contactNotification.name,
  jobId,
  data: { messageId: objectId() },
  options: {},
  runAt: null,
});

describe('the job outbox: claims, leases and removal', () => {
  const env = testEnv();
  const outbox = new JobOutbox();

  beforeAll(async () => {
    await connectMongo({ url: env.MONGO_URL ?? '', dbName: env.MONGO_DB });
  });
  afterAll(async () => {
    await disconnectMongo();
  });
  beforeEach(async () => {
    await JobOutboxModel.deleteMany({});
  });

  it('keeps one row per job, however many requests keep it and however close together', async () => {
    const job = contactJob(`contact-notify-${objectId()}`);
    await Promise.all([1, 2, 3, 4, 5].map(() => outbox.keep(job)));
    await outbox.keep(job);
    expect(await outbox.count()).toBe(1);
  });

  it('gives each row to one relay at a time, oldest first', async () => {
    const first = contactJob(`first-${objectId()}`);
    const second = contactJob(`second-${objectId()}`);
    await outbox.keep(first);
    await outbox.keep(second);

    const [a, b] = await Promise.all([outbox.claim('a', 60_000), outbox.claim('b', 60_000)]);
    expect([a?.jobId, b?.jobId].sort()).toEqual([first.jobId, second.jobId].sort());
    expect(await outbox.claim('c', 60_000)).toBeNull();
  });

  it('frees a row when its holder gives it back, but not for anyone else', async () => {
    await outbox.keep(contactJob(`given-back-${objectId()}`));
    const held = await outbox.claim('a', 60_000);
    if (!held) throw new Error('nothing to claim');

    await outbox.giveBack(held, 'b', new Error('not the holder'));
    expect(await outbox.claim('c', 60_000)).toBeNull();

    await outbox.giveBack(held, 'a', new Error('redis is not connected (reconnecting)'));
    const again = await outbox.claim('c', 60_000);
    expect(again?.jobId).toBe(held.jobId);
    const row = await JobOutboxModel.findById(held.rowId).lean();
    expect(row).toMatchObject({ leaseOwner: 'c', relayAttempts: 2, lastError: /reconnecting/ });
  });

  it('tries a row that Redis refused only after the rows not tried yet', async () => {
    const refused = contactJob(`refused-${objectId()}`);
    const waiting = contactJob(`waiting-${objectId()}`);
    await outbox.keep(refused);
    await outbox.keep(waiting);
    const first = await outbox.claim('a', 60_000);
    expect(first?.jobId).toBe(refused.jobId);
    if (first) await outbox.giveBack(first, 'a', new Error('refused'));
    expect((await outbox.claim('a', 60_000))?.jobId).toBe(waiting.jobId);
    expect((await outbox.claim('a', 60_000))?.jobId).toBe(refused.jobId);
  });

  it('lets another relay take a row whose lease has run out', async () => {
    await outbox.keep(contactJob(`expired-${objectId()}`));
    const held = await outbox.claim('slow', 50);
    expect(held).not.toBeNull();
    expect(await outbox.claim('other', 60_000)).toBeNull();
    // Claimed by the other relay as soon as the 50 ms lease has run out.
    await eventually(
      async () => expect((await outbox.claim('other', 60_000))?.jobId).toBe(held?.jobId),
      { intervalMs: 20 },
    );
  });

  it('removes a row once its job is queued, even after another relay took the lease', async () => {
    await outbox.keep(contactJob(`removed-${objectId()}`));
    const held = await outbox.claim('slow', 50);
    if (!held) throw new Error('nothing to claim');
    await eventually(async () => expect(await outbox.claim('other', 60_000)).not.toBeNull(), {
      intervalMs: 20,
    });
    await outbox.remove(held);
    expect(await outbox.count()).toBe(0);
  });
});

describe('a job added while Redis is unreachable', () => {
  // A redis-server of this test's own, on a port where nothing listens at first.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hs-outbox-redis-'));
  const env = testEnv();
  const outbox = new JobOutbox();
  let port: number;
  let redisServer: RedisService | undefined;
  let connection: Redis;
  let producer: JobProducer;

  beforeAll(async () => {
    await connectMongo({ url: env.MONGO_URL ?? '', dbName: env.MONGO_DB });
    await JobOutboxModel.deleteMany({});
    port = await freePort();
    connection = createRedis(`redis://127.0.0.1:${String(port)}`, { producer: true });
    connection.on('error', () => undefined);
    producer = new JobProducer(connection, env.QUEUE_PREFIX ?? '', {
      outbox,
      enqueueTimeoutMs: 500,
      logger,
    });
  });
  afterAll(async () => {
    await producer.close();
    connection.disconnect();
    await redisServer?.stop();
    await disconnectMongo();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is kept at once, and queued exactly once when Redis is back', async () => {
    const messageId = objectId();
    const bookingId = newBookingId();
    const addedAt = Date.now();
    const started = performance.now();
    // The same job twice (a retried request), and a delayed one.
    await producer.add(jobs.contactNotification, { messageId }, { jobId: `notify-${messageId}` });
    await producer.add(jobs.contactNotification, { messageId }, { jobId: `notify-${messageId}` });
    await producer.add(
      jobs.releaseUnpaidBooking,
      { bookingId },
      { jobId: `release-${bookingId}`, delayMs: 60_000 },
    );
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(await outbox.count()).toBe(2);

    // While Redis is away a relay claims nothing: no row is touched.
    const relays = [1, 2].map(() => new OutboxRelay({ outbox, producer, logger, pollMs: 60_000 }));
    expect(await relays[0]?.drain()).toBe(0);
    expect(await JobOutboxModel.countDocuments({ relayAttempts: { $gt: 0 } })).toBe(0);

    redisServer = await startRedis({ dataDir, port, persistent: false }, () => undefined);
    await eventually(async () => {
      await Promise.resolve();
      expect(producer.connected).toBe(true);
    });

    // Two API processes relaying at once share the rows between them.
    const moved = await Promise.all(relays.map((relay) => relay.drain()));
    expect(moved.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect(await outbox.count()).toBe(0);

    const contactQueue = producer.queue(QueueName.ContactEmails);
    const queued = await contactQueue.getJobs(['waiting', 'delayed', 'active']);
    expect(queued.map((job) => job.id)).toEqual([`notify-${messageId}`]);
    expect(queued[0]?.data).toEqual({ messageId });
    expect(queued[0]?.opts.attempts).toBe(jobs.contactNotification.options?.attempts);

    // The delayed job keeps its due time, not a fresh delay from when it was relayed.
    const release = await producer.queue(QueueName.Bookings).getJob(`release-${bookingId}`);
    expect(await release?.getState()).toBe('delayed');
    const dueAt = (release?.timestamp ?? 0) + (release?.delay ?? 0);
    expect(Math.abs(dueAt - (addedAt + 60_000))).toBeLessThan(3_000);
    expect(release?.delay).toBeLessThan(60_000);

    // Relayed again (kept a second time by a request whose add timed out but reached Redis):
    // BullMQ already has the id, so the queue still holds one job.
    await outbox.keep({
      queue: QueueName.ContactEmails,
      name: jobs.contactNotification.name,
      jobId: `notify-${messageId}`,
      data: { messageId },
      options: jobs.contactNotification.options ?? {},
      runAt: null,
    });
    expect(await relays[1]?.drain()).toBe(1);
    expect(await outbox.count()).toBe(0);
    expect(await contactQueue.getJobCounts('waiting', 'delayed', 'active')).toEqual({
      waiting: 1,
      delayed: 0,
      active: 0,
    });

    // With Redis up, a job goes straight to its queue.
    const direct = objectId();
    await producer.add(
      jobs.contactNotification,
      { messageId: direct },
      { jobId: `notify-${direct}` },
    );
    expect(await outbox.count()).toBe(0);
    expect(await contactQueue.getJob(`notify-${direct}`)).toBeDefined();
  });

  it('is kept when Redis is connected but does not answer, and still queued once', async () => {
    const pid = redisServer?.pids[0];
    if (!pid) throw new Error('no redis-server to pause');
    const messageId = objectId();
    const jobId = `notify-${messageId}`;
    const relay = new OutboxRelay({ outbox, producer, logger, pollMs: 60_000 });
    // Paused, Redis keeps its connections open: only the time limit notices.
    process.kill(pid, 'SIGSTOP');
    try {
      expect(producer.connected).toBe(true);
      const started = performance.now();
      await producer.add(jobs.contactNotification, { messageId }, { jobId });
      expect(performance.now() - started).toBeLessThan(1_500);
      expect(await outbox.count()).toBe(1);
      // A relay that cannot get it onto the queue gives the row back for the next try.
      expect(await relay.drain()).toBe(0);
      const row = await JobOutboxModel.findOne({ jobId }).lean();
      expect(row).toMatchObject({ relayAttempts: 1, leaseOwner: null, lastError: /500 ms/ });
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    // The add that timed out reaches Redis after all, and so does the relayed one: one job.
    expect(await relay.drain()).toBe(1);
    expect(await outbox.count()).toBe(0);
    const queue = producer.queue(QueueName.ContactEmails);
    await eventually(async () => {
      const queued = await queue.getJobs(['waiting', 'delayed', 'active']);
      expect(queued.filter((job) => job.id === jobId)).toHaveLength(1);
    });
  });
});
