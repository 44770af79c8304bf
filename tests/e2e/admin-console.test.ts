import type { Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, QueueName } from '../../api/src/jobs/job-definitions';
import { bookingFields, withFields } from '../support/booking-form';
import { png } from '../support/images';
import { cspViolations, watchCspViolations } from '../support/browser';
import { eventually } from '../support/poll';
import { logInThroughPage } from '../support/login-page';
import { startSite, type SiteHarness } from '../support/site-harness';
import { spawnEntryPoint } from '../support/spawn-process';
import { testEmail } from '../support/test-env';
import { startTestSmtp, type TestSmtp } from '../support/test-smtp';

const PASSWORD = 'admin console 42';
const REFUSAL = '550 5.1.1 Mailbox unavailable';

/**
 * What bull-board's page is meant to be refused under its policy (see queue-dashboard.ts): the
 * loading placeholder's style attributes and Google Fonts. Nothing else.
 */
const EXPECTED_DASHBOARD_VIOLATIONS =
  /^style-src-attr inline$|^style-src-elem https:\/\/fonts\.googleapis\.com\//;

describe('the operators’ admin area in Chromium', () => {
  const adminEmail = testEmail('operator');
  // The business inbox gets an email for every booking; refusing it makes a booking job fail.
  const businessInbox = testEmail('inbox');
  let refusing = false;
  let smtp: TestSmtp;
  let site: SiteHarness;

  const mailsToInbox = () => smtp.received.filter((mail) => mail.to.includes(businessInbox));

  beforeAll(async () => {
    smtp = await startTestSmtp({
      refuse: (recipient) =>
        refusing && recipient === businessInbox ? { code: 550, message: REFUSAL.slice(4) } : null,
    });
    site = await startSite({
      SMTP_URL: smtp.url,
      BUSINESS_INBOX: businessInbox,
      AUTH_RATE_LIMIT_MAX: '1000',
    });
  }, 120_000);
  afterAll(async () => {
    await site.close();
    await smtp.close();
  });

  /** `npm run admin -- create ...` runs this entry point; here on the test's own database. */
  async function createAdmin(): Promise<void> {
    const { MONGO_URL, MONGO_DB, REDIS_URL } = site.product.api.context.config;
    if (MONGO_DB === undefined) throw new Error('testEnv names a database of the test’s own');
    const command = spawnEntryPoint(
      'api/src/cli/admin-command.ts',
      { MONGO_URL, MONGO_DB, REDIS_URL },
      { args: ['create', '--email', adminEmail, '--password', PASSWORD] },
    );
    const { code } = await command.exited;
    expect(command.output()).toContain(`Admin account created for ${adminEmail}`);
    expect(code).toBe(0);
  }

  async function book(): Promise<{ id: string; reference: string }> {
    const response = await withFields(
      request(site.product.api.app).post('/api/bookings'),
      bookingFields(),
    ).attach('image', png(40, 30, [0, 128, 0]), 'lawn.png');
    expect(response.status).toBe(201);
    return {
      id: response.body.booking.id as string,
      reference: response.body.booking.reference as string,
    };
  }

  /**
   * The booking's business notification once more, refused by the mail server. It is queued
   * with one attempt: the product's own jobs retry an SMTP refusal 8 times over about four
   * minutes before they count as failed, which is the state this test needs to reach.
   */
  async function failedNotification(bookingId: string): Promise<string> {
    const jobId = `notify-again-${bookingId}`;
    const queue = site.product.api.context.jobs.queue(QueueName.BookingEmails);
    refusing = true;
    await queue.add(jobs.businessBookingNotification.name, { bookingId }, { jobId, attempts: 1 });
    await eventually(async () => {
      expect(await (await queue.getJob(jobId))?.getState()).toBe('failed');
    });
    return jobId;
  }

  /** A page, and the admin console chunks it has fetched so far. */
  async function newPage(): Promise<{ page: Page; consoleChunks: string[] }> {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await watchCspViolations(page);
    const consoleChunks: string[] = [];
    page.on('request', (sent) => {
      if (/\/assets\/AdminConsole-[\w-]+\.js$/.test(sent.url())) consoleChunks.push(sent.url());
    });
    return { page, consoleChunks };
  }

  const logIn = (page: Page, email: string, password: string) =>
    logInThroughPage(page, site.origin, email, password);

  it('signs an admin in, lists the booking, and retries a failed email job from the queue dashboard', async () => {
    await createAdmin();
    const booking = await book();
    // The booking's own notification goes out while the server still accepts it.
    await eventually(() => {
      expect(mailsToInbox()).toHaveLength(1);
      return Promise.resolve();
    });
    const jobId = await failedNotification(booking.id);

    const { page, consoleChunks } = await newPage();
    await logIn(page, adminEmail, PASSWORD);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Admin' })
      .click();
    await page.waitForURL(`${site.origin}/admin`);
    const row = page.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: booking.reference }),
    });
    await row.getByText('Awaiting payment').waitFor();
    await row.getByText('Maya Singh').waitFor();
    expect(consoleChunks).toHaveLength(1);

    // The photo comes through its signed address, as a thumbnail and at full size.
    const thumbnail = row.getByRole('button', {
      name: `Open the photo of booking ${booking.reference} at full size`,
    });
    await expect
      .poll(() => thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(40);
    await thumbnail.click();
    const photo = page
      .getByRole('dialog', { name: `Photo of booking ${booking.reference}` })
      .getByRole('img', { name: `Photo sent with booking ${booking.reference}` });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The admin area, its lazy chunks and its calls were all within the site's policy.
    expect(await cspViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Queues' }).click();
    await page.getByRole('button', { name: 'Open queue dashboard' }).click();
    await page.waitForURL(`${site.origin}/admin/queues`);

    // bull-board's own markup: its sidebar lists the queues, its status tabs are links.
    await page
      .locator('nav')
      .getByRole('link', { name: QueueName.BookingEmails, exact: true })
      .click();
    await page.waitForURL(`${site.origin}/admin/queues/queue/${QueueName.BookingEmails}`);
    await page
      .getByRole('main')
      .getByRole('link', { name: /^FAILED/ })
      .click();
    const card = page
      .locator('[class*="card-"]')
      .filter({ has: page.getByText(jobId, { exact: true }) });
    await card.getByText(/550 5\.1\.1 Mailbox unavailable/).waitFor();
    await card.getByText(jobs.businessBookingNotification.name, { exact: true }).waitFor();

    refusing = false;
    // The job's own Retry button: an icon (lucide refresh-cw) with a tooltip, not "Retry all".
    await card.locator('button:has(svg.lucide-refresh-cw)').click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await confirm.getByText('Are you sure that you want to retry this job?').waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();

    const queue = site.product.api.context.jobs.queue(QueueName.BookingEmails);
    await eventually(async () => {
      expect(await (await queue.getJob(jobId))?.getState()).toBe('completed');
    });
    // The server records a message when its data ends, a moment after the job sees it accepted.
    await eventually(() => {
      expect(mailsToInbox()).toHaveLength(2);
      return Promise.resolve();
    });
    const [, resent] = mailsToInbox();
    expect(resent?.raw).toContain(booking.reference);

    for (const violation of await cspViolations(page)) {
      expect(violation).toMatch(EXPECTED_DASHBOARD_VIOLATIONS);
    }

    // Logging out of the site closes the dashboard too: its cookie is cleared with the token.
    await page.goto(`${site.origin}/`);
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.getByRole('link', { name: 'Register/Login' }).first().waitFor();
    await expect
      .poll(async () => (await page.request.get(`${site.origin}/admin/queues`)).status())
      .toBe(401);
    await page.context().close();
  });

  it('turns away a visitor and a customer without downloading the admin console', async () => {
    const { page, consoleChunks } = await newPage();

    await page.goto(`${site.origin}/admin`);
    await page
      .getByRole('status')
      .getByText('Please log in with a team account to use the admin area.')
      .waitFor();

    const customer = testEmail('customer');
    const registered = await request(site.product.api.app).post('/api/auth/register').send({
      firstName: 'Casey',
      lastName: 'Lee',
      address: '1 Main St',
      email: customer,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(registered.status).toBe(201);
    await logIn(page, customer, PASSWORD);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByText('Welcome, Casey Lee').waitFor();
    await nav.getByRole('link', { name: 'Admin' }).waitFor({ state: 'detached' });

    await page.goto(`${site.origin}/admin`);
    await page
      .getByRole('alert')
      .getByText('This area is for the Home Services team only.')
      .waitFor();
    expect(consoleChunks).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await page.context().close();
  });
});
