import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInToronto } from '../../api/src/domain/calendar/toronto-date';
import { InvoiceModel } from '../../api/src/invoices/invoice-model';
import { signUp, type TestAccount } from '../support/accounts';
import { auditPage, violationLines } from '../support/axe';
import { fillBookingDialog, payWithTestCard, workingDay } from '../support/booking-form';
import { pdfText } from '../support/pdf-text';
import { eventually } from '../support/poll';
import { startSite, type SiteHarness } from '../support/site-harness';
import { scaled } from '../support/time-scale';

const ARTIFACTS = path.join(import.meta.dirname, '..', '..', 'test-artifacts', 'screenshots');
const PASSWORD = 'invoices-e2e-Passw0rd!';

/**
 * Issue 32 in Chromium: a customer pays, finds the invoice on the dashboard, downloads its PDF
 * and reads its number; the invoice page and the operators' Payments tab pass axe at both widths.
 */
describe('invoices in Chromium', () => {
  let site: SiteHarness;
  let customer: TestAccount;
  let invoiceId = '';
  let invoiceNumber = '';

  beforeAll(async () => {
    site = await startSite({ SAME_DAY_LEAD_HOURS: '41', AUTH_RATE_LIMIT_MAX: '1000' });
    mkdirSync(ARTIFACTS, { recursive: true });
    customer = await signUp(site.product.api.app, PASSWORD);
  }, scaled(120_000));
  afterAll(async () => {
    await site.close();
  });

  async function signedInPage(account: TestAccount, width: number, at: string): Promise<Page> {
    const context = await site.browser.newContext({
      viewport: { width, height: 900 },
      acceptDownloads: true,
    });
    await context.addInitScript((login: string) => {
      window.localStorage.setItem('authToken', login);
      window.localStorage.setItem('username', 'Sam Lee');
    }, account.token);
    const page = await context.newPage();
    await page.goto(`${site.origin}${at}`);
    return page;
  }

  /** What every page of this issue must be at each width: shot, axe-clean, no sideways scroll. */
  async function expectSound(page: Page, name: string, width: number): Promise<void> {
    await page.screenshot({
      path: path.join(ARTIFACTS, `${name}-${String(width)}.png`),
      fullPage: true,
    });
    expect(violationLines(await auditPage(page), `${String(width)} px`)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  }

  it('pays a booking, finds its invoice on the dashboard and downloads the PDF with its number', async () => {
    const page = await signedInPage(customer, 1280, '/service/service1');
    await page.getByRole('button', { name: 'Book Now for Painting' }).click();
    await page.getByRole('button', { name: 'Choose One-time Visit' }).click();
    await fillBookingDialog(page, customer.email, workingDay(addDays(todayInToronto(), 5)));
    await page.getByRole('dialog').getByLabel('Company (for invoices)').fill('Queen St Bistro');
    await payWithTestCard(page, 'Painting', customer.email);

    const invoice = await eventually(async () => {
      const found = await InvoiceModel.findOne({ userId: customer.userId }).lean();
      expect(found).not.toBeNull();
      return found;
    });
    invoiceId = invoice?._id ?? '';
    invoiceNumber = invoice?.number ?? '';
    expect(invoice?.buyer.company).toBe('Queen St Bistro');

    await page.goto(`${site.origin}/dashboard`);
    const invoices = page.getByRole('region', { name: 'Invoices' });
    const row = invoices.getByRole('row').filter({ hasText: invoiceNumber });
    await row.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /Download PDF/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const file = await download.path();
    const text = await pdfText(readFileSync(file));
    expect(text).toContain(invoiceNumber);
    expect(text).toContain('Queen St Bistro');

    await row.getByRole('link', { name: /View/ }).click();
    await page.waitForURL(`${site.origin}/invoices/${invoiceId}`);
    await page.getByRole('heading', { name: new RegExp(invoiceNumber) }).waitFor();
    await page.context().close();
  });

  it.each([375, 1280])('shows the invoice page with no axe violation at %i px', async (width) => {
    expect(invoiceId).not.toBe('');
    const page = await signedInPage(customer, width, `/invoices/${invoiceId}`);
    await page.getByRole('heading', { name: new RegExp(invoiceNumber) }).waitFor();
    await page.getByText('GST/HST Registration No.').first().waitFor();
    await expectSound(page, 'invoice', width);
  });

  it.each([375, 1280])(
    'shows the operators the books with no axe violation at %i px',
    async (width) => {
      expect(invoiceNumber).not.toBe('');
      const operator = await signUp(site.product.api.app, PASSWORD, 'admin');
      const page = await signedInPage(operator, width, '/admin?tab=payments');
      await page.getByRole('heading', { name: 'Payments: invoices and credit notes' }).waitFor();
      await page.getByRole('rowheader', { name: invoiceNumber }).waitFor();
      await expectSound(page, 'books', width);
    },
  );
});
