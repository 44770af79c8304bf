import AxeBuilder from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.2 levels A and AA, with the 2.0 and 2.1 criteria they include. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Resolves once nothing on the page is moving: every finite animation and transition has ended.
 * An endless one (a spinner) is left alone; it would never end.
 */
export async function pageSettled(page: Page): Promise<void> {
  // A function, not a string: the site's CSP refuses eval, and a string is evaluated.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const timing = animation.effect?.getComputedTiming();
      return animation.playState !== 'running' || timing?.iterations === Infinity;
    }),
  );
}

/**
 * axe-core's WCAG 2.2 AA audit of the page as it rests. A carousel sampled mid-fade reads as low
 * contrast, so by default the audit asks for reduced motion (nothing rotates, transitions end at
 * once, as a visitor who asked their system for less sees the page), waits for whatever still
 * moves, then gives the page its own motion back. `motion: 'as is'` audits the page with its
 * motion, for a page whose carousels were paused by their buttons; `include` narrows the audit.
 */
export async function auditPage(
  page: Page,
  options: { include?: string; motion?: 'reduced' | 'as is' } = {},
): Promise<AxeResults> {
  const reduce = options.motion !== 'as is';
  if (reduce) await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await pageSettled(page);
    const builder = new AxeBuilder({ page }).withTags(WCAG_AA);
    return await (
      options.include === undefined ? builder : builder.include(options.include)
    ).analyze();
  } finally {
    if (reduce) await page.emulateMedia({ reducedMotion: null });
  }
}

/** The audit's violations, one line each: the rule, its impact and the elements it found. */
export function violationLines(results: AxeResults, where = ''): string[] {
  return results.violations.map(
    (violation) =>
      `${where}${where ? ': ' : ''}${violation.id} (${violation.impact ?? 'unknown'}) ` +
      `${violation.help}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
