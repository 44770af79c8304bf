import { jobs } from '@hs/api/jobs/job-definitions';
import type { JobProducer } from '@hs/api/jobs/job-producer';
import type { Clock } from '@hs/api/platform/clock';
import { settleFinishedCampaigns } from '@hs/api/retention/delivery-retention';
import { deleteExpiredPhotos, type PhotoStore } from '@hs/api/retention/photo-retention';
import { defineProcessor, type Processor } from '../processor';

export interface RetentionDependencies {
  photoStore: PhotoStore;
  clock: Clock;
}

/** Every night at 03:30 in Toronto, when the site is quiet. */
export const RETENTION_SCHEDULE = {
  schedulerId: 'retention-daily',
  pattern: '0 30 3 * * *',
  timeZone: 'America/Toronto',
} as const;

/** Sets up the daily retention job; every workers process may call it, it stays one schedule. */
export async function scheduleRetention(producer: Pick<JobProducer, 'schedule'>): Promise<void> {
  await producer.schedule(jobs.retentionSweep, {}, RETENTION_SCHEDULE);
}

/** The daily retention job (docs/product.md#privacy): delivery records, then booking photos. */
export function retentionProcessors(deps: RetentionDependencies): Processor[] {
  return [
    defineProcessor(jobs.retentionSweep, async (_payload, { log }) => {
      const now = deps.clock.now();
      const campaigns = await settleFinishedCampaigns(now);
      log.info(campaigns, 'retention: newsletter campaigns settled, their delivery rows dated');
      const photos = await deleteExpiredPhotos(deps.photoStore, now, {
        onError: (bookingId, error) =>
          log.warn({ bookingId, err: error }, 'retention: a photo could not be deleted'),
      });
      log.info(photos, 'retention: booking photos of visits more than a year past deleted');
      // A photo left behind is tried again by the next run; a failed job says so on the dashboard.
      if (photos.failed > 0) {
        throw new Error(`${String(photos.failed)} photos could not be deleted`);
      }
    }),
  ];
}
