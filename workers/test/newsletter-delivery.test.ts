import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserModel } from '@hs/api/accounts/user-model';
import type { CampaignView } from '@hs/api/domain/newsletter/newsletter-schema';
import { NewsletterDeliveryModel } from '@hs/api/newsletter/newsletter-delivery-model';
import { SubscriberModel } from '@hs/api/newsletter/subscriber-model';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { eventually } from '../../tests/support/poll';
import { spawnEntryPoint, type SpawnedProcess } from '../../tests/support/spawn-process';
import { startTestSmtp, type TestSmtp, type TestSmtpOptions } from '../../tests/support/test-smtp';
import { testEmail, testEnv, uniqueId } from '../../tests/support/test-env';

const WORKERS = 'workers/src/main.ts';

interface Setup {
  smtp: TestSmtp;
  env: Record<string, string>;
  api: ApiHarness;
  token: string;
  workers: SpawnedProcess[];
  startWorkers(): Promise<SpawnedProcess>;
  close(): Promise<void>;
}

/** Its own SMTP server, the API in this process, an admin signed in, and workers on demand. */
async function setUp(
  smtpOptions: TestSmtpOptions,
  overrides: Record<string, string>,
): Promise<Setup> {
  const smtp = await startTestSmtp(smtpOptions);
  const env = testEnv({
    LOG_LEVEL: 'info',
    SMTP_URL: smtp.url,
    AUTH_RATE_LIMIT_MAX: '1000',
    WORKER_LOCK_MS: '2000',
    ...overrides,
  });
  const api = await startApi(env);
  const email = testEmail('operator');
  const password = 'correct horse 42';
  await request(api.app).post('/api/auth/register').send({
    email,
    password,
    confirmPassword: password,
    firstName: 'Olu',
    lastName: 'Operator',
    address: '1910 Eglinton Ave W',
  });
  await UserModel.updateOne({ email }, { $set: { role: 'admin' } });
  const login = await request(api.app).post('/api/auth/login').send({ email, password });
  const workers: SpawnedProcess[] = [];
  return {
    smtp,
    env,
    api,
    token: login.body.token as string,
    workers,
    async startWorkers() {
      const process = spawnEntryPoint(WORKERS, env);
      workers.push(process);
      await process.waitForOutput(/workers ready/);
      return process;
    },
    async close() {
      for (const process of workers) process.kill();
      await Promise.all(workers.map((process) => process.exited));
      await api.close();
      await smtp.close();
    },
  };
}

/** `count` confirmed subscribers with addresses of this test's own. */
async function confirmedSubscribers(count: number, label: string): Promise<string[]> {
  const run = uniqueId();
  const emails = Array.from(
    { length: count },
    (_, index) => `${label}-${String(index)}-${run}@example.test`,
  );
  for (let start = 0; start < emails.length; start += 1_000) {
    await SubscriberModel.insertMany(
      emails.slice(start, start + 1_000).map((email) => ({
        email,
        status: 'confirmed',
        subscribedAt: new Date(),
        confirmedAt: new Date(),
      })),
    );
  }
  return emails;
}

async function createAndSend(setup: Setup, subject: string): Promise<string> {
  const created = await request(setup.api.app)
    .post('/api/admin/campaigns')
    .set('Authorization', `Bearer ${setup.token}`)
    .send({ subject, format: 'markdown', body: `# ${subject}\n\nTips for a **tidy** garden.` });
  expect(created.status).toBe(201);
  const id = created.body.campaign.id as string;
  const sent = await request(setup.api.app)
    .post(`/api/admin/campaigns/${id}/send`)
    .set('Authorization', `Bearer ${setup.token}`);
  expect(sent.status).toBe(200);
  return id;
}

async function campaignView(setup: Setup, id: string): Promise<CampaignView> {
  const response = await request(setup.api.app)
    .get(`/api/admin/campaigns/${id}`)
    .set('Authorization', `Bearer ${setup.token}`);
  return response.body.campaign as CampaignView;
}

const untilSent = (setup: Setup, id: string, timeoutMs = 120_000) =>
  eventually(
    async () => {
      const view = await campaignView(setup, id);
      expect(view.status).toBe('sent');
      return view;
    },
    { timeoutMs, intervalMs: 500 },
  );

/** Messages and distinct recipients among `emails` that the server received. */
function countAt(smtp: TestSmtp, emails: string[]) {
  const wanted = new Set(emails);
  const mine = smtp.received.filter((mail) => mail.to.some((to) => wanted.has(to)));
  return { messages: mine.length, recipients: new Set(mine.flatMap((mail) => mail.to)).size, mine };
}

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
    expect(view.progress).toEqual({ total: 2_000, sent: 2_000, failed: 0, skipped: 0, pending: 0 });
    const { messages, recipients, mine } = countAt(setup.smtp, emails);
    expect(messages).toBe(2_000);
    expect(recipients).toBe(2_000);
    for (const mail of mine) {
      expect(mail.raw).toMatch(
        /^List-Unsubscribe: <http[^>]+\/api\/newsletter\/unsubscribe\?subscriber=[a-f0-9]{24}&token=/m,
      );
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    }
  }, 180_000);
});

describe('a campaign whose workers process is killed half-way', () => {
  let setup: Setup;
  const half = 1_000;
  beforeAll(async () => {
    // After 1,000 messages the server keeps what reaches it but answers nothing more: every
    // connection of the workers is caught in the middle of a message when they are killed.
    setup = await setUp(
      { stallWhen: (received) => received.length >= half },
      { NEWSLETTER_RATE_PER_SECOND: '0' },
    );
  }, 60_000);
  afterAll(async () => setup.close());

  it('is finished by a new workers process, still exactly once per address', async () => {
    const emails = await confirmedSubscribers(2_000, 'survivor');
    const first = await setup.startWorkers();
    const id = await createAndSend(setup, 'Autumn checklist');
    await setup.smtp.stalled;
    await new Promise((resolve) => setTimeout(resolve, 300));
    first.kill('SIGKILL');
    await first.exited;
    const atKill = countAt(setup.smtp, emails).messages;
    expect(atKill).toBeGreaterThanOrEqual(half);
    expect(atKill).toBeLessThan(2_000);
    setup.smtp.resume();

    await setup.startWorkers();
    await untilSent(setup, id);
    const { messages, recipients } = countAt(setup.smtp, emails);
    expect(messages).toBe(2_000);
    expect(recipients).toBe(2_000);
  }, 180_000);
});

describe('the sending rate', () => {
  const rate = 10;
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp({}, { NEWSLETTER_RATE_PER_SECOND: String(rate) });
  }, 60_000);
  afterAll(async () => setup.close());

  it(`keeps to ${String(rate)} messages a second at the receiving server, over more than 10 s`, async () => {
    const emails = await confirmedSubscribers(130, 'paced');
    await setup.startWorkers();
    const id = await createAndSend(setup, 'Paced');
    await untilSent(setup, id, 60_000);
    const { mine } = countAt(setup.smtp, emails);
    expect(mine).toHaveLength(130);
    const times = mine.map((mail) => mail.at).sort((a, b) => a - b);
    const first = times[0] ?? 0;
    const last = times.at(-1) ?? 0;
    expect(last - first).toBeGreaterThanOrEqual(10_000);
    const perSecond = new Map<number, number>();
    for (const at of times) {
      const second = Math.floor(at / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    // A message sent at the end of a second may land at the start of the next: one of slack.
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(rate + 1);
  }, 90_000);
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
    // Leaves right after the start: the last batch has not reached this address yet.
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
    // Messages already in flight may land; then nothing more while paused.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const duringPause = countAt(setup.smtp, emails).messages;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(countAt(setup.smtp, emails).messages).toBe(duringPause);
    expect(duringPause).toBeLessThan(20);

    const resumed = await request(setup.api.app)
      .post(`/api/admin/campaigns/${id}/resume`)
      .set('Authorization', `Bearer ${setup.token}`);
    expect(resumed.body.campaign.status).toBe('sending');
    const view = await untilSent(setup, id, 90_000);
    expect(view.progress).toEqual({ total: 24, sent: 22, failed: 1, skipped: 1, pending: 0 });

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
