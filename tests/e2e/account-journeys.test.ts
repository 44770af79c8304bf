import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages } from '../../api/src/domain/auth/auth-messages';
import { auditPage, violationLines } from '../support/axe';
import { waitForValue } from '../support/browser';
import { waitForMail } from '../support/mailbox';
import { signUp } from '../support/accounts';
import { logInThroughPage } from '../support/login-page';
import { eventually } from '../support/poll';
import { startSite, type SiteHarness } from '../support/site-harness';
import { testEmail } from '../support/test-env';
import { scaled } from '../support/time-scale';

const PASSWORD = 'correct horse 42';

describe('account journeys in Chromium', () => {
  let site: SiteHarness;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite({ AUTH_RATE_LIMIT_MAX: '1000' });
    ({ browser } = site);
  }, scaled(120_000));
  afterAll(async () => {
    await site.close();
  });

  async function newPage(path: string, width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
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

  it.each([375, 1280])(
    'says a saved profile where the person is looking, the focus kept on Save, at %i px',
    async (width) => {
      const account = await signUp(site.product.api.app, PASSWORD);
      const page = await newPage('/', width);
      await logIn(page, account.email, PASSWORD);
      await page.goto(`${site.origin}/Profile`);
      const profile = page.getByRole('main');
      await waitForValue(profile.getByLabel('Email'), account.email);
      await profile.getByLabel('City').fill('Toronto');
      await profile.getByRole('button', { name: 'Save Changes' }).click();
      const saved = profile.getByText('Profile updated successfully!');
      await saved.waitFor();
      // In view below the sticky header, and the focus still on the button just pressed.
      await eventually(async () => {
        const seen = await saved.evaluate((notice) => {
          const box = notice.getBoundingClientRect();
          const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
          return {
            inView: box.top >= header && box.bottom <= window.innerHeight,
            // The focused button's words, or the element that holds the focus instead.
            focus:
              document.activeElement instanceof HTMLButtonElement
                ? document.activeElement.textContent
                : (document.activeElement?.tagName.toLowerCase() ?? null),
          };
        });
        expect(seen).toEqual({ inView: true, focus: 'Save Changes' });
      });
      expect(violationLines(await auditPage(page), `${String(width)} px`)).toEqual([]);
      await page.context().close();
    },
  );

  it.each([375, 1280])(
    'resets a forgotten password through the emailed link, then logs in with the new one (%i px)',
    async (width) => {
      const { email } = await signUp(site.product.api.app, PASSWORD);
      const page = await newPage('/signup/register', width);
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
      // The login page it lands on says why the visitor is there, and which password to use.
      const card = page.getByRole('main');
      await card.getByRole('heading', { name: 'Log in to your account' }).waitFor();
      await card.getByRole('status').getByText(AuthMessages.resetDone).waitFor();
      expect(violationLines(await auditPage(page), `${String(width)} px`)).toEqual([]);

      await logIn(page, email, 'a brand new secret 7');
      await page.context().close();
    },
  );
});
