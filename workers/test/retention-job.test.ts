import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '@hs/api/bookings/booking-model';
import { PLANS, SERVICES } from '@hs/api/domain/booking/catalogue';
import { torontoDate } from '@hs/api/domain/calendar/toronto-date';
import { jobs } from '@hs/api/jobs/job-definitions';
import { JobProducer } from '@hs/api/jobs/job-producer';
import { createRedis } from '@hs/api/platform/redis';
import { redisTarget } from '@hs/api/config/redis-target';
import { CampaignModel } from '@hs/api/newsletter/campaign-model';
import { CampaignService } from '@hs/api/newsletter/campaign-service';
import { NewsletterDeliveryModel } from '@hs/api/newsletter/newsletter-delivery-model';
import type { Clock } from '@hs/api/platform/clock';
import { createLogger } from '@hs/api/platform/logger';
import { connectMongo, disconnectMongo } from '@hs/api/platform/mongo';
import { Storage } from '@hs/api/platform/storage';
import { storageOptions } from '@hs/api/platform/storage-options';
import { loadWorkersConfig } from '../src/config';
import type { Processor } from '../src/processor';
import { retentionProcessors } from '../src/processors/retention';
import { testEnv } from '../../tests/support/test-env';

const DAY_MS = 24 * 3600 * 1000;
const NOW = new Date('2026-11-30T15:00:00Z');
const clock: Clock = { now: () => NOW };
const daysAgo = (days: number) => torontoDate(new Date(NOW.getTime() - days * DAY_MS));

describe('the daily retention job', () => {
  const config = loadWorkersConfig(testEnv());
  const storage = new Storage(storageOptions(config));
  const redis = createRedis(redisTarget(config));
  let processor: Processor;
  const run = () =>
    processor.handle(
      {},
      { jobId: 'retention-test', attempt: 1, log: createLogger({ name: 't', level: 'silent' }) },
    );

  beforeAll(async () => {
    await connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB });
    const [found] = retentionProcessors({ photoStore: storage, clock });
    if (!found) throw new Error('no retention processor');
    processor = found;
    expect(processor.job).toBe(jobs.retentionSweep);
  });
  afterAll(async () => {
    await mongoose.connection.dropDatabase();
    await disconnectMongo();
    storage.destroy();
    redis.disconnect();
  });

  async function bookingWithPhoto(date: string, status: string, photo = true) {
    const id = randomBytes(4).toString('hex');
    const imageKey = photo ? `bookings/${id}/photo.jpg` : '';
    if (photo) await storage.put(imageKey, Buffer.from(`photo of ${id}`), 'image/jpeg');
    const booking = await BookingModel.create({
      reference: `HS-${id.toUpperCase()}`,
      name: 'Pat Client',
      phone: '416-555-0199',
      email: `${id}@example.test`,
      address: '1 Main St, Toronto',
      serviceId: SERVICES[0]?.id,
      planId: PLANS[0]?.id,
      date,
      time: 'morning',
      status,
      imageKey,
      imageType: photo ? 'image/jpeg' : '',
    });
    return { id: booking._id, imageKey };
  }

  const exists = async (key: string) => (await storage.list(key)).includes(key);

  it('deletes the photos of visits more than a year past, and only those, once', async () => {
    const old = await bookingWithPhoto(daysAgo(400), 'done');
    const oldCancelled = await bookingWithPhoto(daysAgo(366), 'cancelled');
    const justAYear = await bookingWithPhoto(daysAgo(365), 'done');
    const recent = await bookingWithPhoto(daysAgo(30), 'done');
    const upcoming = await bookingWithPhoto(daysAgo(-10), 'paid');
    const oldWithout = await bookingWithPhoto(daysAgo(500), 'done', false);

    await run();

    for (const gone of [old, oldCancelled]) {
      expect(await exists(gone.imageKey), gone.imageKey).toBe(false);
      const booking = await BookingModel.findById(gone.id).lean();
      expect(booking?.imageKey).toBe('');
      expect(booking?.imageType).toBe('');
    }
    for (const kept of [justAYear, recent, upcoming]) {
      expect(await exists(kept.imageKey), kept.imageKey).toBe(true);
      expect((await BookingModel.findById(kept.id).lean())?.imageKey).toBe(kept.imageKey);
    }
    expect((await BookingModel.findById(oldWithout.id).lean())?.imageKey).toBe('');

    // Again: nothing left to do, nothing else touched; a photo already gone from storage (a run
    // stopped between the two steps) is cleared all the same.
    const halfDone = await bookingWithPhoto(daysAgo(400), 'done');
    await storage.delete(halfDone.imageKey);
    await run();
    expect((await BookingModel.findById(halfDone.id).lean())?.imageKey).toBe('');
    for (const kept of [justAYear, recent, upcoming]) {
      expect(await exists(kept.imageKey)).toBe(true);
    }
  });

  it('settles a finished campaign: its totals stay when its rows expire, open rows never expire', async () => {
    const service = new CampaignService({
      jobs: new JobProducer(redis, config.QUEUE_PREFIX),
    });
    const campaign = async (status: 'sent' | 'sending', rows: string[]) => {
      const created = await CampaignModel.create({
        subject: 'Spring',
        format: 'markdown',
        body: 'b',
        html: 'b',
        text: 'b',
        status,
        createdBy: 'admin',
        fanOutDone: true,
        finishedAt: status === 'sent' ? NOW : null,
      });
      await NewsletterDeliveryModel.insertMany(
        rows.map((row, index) => ({
          campaignId: created._id,
          subscriberId: new mongoose.Types.ObjectId(),
          email: `r${String(index)}@example.test`,
          batch: 0,
          status: row,
        })),
      );
      return created._id;
    };
    const finished = await campaign('sent', ['sent', 'sent', 'resent', 'failed', 'skipped']);
    const unconfirmed = await campaign('sent', ['sent', 'committed']);
    const sending = await campaign('sending', ['sent', 'pending', 'sending']);
    const before = await service.get(finished.toHexString());

    await run();

    const settled = await CampaignModel.findById(finished).lean();
    expect(settled?.settledAt).toEqual(NOW);
    const rows = await NewsletterDeliveryModel.find({ campaignId: finished }).lean();
    const year = new Date(NOW.getTime() + 365 * DAY_MS);
    expect(rows.map((row) => row.expiresAt)).toEqual(rows.map(() => year));
    // What the TTL monitor does a year on: the rows go, the campaign's progress does not change.
    await NewsletterDeliveryModel.deleteMany({ campaignId: finished, expiresAt: { $lte: year } });
    expect(await service.get(finished.toHexString())).toEqual(before);
    expect(before.progress).toMatchObject({ total: 5, sent: 3, failed: 1, skipped: 1 });

    // A campaign with an unconfirmed send, or still sending: nothing of it gets a date.
    for (const campaignId of [unconfirmed, sending]) {
      expect((await CampaignModel.findById(campaignId).lean())?.settledAt).toBeNull();
      const dated = await NewsletterDeliveryModel.countDocuments({
        campaignId,
        expiresAt: { $type: 'date' },
      });
      expect(dated).toBe(0);
    }
    // Once an operator decides the unconfirmed send, the next run settles it.
    await NewsletterDeliveryModel.updateOne(
      { campaignId: unconfirmed, status: 'committed' },
      { $set: { status: 'sent' } },
    );
    await run();
    expect((await CampaignModel.findById(unconfirmed).lean())?.settledProgress).toEqual({
      total: 2,
      sent: 2,
      failed: 0,
      skipped: 0,
    });
  });
});
