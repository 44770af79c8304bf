import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../../api/src/bookings/booking-model';
import { AdminMessages } from '../../api/src/domain/admin/admin-messages';
import { formatCad } from '../../api/src/domain/booking/catalogue';
import { addDays, todayInToronto } from '../../api/src/domain/calendar/toronto-date';
import { quoteTotals, type QuoteLineInput } from '../../api/src/domain/quote/quote-totals';
import { QuoteModel } from '../../api/src/quotes/quote-model';
import type { MailDetail } from '../../api/src/dev-mailbox/mailbox-client';
import { signUp, type TestAccount } from '../support/accounts';
import { auditPage, violationLines } from '../support/axe';
import { cspViolations, watchCspViolations } from '../support/browser';
import { fillBookingDialog, isWorkingDay, workingDay } from '../support/booking-form';
import { visitMadeOnClosedDay } from '../support/done-visits';
import { logInThroughPage } from '../support/login-page';
import { mailbox } from '../support/mailbox';
import { eventually } from '../support/poll';
import { startSite, type SiteHarness } from '../support/site-harness';
import { scaled } from '../support/time-scale';

const PASSWORD = 'quote-journey-Passw0rd!';
/**
 * Screenshots for a person to look at (`QUOTE_SHOTS=/tmp/quote-shots`), out of the repository;
 * none unless asked for.
 */
const SHOTS = process.env.QUOTE_SHOTS ?? null;
const CUSTOMER_NAME = 'Maya Singh';

/** The quote as the operator writes it: three lines of work and one optional item. */
const LINES: readonly QuoteLineInput[] = [
  {
    description: 'Cedar deck, 12 × 16 ft, built and installed',
    quantity: 1,
    unitPriceCents: 850_000,
    optional: false,
  },
  { description: 'Deck stain, two coats', quantity: 2, unitPriceCents: 45_000, optional: false },
  { description: 'Aluminium railing', quantity: 1, unitPriceCents: 150_000, optional: false },
  { description: 'LED post-cap lighting', quantity: 8, unitPriceCents: 9_900, optional: true },
];
const OPTIONAL_INDEX = 3;
/** What the customer sees before choosing, and what they accept with the lighting added. */
const WITHOUT_OPTION = quoteTotals(LINES, [], null);
const WITH_OPTION = quoteTotals(LINES, [OPTIONAL_INDEX], null);

/** The console writes money as $10,900.00. */
const consoleMoney = (cents: number) =>
  `$${Math.floor(cents / 100).toLocaleString('en-CA')}.${String(cents % 100).padStart(2, '0')}`;

const INVOICE_NUMBER = /^HS-\d{4}-\d{6}$/;
const RECEIPT_NUMBER = /^HS-R-\d{4}-\d{6}$/;

/**
 * Issue 33 in Chromium: quotes for custom work, from the estimate request to the receipt. A
 * signed-in customer asks for a free construction estimate on their phone; the operator books
 * the site visit on the board and marks it done, writes the quote in the console (three lines and
 * an optional item) and sends it; the customer opens the emailed link, adds the optional item,
 * accepts and pays the deposit on the test checkout page; the operator books the job's two
 * visits and marks them done; the customer pays the balance from its email; and the dashboard
 * lists the quote with its deposit invoice, balance invoice and receipt. The steps share their
 * state in order: each needs the one before it.
 */
describe('a quote for custom work in Chromium', () => {
  let site: SiteHarness;
  let customer: TestAccount;
  let operator: TestAccount;
  /** The customer's phone and the operator's desk, each one browser context for the journey. */
  let phone: BrowserContext;
  let desk: BrowserContext;
  let customerPage: Page;
  let consolePage: Page;
  const today = todayInToronto();
  /** A public holiday: nothing is booked onto today (the business calendar). */
  const closedToday = !isWorkingDay(today);
  /** The day visits are booked for: today when the business is open, else the next working day. */
  const visitDay = closedToday ? workingDay(addDays(today, 1)) : today;
  let estimate = { id: '', reference: '' };
  let quote = { id: '', number: '', link: '' };

  beforeAll(async () => {
    site = await startSite({ AUTH_RATE_LIMIT_MAX: '1000' });
    if (SHOTS !== null) mkdirSync(SHOTS, { recursive: true });
    [customer, operator] = await Promise.all([
      signUp(site.product.api.app, PASSWORD),
      signUp(site.product.api.app, PASSWORD, 'admin'),
    ]);
    phone = await site.browser.newContext({ viewport: { width: 375, height: 800 } });
    customerPage = await phone.newPage();
    await watchCspViolations(customerPage);
    desk = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    // The operator's session, as a sign-in leaves it (the customer signs in through the page).
    await desk.addInitScript((login: string) => {
      window.localStorage.setItem('authToken', login);
      window.localStorage.setItem('username', 'Sam Lee');
    }, operator.token);
    consolePage = await desk.newPage();
    await watchCspViolations(consolePage);
  }, scaled(120_000));
  afterAll(async () => {
    // Closing the browser closes both contexts.
    await site.close();
  });

  const shot = async (page: Page, name: string) => {
    if (SHOTS === null) return;
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  };

  /** How far the page scrolls sideways: nothing, on a page that fits its width. */
  const sidewaysScroll = (page: Page) =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );

  /** The first email to `to` whose subject starts with `subject`, waited for. */
  async function mailStarting(to: string, subject: string): Promise<MailDetail> {
    const client = mailbox();
    const found = await eventually(async () => {
      const mails = await client.list({ to });
      const match = mails.find((mail) => mail.Subject.startsWith(subject));
      if (!match) {
        throw new Error(
          `no email to ${to} starting "${subject}"; found: ${mails.map((mail) => mail.Subject).join(' | ')}`,
        );
      }
      return match;
    });
    return client.get(found.ID);
  }

  /** The link of an email's call to action, as its text part carries it ("Label: URL"). */
  function actionLink(mail: MailDetail, label: string): string {
    const link = new RegExp(`${label}: (\\S+)`).exec(mail.Text)?.[1];
    if (!link) throw new Error(`no "${label}" link in:\n${mail.Text}`);
    expect(link.startsWith(`${site.origin}/quotes/`)).toBe(true);
    return link;
  }

  /** Pays on the local test provider's checkout page, and waits to be back on the quote page. */
  async function payOnTestCheckout(page: Page, amountCents: number): Promise<void> {
    await page.waitForURL(/\/api\/payments\/test-checkout\//);
    await page.getByText(`${formatCad(amountCents)} CAD`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Pay with test card 4242 4242 4242 4242' }).click();
    await page.waitForURL(new RegExp(`/quotes/${quote.id}\\?.*paid=1`));
  }

  /**
   * A visit put on `visitDay`: on a public holiday it is moved onto today, as a visit made before
   * the day was closed, so that it can be marked done.
   */
  async function onTodayIfClosed(bookingId: string): Promise<void> {
    if (closedToday) await visitMadeOnClosedDay(bookingId, today);
  }

  it(
    'the signed-in customer asks for a free construction estimate on their phone',
    async () => {
      const page = customerPage;
      await logInThroughPage(page, site.origin, customer.email, PASSWORD);
      // Through the site's own booking form, signed in: the request belongs to the account.
      await page.goto(`${site.origin}/service/service1`);
      await page.getByRole('button', { name: 'Book Now for Free Construction Estimate' }).click();
      const form = page.getByRole('dialog');
      await form.getByText('Custom Estimate').first().waitFor();
      await fillBookingDialog(page, customer.email, workingDay(addDays(today, 3)));
      await form.getByRole('button', { name: 'Request My Free Estimate' }).click();
      await page.getByText('Thank you! We will contact you soon.').waitFor();

      const stored = await eventually(async () => {
        const found = await BookingModel.findOne({ email: customer.email }).lean();
        expect(found?.status).toBe('estimate_requested');
        return found;
      });
      expect(stored?.planId).toBe('custom-estimate');
      expect(String(stored?.userId)).toBe(customer.userId);
      estimate = { id: String(stored?._id), reference: stored?.reference ?? '' };
    },
    scaled(60_000),
  );

  it(
    'the operator books the site visit on the board and marks it done',
    async () => {
      expect(estimate.id).not.toBe('');
      const page = consolePage;
      const { reference } = estimate;
      const preferred = (await BookingModel.findById(estimate.id).lean())?.date ?? today;
      // The request waits under the day it prefers, in that day's week.
      await page.goto(`${site.origin}/admin?tab=schedule&week=${preferred}`);
      await page.getByRole('button', { name: `Schedule site visit for ${reference}` }).click();
      const visitForm = page.getByRole('group', { name: `Site visit for ${reference}` });
      await visitForm.getByLabel('Date').fill(visitDay);
      await visitForm.getByLabel('Window').selectOption('morning');
      await visitForm.getByRole('button', { name: 'Book site visit' }).click();
      await eventually(async () => {
        const booked = await BookingModel.findById(estimate.id).lean();
        expect([booked?.status, booked?.date, booked?.time]).toEqual([
          'estimate_scheduled',
          visitDay,
          'morning',
        ]);
      });
      await onTodayIfClosed(estimate.id);

      // Today's board: the visit is made, and marked done.
      await page.goto(`${site.origin}/admin?tab=schedule&week=${today}`);
      await page.getByRole('button', { name: `Mark ${reference} done` }).click();
      await page.getByText(AdminMessages.moved('done'), { exact: false }).waitFor();
      await eventually(async () =>
        expect((await BookingModel.findById(estimate.id).lean())?.status).toBe('done'),
      );
    },
    scaled(60_000),
  );

  it(
    'the operator writes the quote in the console, three lines and an optional item, and sends it',
    async () => {
      expect(estimate.reference).not.toBe('');
      const page = consolePage;
      await page.goto(`${site.origin}/admin?tab=bookings`);
      await page.getByRole('button', { name: `Write a quote for ${estimate.reference}` }).click();
      await page.waitForURL(/[?&]quote=[a-f0-9]{24}/);
      const quoteId = new URL(page.url()).searchParams.get('quote') ?? '';
      const draft = await QuoteModel.findById(quoteId).lean();
      expect(draft?.estimateId).toBe(estimate.id);
      const number = draft?.number ?? '';
      expect(number).toMatch(/^Q-\d{4}-\d{6}$/);
      await page
        .getByText(`Draft quote ${number} was created for estimate ${estimate.reference}.`)
        .waitFor();

      const editor = page.getByRole('form', { name: 'Quote draft' });
      for (const [index, line] of LINES.entries()) {
        const suffix = `, line ${String(index + 1)}`;
        await editor.getByRole('button', { name: 'Add a line' }).click();
        await editor.getByLabel(`Description${suffix}`, { exact: true }).fill(line.description);
        await editor.getByLabel(`Quantity${suffix}`, { exact: true }).fill(String(line.quantity));
        await editor
          .getByLabel(`Unit price ($)${suffix}`, { exact: true })
          .fill(String(line.unitPriceCents / 100));
        if (line.optional) await editor.getByLabel(`Optional${suffix}`, { exact: true }).check();
      }
      // Saved: the server's totals, with and without the optional item, and the status says so.
      const totals = page.getByRole('region', { name: 'Totals', exact: true });
      await totals.getByText(consoleMoney(WITHOUT_OPTION.totalCents), { exact: true }).waitFor();
      await totals.getByText(consoleMoney(WITH_OPTION.totalCents), { exact: true }).waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: /^Saved$/ })
        .waitFor();
      expect(violationLines(await auditPage(page), 'editor, 1280 px')).toEqual([]);
      await shot(page, 'editor-1280');

      await page.getByRole('button', { name: 'Send to customer' }).click();
      await page.getByRole('button', { name: 'Yes, send it' }).click();
      await page.getByText(`Quote ${number} (revision 1) was sent to ${customer.email}.`).waitFor();
      const mail = await mailStarting(customer.email, `Your quote ${number} from Home Services`);
      quote = { id: quoteId, number, link: actionLink(mail, 'Review and accept') };
      expect(quote.link).toContain(`/quotes/${quoteId}?token=`);
    },
    scaled(60_000),
  );

  it(
    'the customer adds the optional item, accepts the quote and pays its deposit',
    async () => {
      expect(quote.link).not.toBe('');
      const page = customerPage;
      await page.goto(quote.link);
      await page
        .getByRole('heading', { level: 1, name: `Quote ${quote.number} (revision 1)` })
        .waitFor();
      const summary = page.getByRole('region', { name: 'Summary', exact: true });
      await summary.getByText(formatCad(WITHOUT_OPTION.totalCents), { exact: true }).waitFor();
      expect(violationLines(await auditPage(page), 'quote, 375 px')).toEqual([]);

      // The optional item ticked, the total is the server's with it.
      await page.getByRole('checkbox', { name: LINES[OPTIONAL_INDEX]?.description }).check();
      await summary.getByText(formatCad(WITH_OPTION.totalCents), { exact: true }).waitFor();
      await summary
        .getByText(`${formatCad(WITH_OPTION.depositCents)} (25% of the total)`, { exact: true })
        .waitFor();
      await summary.getByText(formatCad(WITH_OPTION.balanceCents), { exact: true }).waitFor();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await shot(page, 'quote-open-375');
      await page.setViewportSize({ width: 1280, height: 900 });
      expect(violationLines(await auditPage(page), 'quote, 1280 px')).toEqual([]);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await shot(page, 'quote-open-1280');
      await page.setViewportSize({ width: 375, height: 800 });

      await page.getByLabel('Type your full name to accept').fill(CUSTOMER_NAME);
      await page.getByRole('button', { name: 'Accept the quote' }).click();
      await payOnTestCheckout(page, WITH_OPTION.depositCents);

      // Back on the quote: the deposit confirmed, the quote is a job.
      await page.getByRole('heading', { name: 'Your quote is accepted' }).waitFor();
      await page.getByText('Your deposit is paid.').waitFor();
      await page.getByText('We will call you to book the visits.').waitFor();
      const accepted = await QuoteModel.findById(quote.id).lean();
      expect(accepted?.status).toBe('converted');
      expect(accepted?.acceptance?.name).toBe(CUSTOMER_NAME);
      expect(accepted?.acceptance?.optionalItems).toEqual([OPTIONAL_INDEX]);
      expect(accepted?.acceptedTotals?.totalCents).toBe(WITH_OPTION.totalCents);
      const depositMail = await mailStarting(
        customer.email,
        `We received your deposit for quote ${quote.number}`,
      );
      expect(depositMail.Attachments.map((file) => file.ContentType)).toContain('application/pdf');
      await shot(page, 'quote-job-booked-375');
    },
    scaled(60_000),
  );

  it(
    "the operator books the job's two visits and marks both done",
    async () => {
      expect(quote.id).not.toBe('');
      const page = consolePage;
      await page.goto(`${site.origin}/admin?tab=quotes&quote=${quote.id}`);
      await page.getByRole('heading', { name: 'Job', exact: true }).waitFor();
      const booking = page.getByRole('form', { name: 'Book a visit' });
      const references: string[] = [];
      for (const time of ['morning', 'afternoon']) {
        await booking.getByLabel('Date').fill(visitDay);
        await booking.getByLabel('Window').selectOption(time);
        await booking.getByRole('button', { name: 'Book', exact: true }).click();
        const visit = await eventually(async () => {
          const found = await BookingModel.findOne({ quoteId: quote.id, time }).lean();
          expect(found?.date).toBe(visitDay);
          return found;
        });
        const reference = visit?.reference ?? '';
        await page.getByText(new RegExp(`^Visit ${reference} booked for `)).waitFor();
        await onTodayIfClosed(String(visit?._id));
        references.push(reference);
      }
      if (closedToday) await page.reload();
      for (const reference of references) {
        await page.getByRole('button', { name: `Mark visit ${reference} done` }).click();
        await page
          .getByRole('listitem', { name: `Visit ${reference}` })
          .getByText('Done', { exact: true })
          .waitFor();
      }
      // The last visit done, the workers invoice the balance. The panel, read again when the
      // visit was marked, does not learn of it by itself: the operator reloads to see it.
      const invoiced = await eventually(async () => {
        const found = await QuoteModel.findById(quote.id).lean();
        expect(found?.balanceInvoiceNumber).toMatch(INVOICE_NUMBER);
        return found?.balanceInvoiceNumber ?? '';
      });
      await shot(page, 'job-after-done-1280');
      await page.reload();
      await page.getByLabel('The job’s balance').getByText(invoiced, { exact: true }).waitFor();
      await shot(page, 'job-1280');
      // The customer was told of each visit.
      await eventually(async () => {
        const subjects = (await mailbox().list({ to: customer.email })).map((mail) => mail.Subject);
        expect(
          subjects.filter((subject) => subject.startsWith('Your work visit is booked')),
        ).toHaveLength(2);
      });
    },
    scaled(60_000),
  );

  it(
    'the customer pays the balance from its email and the quote is paid in full',
    async () => {
      const invoiced = await eventually(async () => {
        const found = await QuoteModel.findById(quote.id).lean();
        expect(found?.balanceInvoiceNumber).toMatch(INVOICE_NUMBER);
        return found;
      });
      const balanceInvoice = invoiced?.balanceInvoiceNumber ?? '';
      const mail = await mailStarting(
        customer.email,
        `The work is done: balance of quote ${quote.number} (invoice ${balanceInvoice})`,
      );
      const page = customerPage;
      await page.goto(actionLink(mail, 'Pay the balance'));
      await page.getByRole('heading', { name: 'Balance due' }).waitFor();
      await page
        .getByText(
          `The work is done. Balance due: ${formatCad(WITH_OPTION.balanceCents)} (invoice ${balanceInvoice}).`,
        )
        .waitFor();
      await page.getByRole('button', { name: 'Pay the balance' }).click();
      await payOnTestCheckout(page, WITH_OPTION.balanceCents);

      await page.getByRole('heading', { name: 'Paid in full' }).waitFor();
      await page.getByText('Paid in full. Thank you!').waitFor();
      const completed = await eventually(async () => {
        const found = await QuoteModel.findById(quote.id).lean();
        expect(found?.receiptNumber).toMatch(RECEIPT_NUMBER);
        return found;
      });
      await page.getByText(completed?.receiptNumber ?? '', { exact: true }).waitFor();
      await mailStarting(
        customer.email,
        `Receipt ${completed?.receiptNumber ?? ''}: quote ${quote.number} paid in full`,
      );
      await shot(page, 'quote-paid-375');
    },
    scaled(60_000),
  );

  it(
    'the dashboard lists the quote, its deposit invoice, its balance invoice and its receipt',
    async () => {
      const stored = await QuoteModel.findById(quote.id).lean();
      const documents = [
        { number: stored?.depositInvoiceNumber ?? '', kind: 'Invoice' },
        { number: stored?.balanceInvoiceNumber ?? '', kind: 'Invoice' },
        { number: stored?.receiptNumber ?? '', kind: 'Receipt' },
      ];
      expect(documents.map((document) => document.number)).toEqual([
        expect.stringMatching(INVOICE_NUMBER),
        expect.stringMatching(INVOICE_NUMBER),
        expect.stringMatching(RECEIPT_NUMBER),
      ]);
      expect(new Set(documents.map((document) => document.number)).size).toBe(3);

      const page = customerPage;
      await page.goto(`${site.origin}/dashboard`);
      await page
        .getByRole('region', { name: 'Your quotes', exact: true })
        .getByRole('row')
        .filter({ hasText: `${quote.number} (revision 1)` })
        .filter({ hasText: 'Paid in full' })
        .waitFor();
      const invoices = page.getByRole('region', { name: 'Invoices', exact: true });
      for (const { number, kind } of documents) {
        await invoices
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name: number, exact: true }) })
          .filter({ hasText: kind })
          .waitFor();
      }
      await shot(page, 'dashboard-375');
      expect(await cspViolations(customerPage)).toEqual([]);
      expect(await cspViolations(consolePage)).toEqual([]);
    },
    scaled(60_000),
  );
});
