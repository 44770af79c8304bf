import type { Locator, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../../api/src/bookings/booking-model';
import { addDays, todayInToronto } from '../../api/src/domain/calendar/toronto-date';
import { TEST_PAYMENT_METHODS } from '../../api/src/domain/payment/test-cards';
import { signUp, type TestAccount } from '../support/accounts';
import { pageSettled } from '../support/axe';
import { bookingFields, fillBookingDialog, withFields, workingDay } from '../support/booking-form';
import {
  contrastOf,
  MINIMUM_CONTRAST,
  paintedTextOf,
  rgbText,
  type PaintedText,
} from '../support/contrast';
import { logInThroughPage } from '../support/login-page';
import { eventually } from '../support/poll';
import { activePlan, type PaidPlan } from '../support/plans';
import { startSite, type SiteHarness } from '../support/site-harness';
import { testEmail } from '../support/test-env';
import { scaled } from '../support/time-scale';

const PASSWORD = 'button states 42';

/** What a visitor presses: buttons, links drawn as buttons, tabs, and labels drawn as buttons. */
const CONTROLS =
  'button, a.button, label.button, [role="button"], [role="tab"], a.site-nav__link--account';

/**
 * Every look a button has on the site; each must have been found on some page below, so a
 * variant that stops being rendered here (or is renamed) is noticed rather than skipped.
 */
const VARIANTS = [
  'button',
  'button--secondary',
  'button--danger',
  'text-button',
  'site-header__toggle',
  'site-nav__link--account',
  'site-nav__logout',
  'carousel-controls__button',
  'testimonials__dot',
  'faq__toggle',
  'modal__close',
  'plan-option__choose',
  'payment__tab',
  'auth__link',
  'admin-tabs__tab',
  'avatar-panel__choose',
];

type State = 'rest' | 'hover' | 'focus-visible' | 'active';
const STATES: readonly State[] = ['rest', 'hover', 'focus-visible', 'active'];

interface Scene {
  readonly name: string;
  readonly width: number;
  readonly who?: 'customer' | 'admin';
  /** Opens the page and brings it to the state whose controls are measured. */
  readonly open: (page: Page) => Promise<void>;
  /** Only the controls in here (an open dialog, the header); the whole page otherwise. */
  readonly within?: string;
  /** Only these controls, for a scene that adds one control to a page already measured. */
  readonly only?: string;
}

describe('every button style keeps its text readable in every state (WCAG 1.4.3)', () => {
  let site: SiteHarness;
  let customer: TestAccount;
  let admin: TestAccount;
  let plan: PaidPlan;
  let visit: { id: string; token: string };

  beforeAll(async () => {
    site = await startSite({ AUTH_RATE_LIMIT_MAX: '1000' });
    customer = await signUp(site.product.api.app, PASSWORD);
    admin = await signUp(site.product.api.app, PASSWORD, 'admin');
    // The plan's own actions (pause, cancel) need its owner: a visit's link proves one visit.
    plan = await activePlan(site.product.api.app, { email: customer.email }, customer.token);
    visit = await paidOneTimeVisit();
  }, scaled(180_000));
  afterAll(async () => {
    await site.close();
  });

  const go = (page: Page, path: string) => page.goto(`${site.origin}${path}`);

  /** A paid One-time Visit and its manage link's token, paid as the site's card form pays. */
  async function paidOneTimeVisit(): Promise<{ id: string; token: string }> {
    const { app } = site.product.api;
    const fields = bookingFields();
    const booked = await withFields(request(app).post('/api/bookings'), fields);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const booking = { id: booked.body.booking.id as string, token: booked.body.token as string };
    const paid = await request(app).post('/api/payments').send({
      bookingId: booking.id,
      amount: 14_900,
      paymentMethod: 'card',
      customerEmail: fields.email,
      paymentMethodId: TEST_PAYMENT_METHODS.succeeds,
      token: booking.token,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await eventually(async () =>
      expect((await BookingModel.findById(booking.id))?.status).toBe('paid'),
    );
    return booking;
  }

  const managePath = (booking: { id: string; token: string }) =>
    `/bookings/manage?${new URLSearchParams({ booking: booking.id, token: booking.token }).toString()}`;

  async function openBookingForm(page: Page): Promise<void> {
    await go(page, '/service/service1');
    await page.getByRole('button', { name: 'Book Now for Painting' }).click();
    await page.getByRole('button', { name: 'Choose One-time Visit' }).click();
    await page.getByRole('dialog').getByLabel('Full Name').waitFor();
  }

  const scenes: Scene[] = [
    {
      name: 'home',
      width: 1280,
      async open(page) {
        await go(page, '/');
        // The page's own sections first (their code loads after the document), then to its
        // end: the sections below the fold load as a reader nears them.
        await page
          .getByRole('heading', { name: 'We Offer Different Services to Clean Your Area' })
          .waitFor();
        await page.evaluate(() => {
          window.scrollTo(0, document.body.scrollHeight);
        });
        await page.getByRole('heading', { name: 'Frequently Asked Questions' }).waitFor();
        await page.getByRole('button', { name: /^Show testimonial 1/ }).waitFor();
      },
    },
    {
      name: 'home, phone header',
      width: 375,
      within: 'header',
      async open(page) {
        await go(page, '/');
        await page.getByRole('button', { name: 'Menu' }).waitFor();
      },
    },
    { name: 'about', width: 1280, open: (page) => go(page, '/about').then(() => undefined) },
    {
      name: 'services',
      width: 1280,
      async open(page) {
        await go(page, '/service/service1');
        await page.getByRole('button', { name: 'Book Now for Painting' }).waitFor();
      },
    },
    {
      name: 'plan dialog',
      width: 1280,
      within: 'dialog[open]',
      async open(page) {
        await go(page, '/service/service1');
        await page.getByRole('button', { name: 'Book Now for Painting' }).click();
        await page.getByRole('button', { name: 'Choose One-time Visit' }).waitFor();
      },
    },
    {
      name: 'booking dialog',
      width: 1280,
      within: 'dialog[open]',
      open: openBookingForm,
    },
    {
      name: 'payment dialog',
      width: 1280,
      within: 'dialog[open]',
      async open(page) {
        await openBookingForm(page);
        await fillBookingDialog(
          page,
          testEmail('payer'),
          workingDay(addDays(todayInToronto(), 40)),
        );
        await page.getByRole('button', { name: 'Continue to Payment' }).click();
        await page.getByRole('dialog', { name: 'Complete Your Payment' }).waitFor();
      },
    },
    {
      name: 'login',
      width: 1280,
      async open(page) {
        await go(page, '/signup/register');
        await page.getByRole('button', { name: 'Forgot Password?' }).waitFor();
      },
    },
    {
      name: 'profile, signed in',
      width: 1280,
      who: 'customer',
      async open(page) {
        await go(page, '/Profile');
        await page.getByRole('button', { name: 'Save Changes' }).waitFor();
      },
    },
    {
      name: 'phone menu, signed in',
      width: 375,
      who: 'customer',
      within: 'header',
      async open(page) {
        await go(page, '/Profile');
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('button', { name: 'Logout' }).waitFor();
      },
    },
    {
      name: 'visit page',
      width: 1280,
      async open(page) {
        await go(page, managePath(visit));
        await page.getByRole('button', { name: 'Cancel booking' }).waitFor();
      },
    },
    {
      name: 'visit page, asked to confirm the cancel',
      width: 1280,
      only: '.button--danger',
      async open(page) {
        await go(page, managePath(visit));
        await page.getByRole('button', { name: 'Cancel booking' }).click();
        await page.getByRole('button', { name: 'Yes, cancel it' }).waitFor();
      },
    },
    {
      // The outline buttons of the issue: "Pause next month" and each visit's "Move".
      name: 'plan page',
      width: 1280,
      who: 'customer',
      async open(page) {
        await go(page, managePath(plan));
        await page.getByRole('button', { name: 'Pause next month' }).waitFor();
      },
    },
    {
      name: 'plan page, asked to confirm the cancel',
      width: 1280,
      who: 'customer',
      only: '.button--danger',
      async open(page) {
        await go(page, managePath(plan));
        await page.getByRole('button', { name: 'Cancel at end of month' }).click();
        await page.getByRole('button', { name: 'Yes, cancel at end of month' }).waitFor();
      },
    },
    {
      name: 'admin',
      width: 1280,
      who: 'admin',
      async open(page) {
        await go(page, '/admin');
        await page.getByRole('tab').first().waitFor();
      },
    },
  ];

  /** Marks the scene's controls, one of each look (tag and classes), and names them. */
  function markControls(page: Page, scene: Scene): Promise<string[]> {
    return page.evaluate(
      ({ selector, within }) => {
        const root = within === undefined ? document : document.querySelector(within);
        if (root === null) throw new Error(`nothing matches ${within ?? ''}`);
        const seen = new Set<string>();
        for (const control of Array.from(root.querySelectorAll(selector))) {
          const box = control.getBoundingClientRect();
          const disabled =
            control.matches(':disabled') || control.getAttribute('aria-disabled') === 'true';
          if (disabled || control.closest('[inert]') !== null) continue;
          if (box.width === 0 || box.height === 0) continue;
          if (getComputedStyle(control).visibility !== 'visible') continue;
          const look = `${control.tagName.toLowerCase()}.${Array.from(control.classList).sort().join('.')}`;
          if (seen.has(look)) continue;
          control.setAttribute('data-contrast-probe', String(seen.size));
          seen.add(look);
        }
        return Array.from(seen);
      },
      { selector: scene.only ?? CONTROLS, within: scene.within },
    );
  }

  /** What gets focus for a control: a label drawn as a button stands for its input. */
  async function focusTarget(control: Locator): Promise<Locator> {
    const forId = await control.evaluate((element) =>
      element instanceof HTMLLabelElement ? element.htmlFor : '',
    );
    return forId === '' ? control : control.page().locator(`[id="${forId}"]`);
  }

  /** Puts the control under `state` as a person would: the mouse, the keyboard, a held press. */
  async function enter(page: Page, control: Locator, state: State): Promise<void> {
    const target = await focusTarget(control);
    // Away from the control, and nothing focused: the rest state.
    await page.mouse.move(1, 1);
    await target.evaluate((element) => {
      if (element instanceof HTMLElement) element.blur();
    });
    if (state === 'rest') {
      await control.scrollIntoViewIfNeeded();
    } else if (state === 'hover') {
      await control.hover();
    } else if (state === 'focus-visible') {
      // Into the control from the keyboard: out with Shift+Tab and back with Tab. Where Tab does
      // not come back to it (a tab of a tab list that is not selected), focus is put on it
      // right after the key, which the browser still counts as keyboard focus.
      await target.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const back = await target.evaluate((element) => element === document.activeElement);
      if (!back) await target.focus();
    } else {
      await control.hover();
      // The press must not act (open a dialog, send a form, leave the page): its click is
      // cancelled before the page sees it.
      await page.evaluate(() => {
        const swallow = (event: Event) => {
          event.preventDefault();
          event.stopImmediatePropagation();
        };
        window.addEventListener('click', swallow, { capture: true, once: true });
        (window as unknown as { swallowClick?: typeof swallow }).swallowClick = swallow;
      });
      await page.mouse.down();
    }
    await pageSettled(page);
  }

  async function leave(page: Page, state: State): Promise<void> {
    if (state !== 'active') return;
    await page.mouse.up();
    await page.evaluate(() => {
      const holder = window as unknown as { swallowClick?: (event: Event) => void };
      if (holder.swallowClick) window.removeEventListener('click', holder.swallowClick, true);
      delete holder.swallowClick;
    });
  }

  /** Whether the browser agrees the control is in that state (a :hover that did not take). */
  async function inState(control: Locator, state: State): Promise<boolean> {
    if (state === 'rest') return true;
    const target = state === 'focus-visible' ? await focusTarget(control) : control;
    return target.evaluate((element, pseudo) => element.matches(pseudo), `:${state}`);
  }

  function problemsIn(readings: PaintedText[], where: string): string[] {
    return readings.flatMap((painted) => {
      if (painted.unresolved !== undefined) {
        return [`${where} "${painted.text}": not on a flat colour (${painted.unresolved})`];
      }
      const { ratio, text, back } = contrastOf(painted);
      return ratio >= MINIMUM_CONTRAST
        ? []
        : [
            `${where} "${painted.text}": ${ratio.toFixed(2)}:1, ${rgbText(text)} on ${rgbText(back)}`,
          ];
    });
  }

  // What the scenes found, for the last test: every look of VARIANTS met on some page.
  const found = new Set<string>();

  it.each(scenes.map((scene) => [scene.name, scene] as const))(
    '%s: every button look at rest, hovered, focused and pressed',
    async (_, scene) => {
      const context = await site.browser.newContext({
        viewport: { width: scene.width, height: 900 },
      });
      const page = await context.newPage();
      if (scene.who !== undefined) {
        const account = scene.who === 'admin' ? admin : customer;
        await logInThroughPage(page, site.origin, account.email, PASSWORD);
      }
      await scene.open(page);
      await pageSettled(page);
      const looks = await markControls(page, scene);
      expect(looks.length, 'no controls found').toBeGreaterThan(0);
      const problems: string[] = [];
      for (const [index, look] of looks.entries()) {
        for (const name of look.split('.').slice(1)) found.add(name);
        const control = page.locator(`[data-contrast-probe="${String(index)}"]`);
        for (const state of STATES) {
          const where = `${String(scene.width)} px, ${look} :${state}`;
          await enter(page, control, state);
          try {
            if (await inState(control, state)) {
              problems.push(...problemsIn(await paintedTextOf(control), where));
            } else {
              problems.push(`${where}: the browser did not put it in that state`);
            }
          } finally {
            await leave(page, state);
          }
        }
      }
      await context.close();
      expect(problems).toEqual([]);
    },
    scaled(180_000),
  );

  // Runs after the scenes above (a file's tests run in order): it reads what they found.
  it('met every button look the site has', () => {
    expect(VARIANTS.filter((variant) => !found.has(variant))).toEqual([]);
  });
});
