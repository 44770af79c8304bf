import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '@hs/api/bookings/booking-model';
import { TEST_PAYMENT_METHODS } from '@hs/api/domain/payment/test-cards';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { bookingFields, withFields } from '../../tests/support/booking-form';
import { startHoldingSmtp, type HoldingSmtp } from '../../tests/support/holding-smtp';
import { eventually } from '../../tests/support/poll';
import { spawnEntryPoint, type SpawnedProcess } from '../../tests/support/spawn-process';
import { testEnv } from '../../tests/support/test-env';

describe('a workers process killed while sending a booking confirmation', () => {
  let smtp: HoldingSmtp;
  let env: Record<string, string>;
  let api: ApiHarness;
  const workers: SpawnedProcess[] = [];

  beforeAll(async () => {
    smtp = await startHoldingSmtp((raw) => raw.includes('is confirmed'));
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
    const paid = await request(api.app).post('/api/payments').send({
      bookingId: id,
      amount: 14900,
      paymentMethod: 'card',
      customerEmail: fields.email,
      paymentMethodId: TEST_PAYMENT_METHODS.succeeds,
    });
    expect(paid.status).toBe(200);

    const held = smtp.nextHeld();
    const first = spawnEntryPoint('workers/src/main.ts', env);
    workers.push(first);
    // The confirmation has reached the SMTP server, which has not answered yet.
    await held;
    first.kill('SIGKILL');
    await first.exited;
    smtp.release();

    const second = spawnEntryPoint('workers/src/main.ts', env);
    workers.push(second);
    await eventually(
      async () => {
        await Promise.resolve();
        const confirmations = smtp.accepted.filter(
          (mail) => mail.to.includes(fields.email ?? '') && mail.raw.includes('is confirmed'),
        );
        expect(confirmations).toHaveLength(1);
      },
      { timeoutMs: 30_000 },
    );
    expect((await BookingModel.findById(id))?.status).toBe('paid');
    // Long enough for a duplicate to show up if one were coming.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const toCustomer = smtp.accepted.filter((mail) => mail.to.includes(fields.email ?? ''));
    expect(toCustomer).toHaveLength(1);
    const toBusiness = smtp.accepted.filter((mail) =>
      mail.raw.includes(`New booking ${booked.body.booking.reference as string}`),
    );
    expect(toBusiness).toHaveLength(1);
  });
});
