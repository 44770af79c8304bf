import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../../api/src/bookings/booking-model';
import { ContactMessageModel } from '../../api/src/contact/contact-message-model';
import { QueueName } from '../../api/src/jobs/job-definitions';
import { JobOutboxModel } from '../../api/src/jobs/job-outbox-model';
import { SubscriberModel } from '../../api/src/newsletter/subscriber-model';
import { connectMongo, disconnectMongo } from '../../api/src/platform/mongo';
import { createRedis } from '../../api/src/platform/redis';
import { freePort } from '../../infra/local/ports';
import { startRedis, type RedisService } from '../../infra/local/redis';
import { startBackEndProcesses, type BackEndProcesses } from '../support/back-end-processes';
import { bookingFields } from '../support/booking-form';
import { eventually } from '../support/poll';
import { jobsSettled, queuesOf } from '../support/settled-jobs';
import { startTestSmtp, type TestSmtp } from '../support/test-smtp';
import { testEmail, testEnv } from '../support/test-env';
import { fetchTimed } from '../support/timed-fetch';

const OUTAGE_MS = 20_000;
const REQUEST_EVERY_MS = 150;
/** "Answered within a few seconds": a job Redis cannot take waits 1.5 s at most per add. */
const ANSWER_WITHIN_MS = 5_000;

type Kind = 'estimate' | 'paid' | 'contact' | 'subscribe';
const KINDS: Kind[] = ['estimate', 'paid', 'contact', 'subscribe'];

/** One request of the traffic, and what became of it. */
interface Sent {
  kind: Kind;
  /** The address only this request uses: its emails are found by it. */
  email: string;
  startedAt: number;
  status?: number;
  contentType?: string;
  body?: Record<string, unknown>;
  ms?: number;
  /** The request got no answer at all (it hung past the abort, or the connection failed). */
  failure?: string;
}

interface Mail {
  to: string[];
  subject: string;
  replyTo: string[];
}

describe('Redis stopped for 20 s under booking and contact traffic, then started again', () => {
  // A redis-server of this test's own, persistent like production's AOF: stopping the shared one
  // would break every other test file.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hs-fault-redis-'));
  const inbox = testEmail('business');
  let port: number;
  let redis: RedisService | undefined;
  let smtp: TestSmtp;
  let env: Record<string, string>;
  let backEnd: BackEndProcesses;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis({ dataDir, port, persistent: true }, () => undefined);
    smtp = await startTestSmtp();
    env = testEnv({
      LOG_LEVEL: 'info',
      REDIS_URL: redis.url,
      SMTP_URL: smtp.url,
      BUSINESS_INBOX: inbox,
      // The traffic comes from one address: the limits are not what this test is about.
      FORM_RATE_LIMIT_MAX: '100000',
    });
    await connectMongo({ url: env.MONGO_URL ?? '', dbName: env.MONGO_DB });
    backEnd = await startBackEndProcesses(env);
  });
  afterAll(async () => {
    await backEnd.close();
    await disconnectMongo();
    await smtp.close();
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Waits until requests of every kind started after `since` have been accepted. */
  const everyKindAcceptedSince = (sent: readonly Sent[], since: number) =>
    eventually(
      async () => {
        await Promise.resolve();
        const accepted = sent.filter(
          (entry) => entry.startedAt >= since && (entry.status === 200 || entry.status === 201),
        );
        expect(new Set(accepted.map((entry) => entry.kind))).toEqual(new Set(KINDS));
      },
      { timeoutMs: 60_000 },
    );

  const call = (pathname: string, init: RequestInit = {}) =>
    fetchTimed(`${backEnd.api.url}${pathname}`, init, 30_000);

  const postJson = (pathname: string, body: unknown) =>
    call(pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  function requestFor(kind: Kind, email: string) {
    if (kind === 'contact') {
      return postJson('/api/contact', {
        fullName: 'Maya Singh',
        email,
        phone: '416-555-0199',
        subject: 'Fence repair',
        message: 'Can you look at a fence next week?',
      });
    }
    if (kind === 'subscribe') return postJson('/api/subscribe', { email });
    const fields = bookingFields({
      email,
      ...(kind === 'estimate' ? { plan: 'Custom Estimate' } : {}),
    });
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return call('/api/bookings', { method: 'POST', body: form });
  }

  /** Sends one request of each kind in turn, every REQUEST_EVERY_MS, without waiting for answers. */
  function startTraffic() {
    const sent: Sent[] = [];
    const answered: Promise<void>[] = [];
    let next = 0;
    const timer = setInterval(() => {
      const kind = KINDS[next % KINDS.length] ?? 'contact';
      next += 1;
      const entry: Sent = { kind, email: testEmail(kind), startedAt: Date.now() };
      sent.push(entry);
      answered.push(
        requestFor(kind, entry.email).then(
          (answer) => void Object.assign(entry, answer),
          (error: unknown) => {
            entry.failure = String(error);
          },
        ),
      );
    }, REQUEST_EVERY_MS);
    return {
      sent,
      async stop() {
        clearInterval(timer);
        await Promise.all(answered);
      },
    };
  }

  /** What the SMTP server received, parsed (subjects may be folded over several header lines). */
  const parsed = new Map<number, Mail>();
  async function mails(): Promise<Mail[]> {
    for (let index = parsed.size; index < smtp.received.length; index += 1) {
      const received = smtp.received[index];
      if (!received) break;
      const message = await simpleParser(received.raw);
      parsed.set(index, {
        to: received.to,
        subject: message.subject ?? '',
        replyTo: message.replyTo?.value.map((address) => address.address ?? '') ?? [],
      });
    }
    return [...parsed.values()];
  }

  /** The emails each accepted request must have caused, each counted where it arrived. */
  function emailCounts(entry: Sent, all: Mail[]): Record<string, number> {
    const toCustomer = all.filter((mail) => mail.to.includes(entry.email)).length;
    const toBusiness = (match: (mail: Mail) => boolean) =>
      all.filter((mail) => mail.to.includes(inbox) && match(mail)).length;
    if (entry.kind === 'contact') {
      return {
        acknowledgement: toCustomer,
        notification: toBusiness((mail) => mail.replyTo.includes(entry.email)),
      };
    }
    if (entry.kind === 'subscribe') return { confirmation: toCustomer };
    const booking = entry.body?.booking as { reference?: string } | undefined;
    const reference = booking?.reference ?? '(no reference)';
    const notification = toBusiness((mail) => mail.subject.includes(reference));
    // A paid booking's customer hears from us once it is paid; nothing is due before that.
    return entry.kind === 'estimate'
      ? { acknowledgement: toCustomer, notification }
      : { customer: toCustomer, notification };
  }

  const expectedCounts = (kind: Kind): Record<string, number> =>
    ({
      contact: { acknowledgement: 1, notification: 1 },
      subscribe: { confirmation: 1 },
      estimate: { acknowledgement: 1, notification: 1 },
      paid: { customer: 0, notification: 1 },
    })[kind];

  async function storedFor(entry: Sent): Promise<number> {
    if (entry.kind === 'contact') return ContactMessageModel.countDocuments({ email: entry.email });
    if (entry.kind === 'subscribe') return SubscriberModel.countDocuments({ email: entry.email });
    return BookingModel.countDocuments({ email: entry.email });
  }

  it('answers every request at once, loses no accepted work and sends each email once', async () => {
    expect((await call('/readyz')).status).toBe(200);
    const traffic = startTraffic();
    // The product at work before the outage: each kind of request answered and accepted.
    await everyKindAcceptedSince(traffic.sent, 0);

    await redis?.stop();
    redis = undefined;
    const outageStarted = Date.now();
    const notReady = await eventually(async () => {
      const answer = await call('/readyz');
      expect(answer.status).toBe(503);
      return answer;
    });
    expect(notReady.body.down).toContain('redis');
    // Jobs produced meanwhile wait in MongoDB.
    await eventually(async () => {
      expect(await JobOutboxModel.countDocuments()).toBeGreaterThan(0);
    });

    await sleep(outageStarted + OUTAGE_MS - Date.now());
    redis = await startRedis({ dataDir, port, persistent: true }, () => undefined);
    const outageEnded = Date.now();
    // And after it: ready again, and each kind of request accepted once more.
    await eventually(async () => expect((await call('/readyz')).status).toBe(200), {
      timeoutMs: 60_000,
    });
    await everyKindAcceptedSince(traffic.sent, outageEnded);
    // The limits count again once the limiter's own connection is back, which on a loaded machine
    // may come after readiness: the traffic goes on until the API says so.
    await backEnd.api.process.waitForOutput(/rate limits are back on/, 60_000);
    await traffic.stop();
    const { sent } = traffic;

    // Every request got an answer, and at once.
    for (const entry of sent) {
      expect({ kind: entry.kind, failure: entry.failure }).toEqual({
        kind: entry.kind,
        failure: undefined,
      });
      expect(entry.ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    const accepted = sent.filter((entry) => entry.status === 200 || entry.status === 201);
    const refused = sent.filter((entry) => !accepted.includes(entry));
    // Accepted means accepted, Redis or not: nothing is turned away for an outage of Redis.
    const duringOutage = accepted.filter(
      (entry) => entry.startedAt > outageStarted + 1_000 && entry.startedAt < outageEnded,
    );
    expect(duringOutage.length).toBeGreaterThan((OUTAGE_MS / REQUEST_EVERY_MS) * 0.8);
    expect(new Set(duringOutage.map((entry) => entry.kind))).toEqual(new Set(KINDS));
    // Any refusal is a clear 503 that left nothing behind.
    for (const entry of refused) {
      expect({ kind: entry.kind, status: entry.status }).toEqual({ kind: entry.kind, status: 503 });
      expect(entry.contentType).toMatch(/^application\/json/);
      expect(entry.body?.error).toEqual(expect.any(String));
      expect(await storedFor(entry)).toBe(0);
    }
    for (const entry of accepted) expect(await storedFor(entry)).toBe(1);

    // Every accepted request's emails arrive once Redis is back, and the outbox empties.
    await eventually(
      async () => {
        expect(await JobOutboxModel.countDocuments()).toBe(0);
        const all = await mails();
        for (const entry of accepted) {
          const counts = emailCounts(entry, all);
          expect({ kind: entry.kind, email: entry.email, counts }).toEqual({
            kind: entry.kind,
            email: entry.email,
            counts: expectedCounts(entry.kind),
          });
        }
      },
      { timeoutMs: 150_000, intervalMs: 1_000 },
    );
    // ...and stay at one each: no late duplicate from a job relayed twice, once every job due
    // has run (the payment timers stay for later).
    const queues = queuesOf(env);
    try {
      await jobsSettled(queues, { timeoutMs: 60_000 });
    } finally {
      await queues.close();
    }
    const all = await mails();
    for (const entry of accepted) {
      expect(emailCounts(entry, all)).toEqual(expectedCounts(entry.kind));
    }
    expect(await JobOutboxModel.countDocuments()).toBe(0);

    // The unpaid bookings' payment timers were not lost either: each is waiting on its queue.
    const connection = createRedis(`redis://127.0.0.1:${String(port)}`);
    const bookings = new Queue(QueueName.Bookings, { connection, prefix: env.QUEUE_PREFIX });
    try {
      for (const entry of accepted.filter((candidate) => candidate.kind === 'paid')) {
        const booking = entry.body?.booking as { id: string };
        const timer = await bookings.getJob(`release-${booking.id}`);
        expect(await timer?.getState()).toBe('delayed');
      }
    } finally {
      await bookings.close();
      connection.disconnect();
    }

    // Nothing crashed, and the outage was said once rather than once per request.
    const { api, workers } = backEnd;
    expect(api.process.child.exitCode).toBeNull();
    expect(workers.child.exitCode).toBeNull();
    const apiLog = api.process.output();
    expect(apiLog.match(/rate limits are off while redis is unreachable/g)).toHaveLength(1);
    expect(apiLog).toMatch(/rate limits are back on/);
    expect(apiLog).toMatch(/keeping them in the MongoDB outbox/);
    expect(apiLog).toMatch(/jobs kept while redis was away are queued/);
    expect(apiLog + workers.output()).not.toMatch(/unhandled|uncaught/i);
  });
});
