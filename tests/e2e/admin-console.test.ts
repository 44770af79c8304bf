import type { Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, QueueName } from '../../api/src/jobs/job-definitions';
import { bookingFields, withFields } from '../support/booking-form';
import { png } from '../support/images';
import { signUp } from '../support/accounts';
import { auditPage, violationLines } from '../support/axe';
import { cspViolations, watchCspViolations } from '../support/browser';
import { eventually } from '../support/poll';
import { logInThroughPage } from '../support/login-page';
import { startSite, type SiteHarness } from '../support/site-harness';
import { spawnEntryPoint } from '../support/spawn-process';
import { testEmail } from '../support/test-env';
import { startTestSmtp, type TestSmtp } from '../support/test-smtp';
import { scaled } from '../support/time-scale';

const PASSWORD = 'admin console 42';
const REFUSAL = '550 5.1.1 Mailbox unavailable';

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
  }, scaled(120_000));
  afterAll(async () => {
    await site.close();
    await smtp.close();
  });

  /** `npm run admin -- create ...` runs this entry point; here on the test's own database. */
  async function createAdmin(): Promise<void> {
    const { MONGO_URL, MONGO_DB, REDIS_URL } = site.product.api.context.config;
    if (MONGO_DB === undefined) throw new Error('testEnv names a database of the test’s own');
    if (REDIS_URL === undefined) throw new Error('the test stack has one Redis, named by URL');
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
    // The job's own Retry button: an icon with a tooltip, named by our script; not "Retry all".
    await card.getByRole('button', { name: 'Retry', exact: true }).click();
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

    // bull-board's page under its own policy: nothing refused (queue-dashboard.ts).
    expect(await cspViolations(page)).toEqual([]);

    // Logging out of the site closes the dashboard too: its cookie is cleared with the token.
    await page.goto(`${site.origin}/`);
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.getByRole('link', { name: 'Register/Login' }).first().waitFor();
    await expect
      .poll(async () => (await page.request.get(`${site.origin}/admin/queues`)).status())
      .toBe(401);
    await page.context().close();
  });

  /** An admin of the test's own, signed in through the site's login page. */
  async function operatorPage(width: number): Promise<{ page: Page; token: string }> {
    const operator = await signUp(site.product.api.app, PASSWORD, 'admin');
    const context = await site.browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await watchCspViolations(page);
    await logIn(page, operator.email, PASSWORD);
    return { page, token: operator.token };
  }

  /**
   * Every column of every row of the first table in view: nothing hides off the right edge, and
   * the page does not scroll sideways. Read until the layout holds it (fonts, images).
   */
  async function everyCellInView(page: Page, width: number): Promise<void> {
    const cells = page.getByRole('table').first().locator('tbody').getByRole('cell');
    await cells.first().waitFor();
    await eventually(async () => {
      const outside: string[] = [];
      for (const cell of await cells.all()) {
        const box = await cell.boundingBox();
        if (box === null || box.x < 0 || box.x + box.width > width) {
          outside.push(`${(await cell.getAttribute('data-label')) ?? '?'}: ${JSON.stringify(box)}`);
        }
      }
      expect(outside).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    });
  }

  async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
    expect(violationLines(await auditPage(page), where)).toEqual([]);
  }

  it.each([375, 1280])(
    'lets an operator find a booking and read every column of it at %i px',
    async (width) => {
      const phone = `416-${String(width).padStart(3, '0')}-7${String(Date.now()).slice(-3)}`;
      const fields = bookingFields({ name: 'Émilie Côté', phone, postalCode: 'M5V 3L9' });
      const booked = await withFields(request(site.product.api.app).post('/api/bookings'), fields);
      expect(booked.status).toBe(201);
      const reference = booked.body.booking.reference as string;
      const { page } = await operatorPage(width);
      await page.goto(`${site.origin}/admin`);
      await page.getByRole('table').waitFor();

      // The phone as the customer reads it out, punctuation and all.
      await page
        .getByRole('searchbox', { name: 'Search bookings' })
        .fill(`(${phone.replace('-', ') ')}`);
      await page.getByRole('searchbox', { name: 'Search bookings' }).press('Enter');
      const row = page.getByRole('row').filter({
        has: page.getByRole('rowheader', { name: reference }),
      });
      await row.waitFor();
      // A search is not counted on the whole list: what it found is on the page.
      await page.getByText('1 booking found', { exact: true }).waitFor();
      await row.getByText('Émilie Côté').waitFor();
      // No status is chosen for the operator.
      const menu = row.getByRole('combobox', { name: `New status for ${reference}` });
      expect(await menu.inputValue()).toBe('');
      await everyCellInView(page, width);
      await expectNoAxeViolations(page, `bookings at ${String(width)} px`);

      // The week at a glance of the schedule board, every day of it.
      await page.getByRole('tab', { name: 'Schedule' }).click();
      await page.getByRole('table', { name: 'Places used per window' }).waitFor();
      await everyCellInView(page, width);
      await expectNoAxeViolations(page, `schedule at ${String(width)} px`);
      expect(await cspViolations(page)).toEqual([]);
      await page.context().close();
    },
  );

  it.each([375, 1280])('previews, tests and deletes a campaign draft, at %i px', async (width) => {
    const { page } = await operatorPage(width);
    await page.goto(`${site.origin}/admin?tab=campaigns`);
    const subject = `Winter prep ${String(width)}`;
    await page.getByLabel('Subject').fill(subject);
    await page
      .getByLabel('Body (Markdown)')
      .fill('# Winter prep\n\nClear the **eavestroughs**: [book](https://example.com/book)');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByRole('button', { name: `Preview ${subject}` }).click();
    const preview = page.getByRole('region', { name: `Preview: “${subject}”` });
    await preview
      .frameLocator(`iframe[title="HTML part of “${subject}”"]`)
      .getByRole('heading', { name: 'Winter prep' })
      .waitFor();
    await preview.getByText('Clear the eavestroughs: book (https://example.com/book)').waitFor();
    await everyCellInView(page, width);
    await expectNoAxeViolations(page, `campaign preview at ${String(width)} px`);

    await preview.getByRole('button', { name: 'Send a test to me' }).click();
    await preview.getByText(/^A test of .* is on its way to /).waitFor();
    await preview.getByRole('button', { name: 'Delete draft' }).click();
    await preview.getByRole('button', { name: 'Yes, delete it' }).click();
    await page.getByText(`The draft “${subject}” is deleted.`).waitFor();
    // The console's own policy held, the preview's frame included.
    expect(await cspViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('brings a signed-in operator back from the login to the dashboard page they opened', async () => {
    const { page } = await operatorPage(1280);
    const deepLink = `/admin/queues/queue/${QueueName.Mail}?status=failed`;
    // No dashboard session in this browser yet: sent to the site's login, with the way back.
    await page.goto(`${site.origin}${deepLink}`);
    await page.waitForURL(/\/login\?next=/);
    await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).waitFor();
    const back = new URL(page.url()).searchParams.get('next') ?? '';
    expect(back).toBe(
      `/admin?${new URLSearchParams({ tab: 'queues', open: deepLink }).toString()}`,
    );
    // Where the login returns to: the console trades the login for the dashboard's cookie.
    await page.goto(`${site.origin}${back}`);
    await page.waitForURL(`${site.origin}${deepLink}`);
    await page.getByText(QueueName.Newsletter, { exact: true }).first().waitFor();
    await page.goBack();
    // The console was only a way through: Back does not open the dashboard again.
    await page.waitForURL(/\/login\?next=/);
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
