import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeWrite, recordWrites, type RecordRule } from '../support/record-writes';

/**
 * One writer per record (api/README.md, "One owner per rule"): a Monthly Visit plan is written
 * only by SubscriptionLifecycle, and a booking's status and payment only by the booking
 * lifecycle, so each rule about them is judged in one place. This audit reads the API's and the
 * workers' source for every write of the two models and fails on one made anywhere else.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const RULES: RecordRule[] = [
  {
    model: 'SubscriptionModel',
    modelName: 'Subscription',
    collection: 'subscriptions',
    owner: 'SubscriptionLifecycle',
    isOwner: (file) => file === 'api/src/subscriptions/subscription-lifecycle.ts',
  },
  {
    model: 'BookingModel',
    modelName: 'Booking',
    collection: 'bookings',
    owner: 'the booking lifecycle',
    isOwner: (file) => file.startsWith('api/src/bookings/lifecycle/'),
    ownedField: (field) =>
      field === 'status' ||
      field === 'payment' ||
      field.startsWith('status.') ||
      field.startsWith('payment.'),
  },
  {
    // An issued document never changes: written once, in the transaction that numbers it. Only
    // the key of its stored PDF is added later, by whoever stores it.
    model: 'InvoiceModel',
    modelName: 'Invoice',
    collection: 'invoices',
    owner: 'the invoice numbering',
    isOwner: (file) => file === 'api/src/invoices/document-numbers.ts',
    ownedField: (field) => field !== 'pdfKey',
  },
  {
    // A quote's status and its answer (acceptance, decline, deposit paid, history) move only by
    // the quote's table; its draft lines, checkout page and invoice links are the service's.
    model: 'QuoteModel',
    modelName: 'Quote',
    collection: 'quotes',
    owner: 'QuoteLifecycle',
    isOwner: (file) => file === 'api/src/quotes/quote-lifecycle.ts',
    ownedField: (field) =>
      [
        'status',
        'history',
        'sentAt',
        'acceptance',
        'acceptedTotals',
        'declineReason',
        'replacedById',
        'depositPaidAt',
      ].some((owned) => field === owned || field.startsWith(`${owned}.`)),
  },
];

function sourceFiles(): { path: string; text: string }[] {
  const found: { path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.ts')) {
        found.push({ path: relative, text: readFileSync(path.join(repoRoot, relative), 'utf8') });
      }
    }
  };
  for (const dir of ['api/src', 'workers/src']) walk(dir);
  return found;
}

/** The writes a planted module makes that its place does not allow. */
function refused(text: string, file = 'api/src/payments/planted.ts'): string[] {
  return recordWrites([{ path: file, text }], RULES)
    .filter((write) => !write.allowed)
    .map(describeWrite);
}

describe('one writer per record', () => {
  const writes = recordWrites(sourceFiles(), RULES);

  it('has plans written only by SubscriptionLifecycle, and bookings’ status and payment only by the booking lifecycle', () => {
    expect(writes.filter((write) => !write.allowed).map(describeWrite)).toEqual([]);
  });

  it('sees the owners’ own writes, so a clean result means something', () => {
    const owned = (model: string) =>
      writes.filter((write) => write.model === model && write.allowed && write.touches.length > 0);
    expect(owned('SubscriptionModel').length).toBeGreaterThanOrEqual(5);
    expect(owned('BookingModel').length).toBeGreaterThanOrEqual(5);
    expect(owned('InvoiceModel').length).toBeGreaterThanOrEqual(1);
    expect(owned('QuoteModel').length).toBeGreaterThanOrEqual(2);
  });

  it('refuses each way of writing them from elsewhere', () => {
    const plans = "import { SubscriptionModel } from '../subscriptions/subscription-model';\n";
    const bookings = "import { BookingModel } from '../bookings/booking-model';\n";
    expect(
      refused(`${plans}await SubscriptionModel.updateOne({ _id: id }, { $set: { a: 1 } });`),
    ).toHaveLength(1);
    expect(
      refused(
        "import { SubscriptionModel as Plans } from '../subscriptions/subscription-model';\n" +
          'await Plans.create({ _id: id });',
      ),
    ).toHaveLength(1);
    expect(
      refused(
        "import * as plans from '../subscriptions/subscription-model';\n" +
          'await plans.SubscriptionModel.deleteMany({});',
      ),
    ).toHaveLength(1);
    expect(
      refused("await mongoose.connection.collection('subscriptions').insertOne({});"),
    ).toHaveLength(1);
    expect(
      refused(
        `${bookings}await BookingModel.updateOne({ _id: id }, { $set: { 'payment.intentId': x } });`,
      ),
    ).toHaveLength(1);
    expect(
      refused(`${bookings}await BookingModel.findOneAndUpdate({ _id: id }, { status: s });`),
    ).toHaveLength(1);
    expect(
      refused(
        `${bookings}await BookingModel.collection.updateOne({}, { $unset: { payment: 1 } });`,
      ),
    ).toHaveLength(1);
    // An update held in a variable does not show what it writes.
    expect(refused(`${bookings}await BookingModel.updateMany({}, update);`)).toHaveLength(1);
    expect(
      refused(
        `${bookings}await BookingModel.bulkWrite([{ updateOne: { filter: {}, update: { $set: { status: s } } } }]);`,
      ),
    ).toHaveLength(1);
    expect(
      refused(
        `${bookings}const booking = await BookingModel.findById(id);\n` +
          "booking.status = 'paid';\nawait booking.save();",
      ),
    ).toHaveLength(2);
  });

  it('allows reads, other fields of a booking, and the owners’ own writes', () => {
    const plans = "import { SubscriptionModel } from '../subscriptions/subscription-model';\n";
    const bookings = "import { BookingModel } from '../bookings/booking-model';\n";
    expect(refused(`${plans}await SubscriptionModel.findById(id);`)).toEqual([]);
    expect(
      refused(
        `${bookings}await BookingModel.find({ status: 'paid' });\n` +
          "await BookingModel.updateOne({ _id: id, status: 'paid' }, { $set: { crewId: null } });",
      ),
    ).toEqual([]);
    expect(
      refused(
        `${plans}await SubscriptionModel.updateOne({ _id: id }, { $set: { a: 1 } });`,
        'api/src/subscriptions/subscription-lifecycle.ts',
      ),
    ).toEqual([]);
    expect(
      refused(
        `${bookings}await BookingModel.updateOne({ _id: id }, { $set: { status: s } });`,
        'api/src/bookings/lifecycle/booking-moves.ts',
      ),
    ).toEqual([]);
  });
});
