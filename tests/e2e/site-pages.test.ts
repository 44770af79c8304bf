import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewsletterMessages } from '../../api/src/domain/newsletter/newsletter-messages';
import { signUp } from '../support/accounts';
import { auditPage, violationLines } from '../support/axe';
import { logInThroughPage } from '../support/login-page';
import { startSite, type SiteHarness } from '../support/site-harness';
import { repoRoot } from '../support/spawn-process';
import { testEmail } from '../support/test-env';
import { scaled } from '../support/time-scale';

/** Screenshots for people to look at; kept out of git (.gitignore). */
const ARTIFACTS = path.join(repoRoot, 'test-artifacts', 'screenshots');

const HEADER_LINKS: [label: string, path: RegExp, heading: string][] = [
  ['Home', /\/$/, 'Home'],
  ['About us', /\/about$/, 'About us'],
  ['Services', /\/service\/service1$/, 'Services'],
  ['Contact us', /\/contact$/, 'Contact us'],
  ['Blogs', /\/blogs$/, 'Blogs'],
  ['Register/Login', /\/signup\/register$/, 'Login'],
];

/** What a signed-in customer reaches from the header, the same at every width. */
const ACCOUNT_LINKS: [label: string, path: RegExp, heading: string][] = [
  ['Dashboard', /\/dashboard$/, 'Dashboard'],
  ['Profile', /\/Profile$/, 'Profile Settings'],
];

/** WCAG 2.2's minimum target (2.5.8): a link smaller than this is one nobody can press. */
const MIN_TARGET_PX = 24;

const PASSWORD = 'site pages 42';

describe('the site pages in Chromium', () => {
  let site: SiteHarness;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSite();
    ({ browser } = site);
    mkdirSync(ARTIFACTS, { recursive: true });
  }, scaled(120_000));
  afterAll(async () => {
    await site.close();
  });

  async function open(width: number, route = '/'): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${site.origin}${route}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'attached' });
    return page;
  }

  it.each(HEADER_LINKS)('reaches %s from the desktop header', async (label, url, heading) => {
    const page = await open(1280, label === 'Home' ? '/about' : '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
    await page.waitForURL(url);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor({ state: 'attached' });
    await page.context().close();
  });

  it.each(HEADER_LINKS)(
    'reaches %s through the mobile menu, which then closes',
    async (label, url, heading) => {
      const page = await open(375, label === 'Home' ? '/about' : '/');
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.click();
      await page.getByRole('button', { name: 'Menu', expanded: true }).waitFor();
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: label })
        .click();
      await page.waitForURL(url);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Menu', expanded: false }).waitFor();
      await page.context().close();
    },
  );

  it.each([375, 1280])(
    'takes a signed-in customer to Dashboard and Profile, and logs out, from the header at %i px',
    async (width) => {
      const account = await signUp(site.product.api.app, PASSWORD);
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await logInThroughPage(page, site.origin, account.email, PASSWORD);
      // The menu closes on every navigation: it is opened once the home page has replaced the
      // login page, or the navigation's end would close it again.
      await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor({ state: 'detached' });
      const nav = page.getByRole('navigation', { name: 'Main' });
      /** On a phone the account links are in the menu: it is opened first, as a person does. */
      const openMenu = async () => {
        if (width >= 768) return;
        await page.getByRole('button', { name: 'Menu', expanded: false }).click();
        await page.getByRole('button', { name: 'Menu', expanded: true }).waitFor();
      };
      const pressable = async (control: ReturnType<typeof nav.getByRole>, name: string) => {
        await control.waitFor({ state: 'visible' });
        const box = await control.boundingBox();
        expect(box?.width, `${name} at ${String(width)} px`).toBeGreaterThanOrEqual(MIN_TARGET_PX);
        expect(box?.height, `${name} at ${String(width)} px`).toBeGreaterThanOrEqual(MIN_TARGET_PX);
      };
      // The signed-in header (the phone's menu open) passes the audit as it is.
      await openMenu();
      expect(violationLines(await auditPage(page), `${String(width)} px`)).toEqual([]);
      for (const [index, [label, url, heading]] of ACCOUNT_LINKS.entries()) {
        if (index > 0) await openMenu();
        const link = nav.getByRole('link', { name: label, exact: true });
        await pressable(link, label);
        await link.click();
        await page.waitForURL(url);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor({ state: 'attached' });
      }
      await openMenu();
      const logout = nav.getByRole('button', { name: 'Logout' });
      await pressable(logout, 'Logout');
      await logout.click();
      await page.waitForURL(/\/$/);
      await page
        .getByRole('heading', { level: 1, name: 'Profile Settings' })
        .waitFor({ state: 'detached' });
      await openMenu();
      await nav.getByRole('link', { name: 'Register/Login' }).waitFor({ state: 'visible' });
      await context.close();
    },
  );

  it('says what the newsletter form needs, then what the server answered', async () => {
    const page = await open(1280);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await footer.getByText(NewsletterMessages.invalidEmail).waitFor();
    await footer.getByLabel('Email address').fill(testEmail('footer'));
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await footer.getByText(NewsletterMessages.checkInbox).waitFor();
    await page.context().close();
  });

  it.each([375, 1280])(
    'shows /, /about and /blogs at %i px without sideways scrolling',
    async (width) => {
      for (const [name, route] of [
        ['home', '/'],
        ['about', '/about'],
        ['blogs', '/blogs'],
      ] as const) {
        const page = await open(width, route);
        // The home page's later sections load as a reader nears them: scroll down to bring them.
        await page.evaluate(() => {
          window.scrollTo(0, document.body.scrollHeight);
        });
        if (route === '/') {
          await page.getByRole('heading', { name: 'Frequently Asked Questions' }).waitFor();
        }
        // Lazy pictures load as a reader scrolls; for the full-page shot, load them all now.
        await page.evaluate(() => {
          for (const image of Array.from(document.images)) image.loading = 'eager';
        });
        await page.waitForFunction(() =>
          Array.from(document.images).every((image) => image.complete),
        );
        await page.screenshot({
          path: path.join(ARTIFACTS, `${name}-${String(width)}.png`),
          fullPage: true,
        });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${route} at ${String(width)} px`).toBeLessThanOrEqual(0);
        await page.context().close();
      }
    },
  );
});
