import { SubscriberModel } from '../../../api/src/newsletter/subscriber-model';
import type { BenchContext } from '../bench-types';
import { notExactlyOnce, sendCampaign, type CampaignSend } from '../campaign-send';
import { insertConfirmedSubscribers } from '../confirmed-subscribers';
import { productSettings } from '../product-settings';
import { SCALE_TARGETS, TargetCheck } from '../targets';
import { FIXTURE_DOMAIN } from './scale-fixtures';

const TARGET = SCALE_TARGETS.newsletter;

export interface ScaleNewsletterResult {
  scenario: string;
  product: string;
  target: string;
  met: boolean;
  missed: string[];
  measured: {
    /** Confirmed subscribers the seed wrote (88 % of its subscribers are confirmed). */
    seededConfirmed: number;
    /** Confirmed subscribers added to reach the target's count. */
    added: number;
    count: number;
    send: CampaignSend;
  };
}

/**
 * A newsletter to 500,000 confirmed subscribers (times the seed's scale) on the seeded database:
 * the seed's confirmed subscribers, and as many more as make the count (the seed confirms 88 % of
 * its 500,000), all sent by the product's workers with the rate limit off, each exactly once.
 */
export async function newsletterAtScale(
  context: Pick<BenchContext, 'product' | 'sink' | 'jobs' | 'log'>,
  seedScale: number,
): Promise<ScaleNewsletterResult> {
  const { product, log } = context;
  const config = productSettings(product.env);
  if (config.NEWSLETTER_RATE_PER_SECOND !== 0) {
    throw new Error('the newsletter at scale needs NEWSLETTER_RATE_PER_SECOND=0 (no limit)');
  }
  const count = Math.max(1, Math.round(TARGET.subscribers * seedScale));
  const seededConfirmed = await SubscriberModel.countDocuments({ status: 'confirmed' });
  const added = Math.max(0, count - seededConfirmed);
  log(
    `${String(seededConfirmed)} confirmed subscribers seeded; adding ${String(added)} to make ${String(count)}...`,
  );
  if (added > 0) {
    await insertConfirmedSubscribers(
      added,
      (index) => `reader-${String(index)}@${FIXTURE_DOMAIN}`,
      log,
    );
  }
  const total = seededConfirmed + added;
  const send = await sendCampaign(
    context,
    total,
    `batches of ${String(config.NEWSLETTER_BATCH_SIZE)}, ${String(config.NEWSLETTER_CONCURRENCY)} connections, beside ${String(seededConfirmed)} seeded`,
  );
  const check = new TargetCheck()
    .expect(send.exactlyOnce, notExactlyOnce(send, total))
    .expect(send.campaignStatus === 'sent', `campaign ended ${String(send.campaignStatus)}`)
    .expectWorkersRss(send.workersMemory.peakMb, TARGET.maxWorkersRssMb);
  return {
    scenario: `newsletter to ${String(total)} confirmed subscribers, no rate limit`,
    product: `${String(send.arrival.perSecond)} msg/s (${send.arrival.seconds.toFixed(1)} s); ${String(send.received.messages)} messages, ${String(send.received.recipients)} recipients; workers peak ${String(send.workersMemory.peakMb)} MB`,
    target: `exactly once each, workers RSS < ${String(TARGET.maxWorkersRssMb)} MB`,
    met: check.met,
    missed: check.missed,
    measured: { seededConfirmed, added, count: total, send },
  };
}
