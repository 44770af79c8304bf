import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '@hs/api/bookings/booking-model';
import { TEST_PAYMENT_METHODS } from '@hs/api/domain/payment/test-cards';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { bookingFields, withFields } from '../../tests/support/booking-form';
import { eventually } from '../../tests/support/poll';
import { jobsSettled } from '../../tests/support/settled-jobs';
import { spawnWorkers } from '../../tests/support/back-end-processes';
import type { SpawnedProcess } from '../../tests/support/spawn-process';
import { startTestSmtp, type TestSmtp } from '../../tests/support/test-smtp';
import { testEnv } from '../../tests/support/test-env';

const isConfirmation = (raw: string) => raw.includes('is confirmed');

describe('a workers process killed while sending a booking confirmation', () => {
  let smtp: TestSmtp;
  let env: Record<string, string>;
  let api: ApiHarness;
  const workers: SpawnedProcess[] = [];

  beforeAll(async () => {
    // The server keeps the confirmation, then answers nothing more: the worker never hears back.
    smtp = await startTestSmtp({
      stallWhen: (received) => received.some((mail) => isConfirmation(mail.raw)),
    });
    // A short lock, so the job of a dead worker is taken back in seconds rather than a minute.
    env = testEnv({
      LOG_LEVEL: 'info',
      SMTP_URL: smtp.url,
      WORKER_LOCK_MS: '2000',
      WORKER_QUEUES: 'booking-emails,stripe-events',
    });
    api = await startApi(env);
  });
  afterAll(async () => {
    for (const process of workers) process.kill();
    await Promise.all(workers.map((process) => process.exited));
    await api.close();
    await smtp.close();
  });

  it('is retried by a new workers process, and exactly one email arrives', async () => {
    const fields = bookingFields();
    const booked = await withFields(request(api.app).post('/api/bookings'), fields);
    expect(booked.status).toBe(201);
    const id = booked.body.booking.id as string;
    const reference = booked.body.booking.reference as string;
    const paid = await request(api.app).post('/api/payments').send({
      bookingId: id,
      amount: 14900,
      paymentMethod: 'card',
      customerEmail: fields.email,
      paymentMethodId: TEST_PAYMENT_METHODS.succeeds,
      token: booked.body.token,
    });
    expect(paid.status).toBe(200);

    const first = spawnWorkers(env);
    workers.push(first);
    await smtp.stalled;
    first.kill('SIGKILL');
    await first.exited;
    smtp.resume();

    const second = spawnWorkers(env);
    workers.push(second);
    // The business notification the first process may not have finished is sent by the second.
    await eventually(
      async () => {
        await Promise.resolve();
        const notices = smtp.received.filter((mail) =>
          mail.raw.includes(`New booking ${reference}`),
        );
        expect(notices).toHaveLength(1);
      },
      { timeoutMs: 30_000 },
    );
    expect((await BookingModel.findById(id))?.status).toBe('paid');
    // The retried confirmation job ran, and found its email already handed to the server.
    await second.waitForOutput(/"job":"booking\.confirmation"[^\n]*"result":"unconfirmed"/, 30_000);
    // Every job, the dead process's included, has run to its end: no copy is still to come.
    await jobsSettled(api.context.jobs);
    const confirmations = smtp.received.filter(
      (mail) => mail.to.includes(fields.email ?? '') && isConfirmation(mail.raw),
    );
    expect(confirmations).toHaveLength(1);
  });
});
