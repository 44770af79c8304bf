import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { QueueName } from '@hs/api/jobs/job-definitions';
import { NewsletterDeliveryModel } from '@hs/api/newsletter/newsletter-delivery-model';
import { SubscriberModel } from '@hs/api/newsletter/subscriber-model';
import {
  campaignView,
  confirmedSubscribers,
  countAt,
  createAndSend,
  setUp,
  untilSent,
  type Setup,
} from '../../tests/support/newsletter-harness';
import { eventually } from '../../tests/support/poll';
import { jobsSettled } from '../../tests/support/settled-jobs';
import { uniqueId } from '../../tests/support/test-env';

describe('a campaign to 2,000 confirmed subscribers', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp({}, { NEWSLETTER_RATE_PER_SECOND: '0' });
  }, 60_000);
  afterAll(async () => setup.close());

  it('reaches every address exactly once, each email with one-click unsubscribe headers', async () => {
    const emails = await confirmedSubscribers(2_000, 'reader');
    await setup.startWorkers();
    const id = await createAndSend(setup, 'Spring garden tips');
    const view = await untilSent(setup, id);
    expect(view.progress).toEqual({
      total: 2_000,
      sent: 2_000,
      failed: 0,
      skipped: 0,
      pending: 0,
      unconfirmed: 0,
    });
    const { messages, recipients, mine } = countAt(setup.smtp, emails);
    expect(messages).toBe(2_000);
    expect(recipients).toBe(2_000);
    for (const mail of mine) {
      // Long header lines are folded onto the next line; read them unfolded.
      const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
      expect(headers).toMatch(
        /^List-Unsubscribe: <http[^>]+\/api\/newsletter\/unsubscribe\?subscriber=[a-f0-9]{24}&token=/m,
      );
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    }
  }, 180_000);
});

describe('a campaign whose workers process is killed half-way', () => {
  let setup: Setup;
  const half = 1_000;
  beforeAll(async () => {
    // After 1,000 of the campaign's messages the server keeps what reaches it but answers nothing
    // more: every connection of the workers is caught in the middle of a message when they are
    // killed. Only the campaign's count: the operator's welcome email reaches this server too.
    setup = await setUp(
      {
        stallWhen: (received) =>
          received.filter((mail) => mail.to.some((to) => to.startsWith('survivor-'))).length >=
          half,
      },
      { NEWSLETTER_RATE_PER_SECOND: '0' },
    );
  }, 60_000);
  afterAll(async () => setup.close());

  it('is finished by a new workers process, still exactly once per address', async () => {
    const emails = await confirmedSubscribers(2_000, 'survivor');
    const first = await setup.startWorkers();
    const id = await createAndSend(setup, 'Autumn checklist');
    await setup.smtp.stalled;
    await eventually(() => Promise.resolve(expect(setup.smtp.everySendHeld()).toBe(true)));
    first.kill('SIGKILL');
    await first.exited;
    const atKill = countAt(setup.smtp, emails).messages;
    expect(atKill).toBeGreaterThanOrEqual(half);
    expect(atKill).toBeLessThan(2_000);
    setup.smtp.resume();

    await setup.startWorkers();
    await untilSent(setup, id);
    const { messages, recipients, mine } = countAt(setup.smtp, emails);
    if (messages !== 2_000) {
      const got = new Set(mine.flatMap((mail) => mail.to));
      const missing = emails.filter((email) => !got.has(email));
      const rows = await NewsletterDeliveryModel.find({ email: { $in: missing } }).lean();
      throw new Error(`missing ${JSON.stringify(rows)} atKill=${String(atKill)}`);
    }
    expect(messages).toBe(2_000);
    expect(recipients).toBe(2_000);
  }, 180_000);
});

describe('pause, resume, people who leave, and refusals', () => {
  const run = uniqueId();
  const refusedForGood = `refused-${run}@example.test`;
  const refusedTwice = `busy-${run}@example.test`;
  const busyAnswers = { left: 2 };
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp(
      {
        refuse: (to) => {
          if (to === refusedForGood) return { code: 550, message: '5.1.1 No such mailbox here' };
          if (to === refusedTwice && busyAnswers.left > 0) {
            busyAnswers.left -= 1;
            return { code: 451, message: '4.3.0 Mailbox busy, try again later' };
          }
          return null;
        },
      },
      { NEWSLETTER_RATE_PER_SECOND: '5', NEWSLETTER_BATCH_SIZE: '10' },
    );
  }, 60_000);
  afterAll(async () => setup.close());

  it('pauses and resumes, skips who left, and shows each final failure with its reason', async () => {
    const emails = [refusedForGood, refusedTwice, ...(await confirmedSubscribers(22, 'mixed'))];
    await SubscriberModel.insertMany(
      [refusedForGood, refusedTwice].map((email) => ({
        email,
        status: 'confirmed',
        subscribedAt: new Date(),
        confirmedAt: new Date(),
      })),
    );
    const leaver = emails.at(-1) ?? '';
    await setup.startWorkers();
    const id = await createAndSend(setup, 'Mixed fortunes');
    // Leaves once the recipients are fixed, before the batches reach this address.
    await eventually(async () => expect((await campaignView(setup, id)).progress.total).toBe(24));
    await SubscriberModel.updateOne(
      { email: leaver },
      { $set: { status: 'unsubscribed', unsubscribedAt: new Date() } },
    );

    await eventually(() =>
      Promise.resolve(expect(countAt(setup.smtp, emails).messages).toBeGreaterThanOrEqual(3)),
    );
    const paused = await request(setup.api.app)
      .post(`/api/admin/campaigns/${id}/pause`)
      .set('Authorization', `Bearer ${setup.token}`);
    expect(paused.body.campaign.status).toBe('paused');
    // Messages already in flight may land; then every batch job has seen the pause and ended, a
    // retry included, and with none left to run nothing more is sent while paused.
    await jobsSettled(setup.api.context.jobs, { queues: [QueueName.Newsletter] });
    const duringPause = countAt(setup.smtp, emails).messages;
    await jobsSettled(setup.api.context.jobs, { queues: [QueueName.Newsletter] });
    expect(countAt(setup.smtp, emails).messages).toBe(duringPause);
    expect(duringPause).toBeLessThan(20);

    const resumed = await request(setup.api.app)
      .post(`/api/admin/campaigns/${id}/resume`)
      .set('Authorization', `Bearer ${setup.token}`);
    expect(resumed.body.campaign.status).toBe('sending');
    const view = await untilSent(setup, id, 90_000);
    expect(view.progress).toEqual({
      total: 24,
      sent: 22,
      failed: 1,
      skipped: 1,
      pending: 0,
      unconfirmed: 0,
    });

    const { recipients } = countAt(setup.smtp, emails);
    expect(recipients).toBe(22);
    expect(countAt(setup.smtp, [leaver]).messages).toBe(0);
    expect(countAt(setup.smtp, [refusedTwice]).messages).toBe(1);

    const failures = await request(setup.api.app)
      .get(`/api/admin/campaigns/${id}/failures`)
      .set('Authorization', `Bearer ${setup.token}`);
    expect(failures.body.failures).toEqual([
      { email: refusedForGood, attempts: 1, reason: expect.stringContaining('No such mailbox') },
    ]);
    const busy = await NewsletterDeliveryModel.findOne({ email: refusedTwice });
    expect(busy?.status).toBe('sent');
    expect(busy?.attempts).toBe(3);
  }, 120_000);
});
