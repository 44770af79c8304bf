import { CampaignModel } from '../../api/src/newsletter/campaign-model';
import { CampaignService } from '../../api/src/newsletter/campaign-service';
import type { BenchContext } from './bench-types';
import { describeCpuPer, measureCpu, productProcesses, type CpuSeconds } from './cpu-time';
import { mailCount, mailSince, waitForMail, type Arrival, type MailCount } from './mail-arrival';
import { sampleMemory, type MemoryUse } from './memory-sampler';
import { waitUntilQuiet } from './settle';

export const NEWSLETTER_SUBJECT = 'Getting your garden ready for spring';

/** A newsletter of the usual length: a few paragraphs, a list, a link. */
export const NEWSLETTER_BODY = `# Spring is on its way

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

/** What the product's send of one campaign came to, at the sink and in the workers. */
export interface CampaignSend {
  campaignId: string;
  arrival: Arrival;
  received: MailCount;
  campaignStatus: string | undefined;
  progress: unknown;
  workersMemory: MemoryUse;
  cpuSeconds: CpuSeconds;
  /** Every one of the `count` recipients got exactly one message, none two. */
  exactlyOnce: boolean;
}

/**
 * The product sends one campaign to every confirmed subscriber (`count` of them) as an operator
 * starts it, timed until the last message arrives at the sink, with the workers' memory sampled
 * and the CPU of every process counted; the product is quiet before and after.
 */
export async function sendCampaign(
  context: Pick<BenchContext, 'product' | 'sink' | 'jobs' | 'log'>,
  count: number,
  describe: string,
): Promise<CampaignSend> {
  const { product, sink, log } = context;
  await waitUntilQuiet(context);
  const campaigns = new CampaignService({ jobs: context.jobs });
  const draft = await campaigns.create(
    { subject: NEWSLETTER_SUBJECT, format: 'markdown', body: NEWSLETTER_BODY },
    'bench',
  );
  log(
    `product: campaign ${draft.id} to ${String(count)} subscribers (${describe}); timing until the last arrives...`,
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
  return {
    campaignId: draft.id,
    arrival,
    received,
    campaignStatus: campaign?.status,
    progress,
    workersMemory,
    cpuSeconds,
    exactlyOnce: received.messages === count && received.recipients === count,
  };
}

/** The words of a send that was not exactly once. */
export const notExactlyOnce = (send: CampaignSend, count: number) =>
  `${String(send.received.messages)} messages to ${String(send.received.recipients)} recipients, not ${String(count)}`;
