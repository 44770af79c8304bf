import mongoose from 'mongoose';
import { renderCampaignContent } from '../../../api/src/newsletter/campaign-content';
import { newsletterEmail } from '../../../api/src/newsletter/newsletter-emails';
import { NewsletterLinks } from '../../../api/src/newsletter/newsletter-links';
import { sendNewsletterFloor } from '../baselines/floor-newsletter';
import { sendThroughBarePool } from '../baselines/nodemailer-pool';
import type { Scenario } from '../bench-types';
import { NEWSLETTER_BODY, NEWSLETTER_SUBJECT, notExactlyOnce, sendCampaign } from '../campaign-send';
import { insertConfirmedSubscribers } from '../confirmed-subscribers';
import { cpuMsPer } from '../cpu-time';
import { productSettings } from '../product-settings';
import { waitUntilQuiet } from '../settle';
import { ratioOf, TargetCheck, TARGETS } from '../targets';

const TARGET = TARGETS.newsletter;

/**
 * A campaign to every confirmed subscriber, the send rate limit off: the workers' bulk path. Its
 * floor (baselines/floor-newsletter.ts): the subscribers read a batch at a time, one claim per
 * batch and one delivery row per message written, the bare pool sending.
 */
export const newsletterScenario: Scenario = {
  name: 'newsletter',
  async run(context) {
    const { product, sink, sizes, log } = context;
    const count = sizes.subscribers;
    const config = productSettings(product.env);
    if (config.NEWSLETTER_RATE_PER_SECOND !== 0) {
      throw new Error('the newsletter scenario needs NEWSLETTER_RATE_PER_SECOND=0 (no limit)');
    }
    await waitUntilQuiet(context);
    log(`writing ${String(count)} confirmed subscribers...`);
    await insertConfirmedSubscribers(
      count,
      (index) => `reader-${String(index)}@newsletter.bench.test`,
      log,
    );

    const content = renderCampaignContent('markdown', NEWSLETTER_BODY);
    const links = new NewsletterLinks(config.LINK_SECRET, config.SITE_URL);
    log(
      `baseline: bare nodemailer pool of ${String(config.NEWSLETTER_CONCURRENCY)} sending the newsletter ${String(count)} times...`,
    );
    const baseline = await sendThroughBarePool({
      sink,
      poolSize: config.NEWSLETTER_CONCURRENCY,
      count,
      from: config.MAIL_FROM,
      log,
      compose: (index) => {
        // A subscriber id of the same form, so the signed links are the same length.
        const subscriberId = new mongoose.Types.ObjectId().toHexString();
        return newsletterEmail({
          to: `baseline-${String(index)}@newsletter.bench.test`,
          subject: NEWSLETTER_SUBJECT,
          content,
          unsubscribeUrl: links.unsubscribePageUrl(subscriberId),
          oneClickUnsubscribeUrl: links.oneClickUrl(subscriberId),
        });
      },
    });

    await waitUntilQuiet(context);
    log(
      `floor: the same pool, subscribers read in batches of ${String(config.NEWSLETTER_BATCH_SIZE)}, one claim per batch and one delivery row per message (raw mongodb driver)...`,
    );
    const floor = await sendNewsletterFloor({
      product,
      sink,
      poolSize: config.NEWSLETTER_CONCURRENCY,
      batchSize: config.NEWSLETTER_BATCH_SIZE,
      inFlight: config.WORKER_CONCURRENCY * config.NEWSLETTER_CONCURRENCY,
      count,
      from: config.MAIL_FROM,
      log,
      compose: (recipient) => {
        const subscriberId = recipient._id.toHexString();
        return newsletterEmail({
          // Not the product's recipients: the sink counts distinct ones to prove exactly once.
          to: `floor-${recipient.email}`,
          subject: NEWSLETTER_SUBJECT,
          content,
          unsubscribeUrl: links.unsubscribePageUrl(subscriberId),
          oneClickUnsubscribeUrl: links.oneClickUrl(subscriberId),
        });
      },
    });

    const send = await sendCampaign(
      context,
      count,
      `batches of ${String(config.NEWSLETTER_BATCH_SIZE)}, ${String(config.NEWSLETTER_CONCURRENCY)} connections`,
    );
    const { arrival, received, workersMemory, cpuSeconds } = send;

    const floorRatio = ratioOf(arrival.perSecond, floor.perSecond);
    const check = new TargetCheck()
      .expectFloorRatio(floorRatio, TARGET.minFloorRatio)
      .expect(send.exactlyOnce, notExactlyOnce(send, count))
      .expect(
        send.campaignStatus === 'sent',
        `campaign ended ${String(send.campaignStatus)}, not sent`,
      )
      .expectWorkersRss(workersMemory.peakMb, TARGET.maxWorkersRssMb)
      .expect(floor.complete, 'the floor did not deliver them all in time');
    return {
      scenario: `newsletter to ${String(count)} subscribers, no rate limit`,
      product: `${String(arrival.perSecond)} msg/s (${arrival.seconds.toFixed(1)} s); ${String(received.messages)} messages, ${String(received.recipients)} recipients; workers peak ${String(workersMemory.peakMb)} MB`,
      baseline: `${String(baseline.perSecond)} msg/s (${baseline.seconds.toFixed(1)} s)`,
      ratio: ratioOf(arrival.perSecond, baseline.perSecond),
      floor: `${String(floor.perSecond)} msg/s (${floor.seconds.toFixed(1)} s)`,
      floorRatio,
      target: `ratio to floor >= ${String(TARGET.minFloorRatio)}, exactly once each, workers RSS < ${String(TARGET.maxWorkersRssMb)} MB`,
      met: check.met,
      missed: check.missed,
      measured: {
        count,
        poolSize: config.NEWSLETTER_CONCURRENCY,
        batchSize: config.NEWSLETTER_BATCH_SIZE,
        product: {
          ...arrival,
          received,
          campaignStatus: send.campaignStatus,
          progress: send.progress,
          workersMemory,
        },
        baseline,
        floor,
        cpuSeconds,
        cpuMsPerMessage: cpuMsPer(cpuSeconds, count),
      },
    };
  },
};
