import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMongod, type MongodService } from '../../infra/local/mongod';
import { freePort } from '../../infra/local/ports';
import { startApiAndWorkers, type ProductHarness } from '../../tests/support/api-harness';
import {
  startBackEndProcesses,
  type BackEndProcesses,
} from '../../tests/support/back-end-processes';
import { bookingFields, withFields } from '../../tests/support/booking-form';
import { eventually } from '../../tests/support/poll';
import { testEmail, testEnv } from '../../tests/support/test-env';
import { fetchTimed, type TimedAnswer } from '../../tests/support/timed-fetch';
import { BookingModel } from '../src/bookings/booking-model';
import { testPaymentMethodFor } from '../src/domain/payment/test-cards';

/** How long the primary refuses to stand again: the election the processes must ride out. */
const NO_PRIMARY_SECONDS = 15;

describe('a MongoDB election under the running API and workers processes', () => {
  // A mongod of this test's own: stepping the shared one down would fail every other test file.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hs-election-'));
  let mongod: MongodService;
  let admin: MongoClient;
  let backEnd: BackEndProcesses;
  let workersHealth: string;

  beforeAll(async () => {
    mongod = await startMongod({ dataDir, port: await freePort(), persistent: false });
    admin = new MongoClient(`mongodb://127.0.0.1:${String(mongod.port)}/?directConnection=true`, {
      serverSelectionTimeoutMS: 2_000,
    });
    backEnd = await startBackEndProcesses(
      testEnv({ MONGO_URL: mongod.url, LOG_LEVEL: 'info', FORM_RATE_LIMIT_MAX: '1000' }),
      { WORKERS_HEALTH_PORT: '0' },
    );
    const port = /"port":(\d+)[^\n]*"msg":"health checks listening"/.exec(
      backEnd.workers.output(),
    )?.[1];
    workersHealth = `http://127.0.0.1:${port ?? ''}`;
  }, 120_000);
  afterAll(async () => {
    await backEnd.close();
    await admin.close();
    await mongod.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (url: string, init: RequestInit = {}): Promise<TimedAnswer> =>
    fetchTimed(url, init, 30_000);
  const contact = () =>
    call(`${backEnd.api.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        fullName: 'Maya Singh',
        email: testEmail('election'),
        phone: '416-555-0199',
        subject: 'Fence repair',
        message: 'Can you look at a fence next week?',
      }),
    });
  const isPrimary = async () =>
    (await admin.db('admin').command({ isMaster: 1 })).ismaster === true;

  it('answers 503 with Retry-After while there is no primary, and serves again after', async () => {
    expect((await call(`${backEnd.api.url}/readyz`)).status).toBe(200);
    expect((await call(`${workersHealth}/readyz`)).status).toBe(200);
    expect((await contact()).status).toBe(201);

    // The primary steps down and may not stand again for a while: no primary, as in an election.
    // A 4.0 server closes every connection as it steps down, this one's included.
    await admin
      .db('admin')
      .command({ replSetStepDown: NO_PRIMARY_SECONDS, secondaryCatchUpPeriodSecs: 0, force: true })
      .catch(() => undefined);
    expect(await isPrimary()).toBe(false);

    for (const url of [`${backEnd.api.url}/readyz`, `${workersHealth}/readyz`]) {
      const notReady = await eventually(async () => {
        const answer = await call(url);
        expect(answer.status).toBe(503);
        return answer;
      });
      expect({ url, retryAfter: notReady.retryAfter }).toEqual({ url, retryAfter: '5' });
      expect(notReady.body).toMatchObject({ status: 'unavailable', down: ['mongodb'] });
    }

    const refused = await contact();
    // The write waited for a primary (server selection, 5 s) and gave up: still no primary.
    expect(await isPrimary()).toBe(false);
    expect({ status: refused.status, retryAfter: refused.retryAfter }).toEqual({
      status: 503,
      retryAfter: '5',
    });
    expect(refused.body).toMatchObject({ code: 'unavailable' });
    expect(refused.text).not.toMatch(/Mongo|127\.0\.0\.1/);

    // Elected again: both processes come back by themselves, never having exited.
    for (const url of [`${backEnd.api.url}/readyz`, `${workersHealth}/readyz`]) {
      await eventually(
        async () => {
          expect((await call(url)).status).toBe(200);
        },
        { timeoutMs: (NO_PRIMARY_SECONDS + 30) * 1000 },
      );
    }
    expect((await contact()).status).toBe(201);
    expect(backEnd.api.process.child.exitCode).toBeNull();
    expect(backEnd.workers.child.exitCode).toBeNull();
    const fatal = [backEnd.api.process.output(), backEnd.workers.output()]
      .join('\n')
      .split('\n')
      .filter((line) => /"level":60/.test(line) || /unhandled/i.test(line));
    expect(fatal).toEqual([]);
  }, 120_000);
});

describe('the write and read concerns the product sends', () => {
  // Recorded by MongoDB's profiler on this test's own database, as the server received them.
  const shared = testEnv();
  const stackUrl = shared.MONGO_URL ?? '';
  // A URL asking for less: the processes' own settings must win over it.
  const weakerUrl = `${stackUrl}${stackUrl.includes('?') ? '&' : '/?'}w=1&journal=false&readConcernLevel=local&retryWrites=false`;
  const env = { ...shared, MONGO_URL: weakerUrl, LOG_LEVEL: 'info', FORM_RATE_LIMIT_MAX: '1000' };
  let product: ProductHarness;
  beforeAll(async () => {
    product = await startApiAndWorkers(env);
  });
  afterAll(async () => {
    await product.close();
  });

  it('writes at w: majority (journaled) and reads at majority, whatever MONGO_URL asks', async () => {
    const db = mongoose.connection.db;
    if (!db) throw new Error('the API is connected');
    await db.command({ profile: 2 });
    const fields = bookingFields({ service: 'Pressure Wash' });
    const booked = await withFields(request(product.api.app).post('/api/bookings'), fields);
    expect(booked.status).toBe(201);
    const id = booked.body.booking.id as string;
    const paid = await request(product.api.app)
      .post('/api/payments')
      .send({
        bookingId: id,
        amount: 14900,
        paymentMethod: 'card',
        customerEmail: fields.email,
        paymentMethodId: testPaymentMethodFor('4242 4242 4242 4242'),
        token: product.api.context.links.token(id),
      });
    expect(paid.status).toBe(200);
    // The workers issue the invoice (a transaction) once the payment is in.
    const invoices = db.collection('invoices');
    await eventually(async () => {
      expect((await BookingModel.findById(id))?.status).toBe('paid');
      expect(await invoices.countDocuments({})).toBe(1);
    });
    await db.command({ profile: 0 });

    const profiled = await db
      .collection<{ op: string; ns: string; command?: Record<string, unknown> }>('system.profile')
      .find({ ns: { $ne: `${db.databaseName}.system.profile` } })
      .toArray();
    const seen = profiled.map(({ op, ns, command = {} }) => ({
      op: `${op} ${Object.keys(command)[0] ?? ''}`,
      collection: ns.split('.').slice(1).join('.'),
      inTransaction: command.autocommit === false,
      writeConcern: command.writeConcern,
      readConcern: command.readConcern,
    }));
    // A 4.0 server records an update by its statement, without the command's write concern.
    const writes = seen.filter(
      (entry) => !entry.inTransaction && /^(insert insert|command findAndModify)/.test(entry.op),
    );
    const reads = seen.filter(
      (entry) => !entry.inTransaction && /^(query find|command aggregate)/.test(entry.op),
    );
    expect(writes.map((entry) => entry.collection)).toEqual(
      expect.arrayContaining(['bookings', 'paymentevents']),
    );
    expect(reads.map((entry) => entry.collection)).toEqual(
      expect.arrayContaining(['bookings', 'invoices']),
    );
    for (const write of writes) {
      expect(write).toMatchObject({ writeConcern: { w: 'majority', j: true } });
    }
    for (const read of reads) expect(read).toMatchObject({ readConcern: { level: 'majority' } });
    // The invoice's number and the invoice itself: one transaction, read at snapshot.
    const transaction = seen.filter((entry) => entry.inTransaction);
    expect(transaction.map((entry) => entry.collection)).toEqual(
      expect.arrayContaining(['documentcounters', 'invoices']),
    );
    // Nothing anywhere asks for less than a majority.
    const weaker = seen.filter(
      (entry) =>
        entry.writeConcern !== undefined &&
        JSON.stringify(entry.writeConcern) !== '{"w":"majority","j":true}',
    );
    expect(weaker).toEqual([]);
  }, 60_000);
});
