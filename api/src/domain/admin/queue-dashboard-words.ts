/**
 * Names for the queue dashboard's icon-only buttons, by the icon each shows (bull-board's lucide
 * icons): the words of its own tooltips, which a screen reader never hears. Browser-safe.
 */
export const QUEUE_DASHBOARD_BUTTON_NAMES: Readonly<Record<string, string>> = {
  'refresh-cw': 'Retry',
  'corner-up-left': 'Promote',
  'trash-2': 'Clean',
  pencil: 'Update data',
  files: 'Duplicate',
  clock: 'Reschedule',
  'arrow-up-down': 'Change priority',
  'list-x': 'Remove unprocessed children',
  copy: 'Copy',
  maximize: 'Full screen',
  'maximize-2': 'Expand the flow to full screen',
  'minimize-2': 'Exit full screen',
  settings: 'Settings',
  'ellipsis-vertical': 'More actions',
  'panel-left': 'Show or hide the sidebar',
  x: 'Close',
  play: 'Resume',
  pause: 'Pause',
  'chevron-left': 'Previous',
  'chevron-right': 'Next',
};

/** The dashboard's title, in its header and the browser's tab. */
export const QUEUE_DASHBOARD_TITLE = 'Home Services queues';

/** The Redis logo: an image, and the only content of the button that opens Redis's details. */
export const QUEUE_DASHBOARD_REDIS_NAME = 'Redis details';
