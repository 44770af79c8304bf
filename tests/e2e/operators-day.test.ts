import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminMessages } from '../../api/src/domain/admin/admin-messages';
import { BookingModel, type BookingDocument } from '../../api/src/bookings/booking-model';
import { longDate, todayInToronto } from '../../api/src/domain/calendar/toronto-date';
import { QueueName } from '../../api/src/jobs/job-definitions';
import { ReviewModel } from '../../api/src/reviews/review-model';
import { signUp } from '../support/accounts';
import { auditPage, violationLines } from '../support/axe';
import { cspViolations, waitForDisabled, watchCspViolations } from '../support/browser';
import { paidVisit } from '../support/done-visits';
import { logInThroughPage } from '../support/login-page';
import { waitForMail } from '../support/mailbox';
import { eventually } from '../support/poll';
import { startSite, type SiteHarness } from '../support/site-harness';
import { scaled } from '../support/time-scale';

const PASSWORD = 'operators-day-Passw0rd!';
const ARTIFACTS = path.join(import.meta.dirname, '..', '..', 'test-artifacts', 'screenshots');
const REVIEW_TEXT = 'The crew was on time, careful with the floors and left the room spotless.';

/**
 * An operator's day in Chromium: three paid visits today, sent to two crews on the schedule
 * board, Crew A's day sheet printed, one visit done and one a no-show; the review email the next
 * morning (its delayed job brought forward), five stars from the customer, approved by the
 * operator, and shown on the services page.
 */
describe("the operator's day in Chromium", () => {
  let site: SiteHarness;

  beforeAll(async () => {
    site = await startSite({ CREW_NAMES: 'Crew A,Crew B', AUTH_RATE_LIMIT_MAX: '1000' });
  }, scaled(120_000));
  afterAll(async () => {
    await site.close();
  });

  async function visitToday(name: string, address: string, time: string, adminToken: string) {
    const { id, email } = await paidVisit(
      site.product.api.app,
      { name, address, date: todayInToronto(), time },
      adminToken,
    );
    const booking = (await BookingModel.findById(id)) as BookingDocument;
    return { id, email, reference: booking.reference, phone: booking.phone, address };
  }

  async function sendCrew(page: Page, reference: string, crew: string) {
    await page.getByLabel(`Crew for ${reference}`).selectOption({ label: crew });
    await page.getByRole('button', { name: `Assign crew to ${reference}` }).click();
    await page.getByText(AdminMessages.crewAssigned(crew, reference)).waitFor();
  }

  const axe = async (page: Page) => violationLines(await auditPage(page));

  it('assigns crews, prints a day sheet, ends the visits, and publishes the review they earn', async () => {
    const today = todayInToronto();
    const admin = await signUp(site.product.api.app, PASSWORD, 'admin');
    const first = await visitToday('Ada Park', '11 Queen St W, Toronto', 'morning', admin.token);
    const second = await visitToday('Ben Osei', '22 King St E, Toronto', 'morning', admin.token);
    const third = await visitToday(
      'Cleo Marsh',
      '33 Bloor St W, Toronto',
      'afternoon',
      admin.token,
    );

    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await watchCspViolations(page);
    await logInThroughPage(page, site.origin, admin.email, PASSWORD);
    await page.goto(`${site.origin}/admin?tab=schedule&week=${today}`);
    await page.getByRole('heading', { name: 'Schedule', level: 2 }).waitFor();
    await page.getByLabel(`Crew for ${first.reference}`).waitFor();
    expect(await axe(page)).toEqual([]);

    // Two crews: one visit each in the morning, Crew A again in the afternoon.
    await sendCrew(page, first.reference, 'Crew A');
    await sendCrew(page, second.reference, 'Crew B');
    await sendCrew(page, third.reference, 'Crew A');
    // Crew A is out on the first visit that morning: the board offers it to nobody else there.
    const secondCrews = page.getByLabel(`Crew for ${second.reference}`);
    await waitForDisabled(secondCrews.locator('option', { hasText: 'Crew A' }));

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({
      path: path.join(ARTIFACTS, 'schedule-board-1280.png'),
      fullPage: true,
    });

    // Crew A's day sheet: its visits in visiting order, with their addresses and phones.
    await page.getByRole('button', { name: `Day sheet for ${longDate(today)}` }).click();
    await page.getByLabel('Crew', { exact: true }).selectOption({ label: 'Crew A' });
    const sheet = page.getByRole('list', { name: 'Visits of Crew A, in visiting order' });
    await sheet.waitFor();
    const text = await sheet.innerText();
    for (const visit of [first, third]) {
      expect(text).toContain(visit.address);
      expect(text).toContain(visit.phone);
    }
    expect(text.indexOf(first.address)).toBeLessThan(text.indexOf(third.address));
    expect(text).not.toContain(second.address);
    expect(await axe(page)).toEqual([]);
    // Printed, the sheet is all there is: the console around it is hidden.
    await page.emulateMedia({ media: 'print' });
    await page.getByRole('tab', { name: 'Schedule' }).waitFor({ state: 'hidden' });
    await sheet.waitFor({ state: 'visible' });
    await page.screenshot({ path: path.join(ARTIFACTS, 'day-sheet-crew-a.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Back to the board' }).click();

    // The first visit is done; nobody was home for the second.
    await page.getByRole('button', { name: `Mark ${first.reference} done` }).click();
    await page.getByText(AdminMessages.moved('done'), { exact: false }).waitFor();
    await page.getByRole('button', { name: `Mark ${second.reference} as a no-show` }).click();
    await page.getByRole('button', { name: 'Yes, no-show' }).click();
    await eventually(async () => {
      const stored = await BookingModel.find({ _id: { $in: [first.id, second.id] } });
      expect(Object.fromEntries(stored.map((booking) => [booking.id, booking.status]))).toEqual({
        [first.id]: 'done',
        [second.id]: 'no_show',
      });
    });

    // The next morning: the review request's delayed job, brought forward, sends the email.
    const queue = site.product.api.context.jobs.queue(QueueName.BookingEmails);
    const job = await queue.getJob(`review-request-${first.id}`);
    expect(await job?.getState()).toBe('delayed');
    await job?.promote();
    const request = await eventually(async () => {
      const mails = await waitForMail(first.email);
      const found = mails.find((mail) => mail.Subject.includes('how was your'));
      expect(found).toBeDefined();
      return found;
    });
    const link = /https?:\/\/[^\s"<>]+\/review\?token=[\w.%-]+/.exec(request?.Text ?? '')?.[0];
    expect(link?.startsWith(site.origin)).toBe(true);

    // The customer, on a phone, leaves five stars.
    const phone = await site.browser.newContext({ viewport: { width: 375, height: 800 } });
    const customer = await phone.newPage();
    await customer.goto(link ?? '');
    await customer.getByRole('radio', { name: '5 stars' }).check();
    await customer.getByLabel('Your review').fill(REVIEW_TEXT);
    await customer.getByRole('button', { name: 'Send my review' }).click();
    await customer.getByRole('heading', { name: 'Thank you!' }).waitFor();
    expect((await ReviewModel.findById(first.id))?.toObject()).toMatchObject({
      rating: 5,
      text: REVIEW_TEXT,
      status: 'pending',
    });

    // The operator approves it.
    await page.goto(`${site.origin}/admin?tab=reviews`);
    await page.getByText(REVIEW_TEXT).waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await eventually(async () => {
      expect((await ReviewModel.findById(first.id))?.status).toBe('approved');
    });

    // And it shows on the services page, with the count and average of approved reviews.
    const visitor = await (await site.browser.newContext()).newPage();
    await visitor.goto(`${site.origin}/service/service1`);
    // The block loads as it nears the screen: the visitor scrolls down to it.
    await visitor.getByRole('heading', { level: 1 }).first().waitFor();
    await visitor.evaluate(() => {
      window.scrollTo(0, document.body.scrollHeight);
    });
    await visitor.getByText('5.0 out of 5 from 1 review').waitFor();
    await visitor.getByText(REVIEW_TEXT).waitFor();
    expect(await cspViolations(page)).toEqual([]);
    await Promise.all([context.close(), phone.close(), visitor.context().close()]);
  });
});
