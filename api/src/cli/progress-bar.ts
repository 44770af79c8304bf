import { unansweredAfterSending, type CampaignView } from '../domain/newsletter/newsletter-schema';

const WIDTH = 30;
const number = new Intl.NumberFormat('en-CA');

/** '[##########--------------------] 1,000 / 3,000 sent · 2 failed · 0 skipped · sending' */
export function progressLine(view: CampaignView): string {
  const { total, sent, failed, skipped } = view.progress;
  const done = sent + failed + skipped;
  const filled =
    total === 0 ? (view.recipientsFixed ? WIDTH : 0) : Math.round((done / total) * WIDTH);
  const bar = `${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}`;
  const unanswered = unansweredAfterSending(view);
  const unconfirmed =
    unanswered > 0
      ? ` (${number.format(unanswered)} unconfirmed: a worker died before the server answered)`
      : '';
  return `[${bar}] ${number.format(sent)} / ${number.format(total)} sent${unconfirmed} · ${number.format(failed)} failed · ${number.format(skipped)} skipped · ${view.status}`;
}
