import type { Browser } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserModel } from '../../api/src/accounts/user-model';
import { listen, type RunningServer } from '../../api/src/http/http-server';
import { QueueName } from '../../api/src/jobs/job-definitions';
import { startApi, type ApiHarness } from '../support/api-harness';
import { auditPage, violationLines } from '../support/axe';
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

  it('sends a signed-out visit of a deep link to the site’s login, with the way back', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const deepLink = `/admin/queues/queue/${QueueName.Mail}?status=failed`;
    const landed = await page.goto(`${origin}${deepLink}`);
    // Followed by the browser: the login page (here the API alone serves no site: a 503).
    const redirect = landed?.request().redirectedFrom();
    expect(redirect?.url()).toBe(`${origin}${deepLink}`);
    expect((await redirect?.response())?.status()).toBe(303);
    const login = new URL(page.url());
    expect(login.pathname).toBe('/login');
    const back = new URL(login.searchParams.get('next') ?? '', origin);
    expect(`${back.pathname}?${back.searchParams.toString()}`).toBe(
      `/admin?${new URLSearchParams({ tab: 'queues', open: deepLink }).toString()}`,
    );
    // Its JSON API, fetched by a page, still answers 401 with JSON.
    const api = await page.request.get(`${origin}/admin/queues/api/queues`);
    expect(api.status()).toBe(401);
    expect(await api.json()).toMatchObject({ error: 'Please log in to continue.' });
    await context.close();
  });

  it('renders with no policy violation and names for its icon buttons, and its Retry retries', async () => {
    await failedMailJob(api.context, 'broken-mail', '421 try again later');
    const context = await browser.newContext();
    const page = await context.newPage();
    await watchCspViolations(page);
    // As the site's admin page does: trade the Bearer token for the cookie, then navigate.
    const session = await context.request.post(`${origin}/api/admin/queue-session`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(session.status()).toBe(204);

    const opened = await page.goto(`${origin}/admin/queues/queue/${QueueName.Mail}?status=failed`);
    expect(opened?.status()).toBe(200);
    await page.getByText('421 try again later').first().waitFor();
    await page.getByText(QueueName.Newsletter, { exact: true }).waitFor();
    // Every icon-only button is named (our script), the Redis logo too; what axe says of
    // bull-board's own colours is its theme's, not a name missing.
    const retry = page.getByRole('button', { name: 'Retry', exact: true }).first();
    await retry.waitFor();
    const unnamed = violationLines(await auditPage(page)).filter((line) =>
      /^(button-name|svg-img-alt|link-name|image-alt) /.test(line),
    );
    expect(unnamed).toEqual([]);

    // The job's own retry button (an icon), not the queue's "Retry all"; then bull-board's confirm.
    await retry.click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    const job = await api.context.jobs.queue(QueueName.Mail).getJob('broken-mail');
    await eventually(async () => expect(await job?.getState()).toBe('waiting'));

    // Its page, its files, its inline styles and ours: nothing refused.
    expect(await cspViolations(page)).toEqual([]);
    await context.close();
  });
});
