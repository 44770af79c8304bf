import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../../api/src/bookings/booking-model';
import { QueueName } from '../../api/src/jobs/job-definitions';
import {
  checkoutCompletedEvent,
  signedPayload,
  stripeId,
} from '../../api/src/payments/test-provider-events';
import { connectMongo, disconnectMongo } from '../../api/src/platform/mongo';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { bookPaidVisit, type BookedVisit } from '../support/paid-bookings';
import { eventually } from '../support/poll';
import { jobsSettled, queuesOf } from '../support/settled-jobs';
import { spawnWorkers } from '../support/back-end-processes';
import type { SpawnedProcess } from '../support/spawn-process';
import { startTestSmtp, type TestSmtp } from '../support/test-smtp';
import { testEnv } from '../support/test-env';

const BOOKINGS = 40;
/** The server stops answering once this many confirmations are in: some sent, most not. */
const STALL_AFTER = 12;
const WEBHOOK_SECRET = 'whsec_faultkilledworkers';
const BUSINESS_INBOX = 'bookings-inbox@example.test';

describe('the workers process killed with many emails in flight', () => {
  let smtp: TestSmtp;
  let env: Record<string, string>;
  let api: ApiProcess;
  const workers: SpawnedProcess[] = [];
  /** The customers' addresses: only a confirmation goes to a customer here. */
  const customers = new Set<string>();

  const isConfirmation = (to: string[]) => to.some((address) => customers.has(address));

  beforeAll(async () => {
    smtp = await startTestSmtp({
      // Every client is then left waiting for an answer, in the middle of a send.
      stallWhen: (received) =>
        received.filter((mail) => isConfirmation(mail.to)).length >= STALL_AFTER,
    });
    env = testEnv({
      LOG_LEVEL: 'info',
      SMTP_URL: smtp.url,
      BUSINESS_INBOX,
      FORM_RATE_LIMIT_MAX: '1000',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      // A short lock, so the jobs of the dead process are taken back in seconds, not a minute.
      WORKER_LOCK_MS: '2000',
      WORKER_QUEUES: 'booking-emails,stripe-events',
    });
    await connectMongo({ url: env.MONGO_URL ?? '', dbName: env.MONGO_DB });
    api = await startApiProcess(env);
  });
  afterAll(async () => {
    for (const process of workers) process.kill('SIGKILL');
    await Promise.all(workers.map((process) => process.exited));
    await api.close();
    await smtp.close();
    await disconnectMongo();
  });

  /** The customer paid at Stripe's checkout: its signed event reaches the webhook. */
  async function paid(booking: BookedVisit): Promise<void> {
    const event = checkoutCompletedEvent({
      bookingId: booking.id,
      reference: booking.reference,
      sessionId: stripeId('cs_test'),
      intentId: stripeId('pi'),
      amountCents: 14900,
      currency: 'cad',
      customerEmail: booking.email,
    });
    const { rawBody, signature } = signedPayload(event, WEBHOOK_SECRET);
    const response = await fetch(`${api.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: new Uint8Array(rawBody),
    });
    expect(response.status).toBe(200);
  }

  /** Per booking: emails to the customer (the confirmation) and to the business about it. */
  function counts(booked: BookedVisit[]) {
    return booked.map((booking) => ({
      reference: booking.reference,
      confirmations: smtp.received.filter((mail) => mail.to.includes(booking.email)).length,
      notifications: smtp.received.filter(
        (mail) => mail.to.includes(BUSINESS_INBOX) && mail.raw.includes(booking.reference),
      ).length,
    }));
  }

  const once = (booked: BookedVisit[]) =>
    booked.map((booking) => ({ reference: booking.reference, confirmations: 1, notifications: 1 }));

  it('sends every confirmation exactly once after a new process takes over', async () => {
    const booked: BookedVisit[] = [];
    for (let index = 0; index < BOOKINGS; index += 1) booked.push(await bookPaidVisit(api.url));
    for (const booking of booked) customers.add(booking.email);
    // All paid before any worker runs: the confirmations are queued together and sent together.
    for (const booking of booked) await paid(booking);

    const first = spawnWorkers(env);
    workers.push(first);
    await smtp.stalled;
    // The other open sessions reach their own wait for an answer within moments.
    await eventually(() => Promise.resolve(expect(smtp.everySendHeld()).toBe(true)));
    first.kill('SIGKILL');
    await first.exited;
    const confirmedBeforeKill = smtp.received.filter((mail) => isConfirmation(mail.to)).length;
    expect(confirmedBeforeKill).toBeGreaterThanOrEqual(STALL_AFTER);
    expect(confirmedBeforeKill).toBeLessThan(BOOKINGS);
    smtp.resume();

    const second = spawnWorkers(env);
    workers.push(second);
    await eventually(
      async () => {
        await Promise.resolve();
        expect(counts(booked)).toEqual(once(booked));
      },
      { timeoutMs: 180_000, intervalMs: 500 },
    );
    // A confirmation the server had kept when the process died is not sent again.
    await second.waitForOutput(/"job":"booking\.confirmation"[^\n]*"result":"unconfirmed"/);
    // Retries of the dead process's jobs are over; none sent a second copy.
    const queues = queuesOf(env);
    try {
      await jobsSettled(queues, {
        queues: [QueueName.BookingEmails, QueueName.StripeEvents],
        timeoutMs: 60_000,
      });
    } finally {
      await queues.close();
    }
    expect(counts(booked)).toEqual(once(booked));
    expect(smtp.received).toHaveLength(2 * BOOKINGS);
    const statuses = await BookingModel.find({ _id: { $in: booked.map((b) => b.id) } }).distinct(
      'status',
    );
    expect(statuses).toEqual(['paid']);
  });
});
