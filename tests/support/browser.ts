import { existsSync } from 'node:fs';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { eventually } from './poll';

/** Debian's Chromium (Playwright's own download is not reachable here); CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((candidate): candidate is string =>
    Boolean(candidate && existsSync(candidate)),
  );
  if (!found) throw new Error('Chromium not found: apt-get install chromium, or set CHROMIUM_PATH');
  return found;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // Background networking would try hosts this machine cannot reach, many at a time.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const CSP_LOG = '__cspViolations';

/**
 * Records every refusal by the page's security policy, as the page itself sees it, from the
 * first script on. Call before the first navigation; read with `cspViolations(page)`. The
 * scripts are text because they run in the page (this module is also compiled without DOM types).
 */
export async function watchCspViolations(page: Page): Promise<void> {
  await page.addInitScript({
    content: `(() => {
      const seen = [];
      window.${CSP_LOG} = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(event.violatedDirective + ' ' + event.blockedURI);
      });
    })();`,
  });
}

/** What the policy refused so far, as 'directive blocked-uri' lines. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`window.${CSP_LOG} ?? []`);
}

/**
 * Waits until the field holds `value`, failing with what it held at the deadline. A field the page
 * fills after a fetch (a profile, a form put back) holds something else at first: read once, it is
 * a race a slower machine loses.
 */
export async function waitForValue(field: Locator, value: string): Promise<void> {
  await eventually(async () => {
    const held = await field.inputValue();
    if (held !== value)
      throw new Error(`The field holds ${JSON.stringify(held)}, not ${JSON.stringify(value)}`);
  });
}

/** Waits until the element is disabled (an option taken, a button spent). */
export async function waitForDisabled(element: Locator): Promise<void> {
  await eventually(async () => {
    if (!(await element.isDisabled())) throw new Error('The element is still enabled');
  });
}
