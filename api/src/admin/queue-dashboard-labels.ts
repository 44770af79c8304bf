import {
  QUEUE_DASHBOARD_BUTTON_NAMES,
  QUEUE_DASHBOARD_REDIS_NAME,
} from '../domain/admin/queue-dashboard-words';

/** Where the script is served, under the dashboard's path. */
export const DASHBOARD_LABELS_PATH = '/hs/labels.js';

/**
 * A script of ours on bull-board's page that names its icon-only buttons after their icons
 * (bull-board offers no option for it: their words are in tooltips a screen reader never
 * reaches) and its Redis logo, an image that is a button's only content. It runs again whenever the page changes, since bull-board draws its
 * buttons as data arrives, and it renames a button whose icon changed (play and pause). Served
 * from the dashboard's own path, so its 'self' script policy covers it; it is a string because
 * it runs in the browser, not in the API.
 */
export function dashboardLabelsScript(): string {
  return `(() => {
  'use strict';
  const names = ${JSON.stringify(QUEUE_DASHBOARD_BUTTON_NAMES)};
  const redis = ${JSON.stringify(QUEUE_DASHBOARD_REDIS_NAME)};
  const MARK = 'data-hs-named';
  const own = (key) => Object.prototype.hasOwnProperty.call(names, key);
  const iconName = (button) => {
    const icon = button.querySelector('svg[class*="lucide-"]');
    if (!icon) return null;
    for (const name of icon.classList) {
      const key = name.replace(/^lucide-/, '');
      if (name !== key && own(key)) return names[key];
    }
    return null;
  };
  // The words a person sees: a <style> inside an icon is no name.
  const text = (element) =>
    Array.from(element.querySelectorAll('style')).reduce(
      (words, style) => words.replace(style.textContent || '', ''),
      element.textContent || '',
    );
  const unnamed = (element) =>
    !text(element).trim() &&
    !element.hasAttribute('aria-label') &&
    !element.hasAttribute('aria-labelledby') &&
    !element.hasAttribute('title');
  const label = () => {
    for (const button of document.querySelectorAll('button')) {
      if (!button.hasAttribute(MARK) && !unnamed(button)) continue;
      const name = iconName(button);
      if (name === null) continue;
      if (button.getAttribute('aria-label') !== name) button.setAttribute('aria-label', name);
      button.setAttribute(MARK, '');
    }
    // The one image bull-board draws without a name: its Redis logo.
    for (const image of document.querySelectorAll('svg[role="img"]')) {
      if (unnamed(image) && !image.querySelector('title')) image.setAttribute('aria-label', redis);
    }
  };
  const start = () => {
    label();
    new MutationObserver(label).observe(document.body, { childList: true, subtree: true });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
`;
}
