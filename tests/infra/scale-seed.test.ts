import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserModel } from '../../api/src/accounts/user-model';
import { BookingModel } from '../../api/src/bookings/booking-model';
import { SlotModel } from '../../api/src/bookings/slot-model';
import { ContactMessageModel } from '../../api/src/contact/contact-message-model';
import { closedDaysBetween } from '../../api/src/domain/calendar/business-calendar';
import { DOCUMENT_NUMBER_PATTERN } from '../../api/src/domain/invoice/document-number';
import { DocumentCounterModel, InvoiceModel } from '../../api/src/invoices/invoice-model';
import { NewsletterDeliveryModel } from '../../api/src/newsletter/newsletter-delivery-model';
import { SubscriberModel } from '../../api/src/newsletter/subscriber-model';
import { PaymentEventModel } from '../../api/src/payments/payment-event-model';
import { connectMongo, disconnectMongo } from '../../api/src/platform/mongo';
import { ReviewModel } from '../../api/src/reviews/review-model';
import { SubscriptionModel } from '../../api/src/subscriptions/subscription-model';
import { HOLDS_PLACE } from '../../infra/seed/generators/schedule';
import { SEEDED } from '../../infra/seed/models';
import { SeedRefused, seedScale, type SeedScaleResult } from '../../infra/seed/seed-scale';
import { loadSeedConfig, type SeedConfig } from '../../infra/seed/settings';
import { volumesAt } from '../../infra/seed/volumes';
import { testEnv } from '../support/test-env';

/**
 * `npm run seed:scale` at a thousandth of a busy business, on a database of its own, then the
 * product's invariants checked with real queries: what the seed wrote is what the product would
 * have written had those three years happened through it.
 */
const SCALE = 0.001;
const volumes = volumesAt(SCALE);
const quiet = () => undefined;

let config: SeedConfig;
let result: SeedScaleResult;

beforeAll(async () => {
  config = loadSeedConfig(testEnv());
  await connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB, autoIndex: false });
  result = await seedScale({
    scale: SCALE,
    connection: mongoose,
    config,
    onProgress: quiet,
    log: quiet,
  });
});

afterAll(async () => {
  await mongoose.connection.db?.dropDatabase();
  await disconnectMongo();
});

async function collectionCounts(): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.values(SEEDED).map(
      async (model) =>
        [model.collection.collectionName, await model.collection.countDocuments()] as const,
    ),
  );
  return Object.fromEntries(entries);
}

describe('npm run seed:scale', () => {
  it('writes the counts of its scale', async () => {
    expect(await UserModel.countDocuments()).toBe(volumes.accounts);
    expect(await BookingModel.countDocuments()).toBe(volumes.bookings);
    expect(await SubscriptionModel.countDocuments()).toBe(volumes.plans);
    expect(await SubscriberModel.countDocuments()).toBe(volumes.subscribers);
    expect(await NewsletterDeliveryModel.countDocuments()).toBe(volumes.deliveries);
    expect(await ReviewModel.countDocuments()).toBe(volumes.reviews);
    expect(await ContactMessageModel.countDocuments()).toBe(volumes.contactMessages);
    const campaigns = await NewsletterDeliveryModel.distinct('campaignId');
    expect(campaigns.length).toBe(volumes.campaigns);
    expect(result.counts.bookings).toBe(volumes.bookings);
  });

  it('keeps the slot ledger equal to the bookings that hold a place, within the capacity', async () => {
    const holding = await BookingModel.find(
      { status: { $in: HOLDS_PLACE } },
      { date: 1, time: 1 },
    ).lean();
    const expected = new Map<string, string[]>();
    for (const booking of holding) {
      const key = `${booking.date}|${booking.time}`;
      expected.set(key, [...(expected.get(key) ?? []), booking._id]);
    }
    const slots = await SlotModel.find().lean();
    const stored = new Map(slots.map((slot) => [`${slot.date}|${slot.time}`, slot.holders]));
    expect(holding.length).toBeGreaterThan(0);
    expect([...stored.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, ids] of expected) {
      expect([...(stored.get(key) ?? [])].sort(), key).toEqual([...ids].sort());
      expect(ids.length).toBeLessThanOrEqual(result.capacity);
    }
    // One crew per window: the unique index was built over every seeded assignment.
    const crews = await BookingModel.countDocuments({ crewId: { $type: 'string' } });
    expect(crews).toBeGreaterThan(0);
  });

  it('gives every paid booking its payment event and invoice, and every refund its credit note', async () => {
    const paidOnce = await BookingModel.find(
      { 'payment.paidAt': { $ne: null }, subscriptionId: null },
      { status: 1 },
    ).lean();
    expect(paidOnce.length).toBeGreaterThan(0);
    const invoices = new Set(
      (await InvoiceModel.find({}, { source: 1 }).lean()).map((invoice) => invoice.source),
    );
    const paidEvents = new Set(
      (await PaymentEventModel.find({ 'effect.kind': 'paid' }, { effect: 1 }).lean()).map(
        (event) => (event.effect as { bookingId: string }).bookingId,
      ),
    );
    for (const booking of paidOnce) {
      expect(invoices.has(`booking:${booking._id}`), booking._id).toBe(true);
      expect(paidEvents.has(booking._id), booking._id).toBe(true);
      if (booking.status === 'refunded') {
        expect(invoices.has(`refund:${booking._id}`), booking._id).toBe(true);
      }
    }
    const planVisitsPaid = await BookingModel.find(
      { 'payment.paidAt': { $ne: null }, subscriptionId: { $type: 'string' } },
      { subscriptionId: 1, periodIndex: 1 },
    ).lean();
    for (const visit of planVisitsPaid) {
      const source = `plan:${String(visit.subscriptionId)}:period:${String(visit.periodIndex)}`;
      expect(invoices.has(source), source).toBe(true);
    }
    // Nothing is paid without being recorded as paid.
    expect(
      await BookingModel.countDocuments({
        status: { $in: ['paid', 'done', 'no_show', 'refunded'] },
        planId: { $ne: 'custom-estimate' },
        'payment.paidAt': null,
      }),
    ).toBe(0);
  });

  it('numbers invoices consecutively per kind and year, and leaves the counters at the last', async () => {
    const documents = await InvoiceModel.find({}, { kind: 1, year: 1, sequence: 1, number: 1 })
      .sort({ kind: 1, year: 1, sequence: 1 })
      .lean();
    const byKey = new Map<string, number[]>();
    for (const document of documents) {
      expect(document.number).toMatch(DOCUMENT_NUMBER_PATTERN);
      const key = `${document.kind}:${String(document.year)}`;
      byKey.set(key, [...(byKey.get(key) ?? []), document.sequence]);
    }
    const counters = new Map(
      (await DocumentCounterModel.find().lean()).map((counter) => [counter._id, counter.sequence]),
    );
    for (const [key, sequences] of byKey) {
      expect(sequences, key).toEqual(sequences.map((_, index) => index + 1));
      expect(counters.get(key), key).toBe(sequences.length);
    }
  });

  it('gives every plan its periods, each paid one its four visits, invoice and event', async () => {
    const plans = await SubscriptionModel.find().lean();
    const visits = await BookingModel.find(
      { subscriptionId: { $type: 'string' } },
      { subscriptionId: 1, periodIndex: 1, visitIndex: 1, reference: 1 },
    ).lean();
    const invoices = new Set(
      (await InvoiceModel.find({ subscriptionId: { $type: 'string' } }, { source: 1 }).lean()).map(
        (invoice) => invoice.source,
      ),
    );
    const periodEvents = await PaymentEventModel.find(
      { 'effect.kind': 'periodPaid' },
      { effect: 1 },
    ).lean();
    const eventsPerPlan = new Map<string, number>();
    for (const event of periodEvents) {
      const id = (event.effect as { subscriptionId: string }).subscriptionId;
      eventsPerPlan.set(id, (eventsPerPlan.get(id) ?? 0) + 1);
    }
    for (const plan of plans) {
      const periods = [...plan.paidPeriods, ...plan.pausedPeriods].sort((a, b) => a - b);
      expect(periods, plan._id).toEqual(periods.map((_, index) => index));
      expect(plan.paidPeriods).toContain(0);
      expect(eventsPerPlan.get(plan._id), plan._id).toBe(plan.paidPeriods.length);
      const own = visits.filter((visit) => visit.subscriptionId === plan._id);
      for (const period of plan.paidPeriods) {
        expect(invoices.has(`plan:${plan._id}:period:${String(period)}`)).toBe(true);
        const ofPeriod = own.filter((visit) => visit.periodIndex === period);
        expect(ofPeriod.map((visit) => visit.visitIndex).sort()).toEqual([0, 1, 2, 3]);
      }
      for (const period of plan.pausedPeriods) {
        expect(own.some((visit) => visit.periodIndex === period)).toBe(false);
      }
      // Its id and reference are its first visit's (subscription-model.ts).
      const first = own.find((visit) => visit.periodIndex === 0 && visit.visitIndex === 0);
      expect(first?._id).toBe(plan._id);
      expect(first?.reference).toBe(plan.reference);
    }
  });

  it('books nothing on a day the business is closed', async () => {
    const [first] = await BookingModel.find().sort({ date: 1 }).limit(1).lean();
    const [last] = await BookingModel.find().sort({ date: -1 }).limit(1).lean();
    if (!first || !last) throw new Error('no bookings');
    const closed = closedDaysBetween(first.date, last.date, config.EXTRA_HOLIDAYS, []);
    expect(closed.size).toBeGreaterThan(0);
    expect(await BookingModel.countDocuments({ date: { $in: [...closed.keys()] } })).toBe(0);
  });

  it('uses only reserved addresses, and leaves nothing for the follow-up sweep', async () => {
    const elsewhere = { email: { $not: /@example\.test$/ } };
    for (const model of [
      UserModel,
      BookingModel,
      SubscriptionModel,
      SubscriberModel,
      NewsletterDeliveryModel,
      ContactMessageModel,
    ] as const) {
      expect(await model.collection.countDocuments(elsewhere), model.modelName).toBe(0);
    }
    expect(await BookingModel.countDocuments({ followUpsPending: true })).toBe(0);
    expect(await ContactMessageModel.countDocuments({ emailsPending: true })).toBe(0);
  });

  it('reviews only visits that were done, one each', async () => {
    const reviews = await ReviewModel.find({}, { _id: 1 }).lean();
    const done = await BookingModel.countDocuments({
      _id: { $in: reviews.map((review) => review._id) },
      status: 'done',
      planId: { $ne: 'custom-estimate' },
    });
    expect(done).toBe(reviews.length);
  });

  it('builds every index the models declare', async () => {
    for (const model of Object.values(SEEDED)) {
      const indexes = await model.collection.indexes();
      expect(indexes.length, model.modelName).toBe(model.schema.indexes().length + 1);
    }
  });

  it('refuses a second run without --force, and changes nothing', async () => {
    const before = await collectionCounts();
    await expect(
      seedScale({ scale: SCALE, connection: mongoose, config, onProgress: quiet, log: quiet }),
    ).rejects.toThrow(SeedRefused);
    expect(await collectionCounts()).toEqual(before);
  });

  it('refuses to run with NODE_ENV=production', async () => {
    const before = await collectionCounts();
    await expect(
      seedScale({
        scale: SCALE,
        force: true,
        connection: mongoose,
        config: { ...config, NODE_ENV: 'production' },
        onProgress: quiet,
        log: quiet,
      }),
    ).rejects.toThrow(/production/);
    expect(await collectionCounts()).toEqual(before);
  });
});
