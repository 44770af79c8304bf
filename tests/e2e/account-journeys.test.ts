import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForValue } from '../support/browser';
import { waitForMail } from '../support/mailbox';
import { logInThroughPage } from '../support/login-page';
import { startSite, type SiteHarness } from '../support/site-harness';
import { testEmail } from '../support/test-env';

const PASSWORD = 'correct horse 42';

describe('account journeys in Chromium', () => {
  let site: SiteHarness;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite({ AUTH_RATE_LIMIT_MAX: '1000' });
    ({ browser } = site);
  }, 120_000);
  afterAll(async () => {
    await site.close();
  });

  async function newPage(path: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.origin}${path}`);
    return page;
  }

  const logIn = (page: Page, email: string, password: string) =>
    logInThroughPage(page, site.origin, email, password);

  it('registers, logs out, logs in, saves the profile, and finds it after a reload', async () => {
    const email = testEmail('member');
    const page = await newPage('/signup/register');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Sign Up' }).click();
    await main.getByLabel('First name').fill('Maya');
    await main.getByLabel('Last name').fill('Singh');
    await main.getByLabel('Address').fill('12 Rosedale Ave');
    await main.getByLabel('Email').fill(email);
    await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await main.getByLabel('Confirm password').fill(PASSWORD);
    await main.getByRole('button', { name: 'Sign Up' }).last().click();
    await page.getByText('Signup Successful!').waitFor();
    await page.waitForURL(`${site.origin}/`);
    await page.getByText('Welcome, Maya Singh').first().waitFor();

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.getByRole('link', { name: 'Register/Login' }).first().waitFor();

    await logIn(page, email, PASSWORD);
    await page.goto(`${site.origin}/Profile`);
    const profile = page.getByRole('main');
    await profile.getByLabel('City').fill('Toronto');
    await profile.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await page.reload();
    // The profile is fetched after the page loads: the field fills in a moment later.
    await waitForValue(page.getByRole('main').getByLabel('City'), 'Toronto');
    await page.getByText('Welcome, Maya Singh').first().waitFor();
    await page.context().close();
  });

  it('resets a forgotten password through the emailed link, then logs in with the new one', async () => {
    const email = testEmail('forgetful');
    const page = await newPage('/signup/register');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Sign Up' }).click();
    await main.getByLabel('First name').fill('Sam');
    await main.getByLabel('Last name').fill('Lee');
    await main.getByLabel('Address').fill('1 Main St');
    await main.getByLabel('Email').fill(email);
    await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await main.getByLabel('Confirm password').fill(PASSWORD);
    await main.getByRole('button', { name: 'Sign Up' }).last().click();
    await page.waitForURL(`${site.origin}/`);
    await page.getByRole('button', { name: 'Logout' }).first().click();

    await page.goto(`${site.origin}/signup/register`);
    await page.getByRole('main').getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByRole('main').getByLabel('Email').fill(email);
    await page.getByRole('main').getByRole('button', { name: 'Send Reset Link' }).click();
    const mails = await waitForMail(email, { count: 2 });
    const reset = mails.find((mail) => /reset/i.test(mail.Subject));
    const link = /(http:\/\/127\.0\.0\.1:\d+\/reset-password\/\S+)/.exec(reset?.Text ?? '')?.[1];
    expect(link).toBeTruthy();

    await page.goto(link ?? '');
    await page.getByLabel('New password', { exact: true }).fill('a brand new secret 7');
    await page.getByLabel('Confirm new password').fill('a different one');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match!').waitFor();
    await page.getByLabel('Confirm new password').fill('a brand new secret 7');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL(`${site.origin}/signup/register`, { timeout: 10_000 });

    await logIn(page, email, 'a brand new secret 7');
    await page.context().close();
  });
});
