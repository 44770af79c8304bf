import type { Browser } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserModel } from '../../api/src/accounts/user-model';
import { listen, type RunningServer } from '../../api/src/http/http-server';
import { QueueName } from '../../api/src/jobs/job-definitions';
import { startApi, type ApiHarness } from '../support/api-harness';
import { cspViolations, launchChromium, watchCspViolations } from '../support/browser';
import { failedMailJob } from '../support/failed-job';
import { eventually } from '../support/poll';
import { testEmail, testEnv } from '../support/test-env';

const PASSWORD = 'correct horse 42';

describe('the queue dashboard in Chromium', () => {
  let api: ApiHarness;
  let server: RunningServer;
  let browser: Browser;
  let origin: string;
  let admin: string;

  beforeAll(async () => {
    api = await startApi(testEnv({ AUTH_RATE_LIMIT_MAX: '1000' }));
    server = await listen(api.app, 0, '127.0.0.1');
    origin = `http://127.0.0.1:${String(server.port)}`;
    browser = await launchChromium();
    const email = testEmail('operator');
    const registered = await request(api.app).post('/api/auth/register').send({
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'Ann',
      lastName: 'Lee',
      address: '1 Main St',
    });
    await UserModel.updateOne({ email }, { $set: { role: 'admin' } });
    admin = registered.body.token as string;
  });
  afterAll(async () => {
    await browser.close();
    await server.close(1_000);
    await api.close();
  });

  it('renders under its own policy, and its Retry button retries a failed job', async () => {
    await failedMailJob(api.context, 'broken-mail', '421 try again later');
    const context = await browser.newContext();
    const page = await context.newPage();
    await watchCspViolations(page);
    // A visitor's navigation is refused; the admin's session cookie opens it.
    expect((await page.goto(`${origin}/admin/queues`))?.status()).toBe(401);
    // As the site's admin page does: trade the Bearer token for the cookie, then navigate.
    const session = await context.request.post(`${origin}/api/admin/queue-session`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(session.status()).toBe(204);

    const opened = await page.goto(`${origin}/admin/queues/queue/${QueueName.Mail}?status=failed`);
    expect(opened?.status()).toBe(200);
    await page.getByText('421 try again later').first().waitFor();
    await page.getByText(QueueName.Newsletter, { exact: true }).waitFor();
    // The job's own retry button (an icon), not the queue's "Retry all"; then bull-board's confirm.
    await page
      .locator('button:has(svg.lucide-refresh-cw)')
      .filter({ hasNotText: 'Retry all' })
      .first()
      .click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    const job = await api.context.jobs.queue(QueueName.Mail).getJob('broken-mail');
    await eventually(async () => expect(await job?.getState()).toBe('waiting'));

    // Only what the policy means to block: the loading placeholder's style attributes and Google
    // Fonts. No script, and no style element of bull-board's own (they are allowed by hash).
    const refused = await cspViolations(page);
    expect(refused.length).toBeGreaterThan(0);
    for (const violation of refused) {
      expect(violation).toMatch(
        /^style-src-attr inline$|^style-src-elem https:\/\/fonts\.googleapis\.com\//,
      );
    }
    await context.close();
  });
});
