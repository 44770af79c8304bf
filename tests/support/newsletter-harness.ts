/** A newsletter test's world: its own SMTP server, the API, a signed-in admin, workers on demand. */
import request from 'supertest';
import { expect } from 'vitest';
import { UserModel } from '../../api/src/accounts/user-model';
import type { CampaignView } from '../../api/src/domain/newsletter/newsletter-schema';
import { NewsletterDeliveryModel } from '../../api/src/newsletter/newsletter-delivery-model';
import { SubscriberModel } from '../../api/src/newsletter/subscriber-model';
import { startApi, type ApiHarness } from './api-harness';
import { eventually } from './poll';
import { spawnEntryPoint, type SpawnedProcess } from './spawn-process';
import { startTestSmtp, type TestSmtp, type TestSmtpOptions } from './test-smtp';
import { testEmail, testEnv, uniqueId } from './test-env';

const WORKERS = 'workers/src/main.ts';

export interface Setup {
  smtp: TestSmtp;
  env: Record<string, string>;
  api: ApiHarness;
  token: string;
  workers: SpawnedProcess[];
  startWorkers(): Promise<SpawnedProcess>;
  close(): Promise<void>;
}

/** Its own SMTP server, the API in this process, an admin signed in, and workers on demand. */
export async function setUp(
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
export async function confirmedSubscribers(count: number, label: string): Promise<string[]> {
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

export async function createAndSend(setup: Setup, subject: string): Promise<string> {
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

export async function campaignView(setup: Setup, id: string): Promise<CampaignView> {
  const response = await request(setup.api.app)
    .get(`/api/admin/campaigns/${id}`)
    .set('Authorization', `Bearer ${setup.token}`);
  return response.body.campaign as CampaignView;
}

/** Waits for the campaign to be sent; if it is not, says where its deliveries stand. */
export async function untilSent(
  setup: Setup,
  id: string,
  timeoutMs = 120_000,
): Promise<CampaignView> {
  try {
    return await eventually(
      async () => {
        const view = await campaignView(setup, id);
        expect(view.status).toBe('sent');
        return view;
      },
      { timeoutMs, intervalMs: 500 },
    );
  } catch (error) {
    const open = await NewsletterDeliveryModel.find({ status: { $in: ['pending', 'sending'] } })
      .limit(5)
      .lean();
    const output = setup.workers.map((process) => process.output().slice(-3_000)).join('\n---\n');
    throw new Error(
      `${String(error)}\nopen deliveries: ${JSON.stringify(open)}\nworkers said:\n${output}`,
      { cause: error },
    );
  }
}

/** Messages and distinct recipients among `emails` that the server received. */
export function countAt(smtp: TestSmtp, emails: string[]) {
  const wanted = new Set(emails);
  const mine = smtp.received.filter((mail) => mail.to.some((to) => wanted.has(to)));
  return { messages: mine.length, recipients: new Set(mine.flatMap((mail) => mail.to)).size, mine };
}
