import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailChangeModel } from '../src/accounts/email-change-model';
import { PasswordResetTokenModel } from '../src/accounts/password-reset-token-model';
import { ContactMessageModel } from '../src/contact/contact-message-model';
import { RETENTION_DAYS } from '../src/domain/retention';
import { NewsletterDeliveryModel } from '../src/newsletter/newsletter-delivery-model';
import { TestPortalModel } from '../src/payments/test-billing-model';
import { TestCheckoutModel } from '../src/payments/test-checkout-model';
import { connectMongo, createAllIndexes, disconnectMongo } from '../src/platform/mongo';
import { testEnv } from '../../tests/support/test-env';

const DAY = 24 * 3600;

interface IndexInfo {
  name: string;
  key: Record<string, number>;
  expireAfterSeconds?: number;
  partialFilterExpression?: Record<string, unknown>;
}

async function ttlIndexes(model: mongoose.Model<never>): Promise<IndexInfo[]> {
  const indexes = (await model.collection.indexes()) as unknown as IndexInfo[];
  return indexes.filter((index) => index.expireAfterSeconds !== undefined);
}

describe('retention TTL indexes', () => {
  const env = testEnv();
  beforeAll(async () => {
    await connectMongo({ url: env.MONGO_URL ?? '', dbName: env.MONGO_DB });
  });
  afterAll(async () => {
    await mongoose.connection.dropDatabase();
    await disconnectMongo();
  });

  it('expire contact messages two years after their last change', async () => {
    expect(RETENTION_DAYS.contactMessage).toBe(730);
    const ttl = await ttlIndexes(ContactMessageModel as unknown as mongoose.Model<never>);
    expect(ttl).toEqual([
      expect.objectContaining({ key: { updatedAt: 1 }, expireAfterSeconds: 730 * DAY }),
    ]);
  });

  it('expire only the delivery rows given an expiry date, never an open or unconfirmed one', async () => {
    const ttl = await ttlIndexes(NewsletterDeliveryModel as unknown as mongoose.Model<never>);
    expect(ttl).toEqual([
      expect.objectContaining({
        key: { expiresAt: 1 },
        expireAfterSeconds: 0,
        partialFilterExpression: { expiresAt: { $type: 'date' } },
      }),
    ]);
    const filter = ttl[0]?.partialFilterExpression ?? {};
    const campaignId = new mongoose.Types.ObjectId();
    const rows = await NewsletterDeliveryModel.create(
      (['pending', 'sending', 'committed'] as const).map((status, batch) => ({
        campaignId,
        subscriberId: new mongoose.Types.ObjectId(),
        email: `${status}@example.test`,
        batch,
        status,
      })),
    );
    // As the product writes them, none carries a date: the TTL monitor never sees them.
    expect(rows.map((row) => row.expiresAt)).toEqual([null, null, null]);
    expect(
      await NewsletterDeliveryModel.countDocuments({
        _id: { $in: rows.map((r) => r._id) },
        ...filter,
      }),
    ).toBe(0);
  });

  it('expire every token and checkout page a while after its own expiry', async () => {
    for (const [model, seconds] of [
      [PasswordResetTokenModel, DAY],
      [EmailChangeModel, DAY],
      [TestCheckoutModel, 30 * DAY],
      [TestPortalModel, 30 * DAY],
    ] as const) {
      const ttl = await ttlIndexes(model as unknown as mongoose.Model<never>);
      expect(ttl, model.modelName).toEqual([
        expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: seconds }),
      ]);
    }
  });

  it('alters a TTL index whose period changed, and rebuilds one whose filter changed', async () => {
    const contacts = ContactMessageModel.collection;
    const deliveries = NewsletterDeliveryModel.collection;
    // As an older release left them: another period, and a filter-less expiry index.
    await contacts.dropIndex('updatedAt_1');
    await contacts.createIndex({ updatedAt: 1 }, { expireAfterSeconds: 90 * DAY });
    await deliveries.dropIndex('expiresAt_1');
    await deliveries.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 3600 });
    // Without the reconciliation, MongoDB refuses both declarations (IndexOptionsConflict).
    await expect(ContactMessageModel.createIndexes()).rejects.toThrow(
      /already exists|different options/i,
    );

    await createAllIndexes(mongoose);
    expect(await ttlIndexes(ContactMessageModel as unknown as mongoose.Model<never>)).toEqual([
      expect.objectContaining({ key: { updatedAt: 1 }, expireAfterSeconds: 730 * DAY }),
    ]);
    expect(await ttlIndexes(NewsletterDeliveryModel as unknown as mongoose.Model<never>)).toEqual([
      expect.objectContaining({
        expireAfterSeconds: 0,
        partialFilterExpression: { expiresAt: { $type: 'date' } },
      }),
    ]);
    // And a second start-up changes nothing.
    await createAllIndexes(mongoose);
  });
});
