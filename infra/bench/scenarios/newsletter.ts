import mongoose from 'mongoose';
import { renderCampaignContent } from '../../../api/src/newsletter/campaign-content';
import { CampaignModel } from '../../../api/src/newsletter/campaign-model';
import { CampaignService } from '../../../api/src/newsletter/campaign-service';
import { newsletterEmail } from '../../../api/src/newsletter/newsletter-emails';
import { NewsletterLinks } from '../../../api/src/newsletter/newsletter-links';
import { sendNewsletterFloor } from '../baselines/floor-newsletter';
import { sendThroughBarePool } from '../baselines/nodemailer-pool';
import type { Scenario } from '../bench-types';
import { insertConfirmedSubscribers } from '../confirmed-subscribers';
import { cpuMsPer, describeCpuPer, measureCpu, productProcesses } from '../cpu-time';
import { mailCount, mailSince, waitForMail } from '../mail-arrival';
import { sampleMemory } from '../memory-sampler';
import { productSettings } from '../product-settings';
import { waitUntilQuiet } from '../settle';
import { ratioOf, TargetCheck, TARGETS } from '../targets';

const TARGET = TARGETS.newsletter;
const SUBJECT = 'Getting your garden ready for spring';

/** A newsletter of the usual length: a few paragraphs, a list, a link. */
const BODY = `# Spring is on its way

After a long Toronto winter, a little care in March and April makes the whole summer easier.
Here is what our crews do first in every garden we look after, and what you can do yourself.

## This month

- Rake out the beds gently: the soil is still soft and easy to compact.
- Cut back last year's perennials and ornamental grasses before new growth starts.
- Check fences, gates and deck boards for frost damage while they are easy to reach.
- Clean the eavestroughs so the spring rain goes where it should.

## Book early

Our spring clean-up visits fill up quickly once the snow is gone. Book a **One-time Visit**
or a **Monthly Visit** now and choose the morning, afternoon or evening that suits you.

[See our services](https://homeservices.ca/services)

Thank you for reading, and see you in the garden.
`;

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

    const content = renderCampaignContent('markdown', BODY);
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
          subject: SUBJECT,
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
          subject: SUBJECT,
          content,
          unsubscribeUrl: links.unsubscribePageUrl(subscriberId),
          oneClickUnsubscribeUrl: links.oneClickUrl(subscriberId),
        });
      },
    });

    await waitUntilQuiet(context);
    const campaigns = new CampaignService({ jobs: context.jobs });
    const draft = await campaigns.create(
      { subject: SUBJECT, format: 'markdown', body: BODY },
      'bench',
    );
    log(
      `product: campaign ${draft.id} to ${String(count)} subscribers (batches of ${String(config.NEWSLETTER_BATCH_SIZE)}, ${String(config.NEWSLETTER_CONCURRENCY)} connections); timing until the last arrives...`,
    );
    const memory = sampleMemory(product.workers.child.pid);
    const cpu = measureCpu(productProcesses(product));
    const before = mailCount(sink);
    const startedAt = Date.now();
    await campaigns.start(draft.id);
    const arrival = await waitForMail(sink, before, count, {
      startedAt,
      timeoutMs: 120_000 + count * 20,
      log,
    });
    const cpuSeconds = cpu.stop();
    log(`  CPU ms per message: ${describeCpuPer(cpuSeconds, count)}`);
    await waitUntilQuiet(context);
    const workersMemory = memory.stop();
    const received = mailSince(sink, before);
    const campaign = await CampaignModel.findById(draft.id).lean();
    const progress = (await campaigns.get(draft.id)).progress;

    const floorRatio = ratioOf(arrival.perSecond, floor.perSecond);
    const peak = workersMemory.peakMb ?? Infinity;
    const check = new TargetCheck()
      .expectFloorRatio(floorRatio, TARGET.minFloorRatio)
      .expect(
        received.messages === count && received.recipients === count,
        `${String(received.messages)} messages to ${String(received.recipients)} recipients, not ${String(count)}`,
      )
      .expect(campaign?.status === 'sent', `campaign ended ${String(campaign?.status)}, not sent`)
      .expect(
        peak < TARGET.maxWorkersRssMb,
        `workers' peak RSS ${String(peak)} MB >= ${String(TARGET.maxWorkersRssMb)} MB`,
      )
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
          campaignStatus: campaign?.status,
          progress,
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
