import type mongoose from 'mongoose';
import { hashPassword } from '../../api/src/accounts/password-hashing';
import { sellerOf } from '../../api/src/invoices/invoice-issuer';
import { BusinessDays } from '../../api/src/calendar/business-days';
import { crewRoster } from '../../api/src/domain/admin/crews';
import {
  addDays,
  todayInToronto,
  torontoTimeToUtc,
} from '../../api/src/domain/calendar/toronto-date';
import { insertAll, type SeedModel } from './bulk-insert';
import { SeedCalendar } from './calendar';
import { accountDocument } from './generators/accounts';
import { bookingDocument } from './generators/bookings';
import { contactMessageDocument } from './generators/contact-messages';
import { Newsletter } from './generators/newsletter';
import {
  invoiceDocument,
  numberInvoices,
  paymentEventCount,
  paymentEvents,
} from './generators/payments';
import { planDocument, testSubscriptionDocument } from './generators/plans';
import { reviewDocument, reviewedVisits } from './generators/reviews';
import { buildSchedule } from './generators/schedule';
import { slotLedger } from './generators/slots';
import { accountEmail, personFrom, ReferenceCodes } from './identities';
import { buildDeclaredIndexes } from './indexes';
import { SEEDED } from './models';
import { consoleProgress, type ProgressListener } from './progress';
import { randomFor } from './random';
import type { SeedConfig } from './settings';
import { volumesAt } from './volumes';
import { SeedWorld } from './world';

/** Every seeded account signs in with this password (the seed's --help says so). */
export const SEED_PASSWORD = 'seeded-customer-2024';

/** Three years back from today, and this many days ahead (plans book a month ahead). */
const DAYS_AHEAD = 62;

export class SeedRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedRefused';
  }
}

export interface SeedScaleOptions {
  scale: number;
  /** Varies the data; runs with the same seed and scale make the same data. */
  seed?: number;
  /** Seed a database that already holds bookings (never silently). */
  force?: boolean;
  /** The day the seed calls today (YYYY-MM-DD); Toronto's today by default. */
  today?: string;
  /** Connected to the product's database (connectMongo). */
  connection: typeof mongoose;
  config: SeedConfig;
  onProgress?: ProgressListener;
  log?: (line: string) => void;
}

export interface SeedScaleResult {
  counts: Record<string, number>;
  /** Bookings that found their window full and were recorded with a status holding no place. */
  turnedAway: number;
  placesTaken: number;
  placesOffered: number;
  capacity: number;
  seconds: number;
}

/**
 * Fills the product's database with three years of a busy business at `scale` (1: 200,000
 * accounts, a million bookings...), through the product's models and with its invariants: places
 * as the slot ledger holds them, a payment event and an invoice for every payment, plans with
 * their periods and visits, nothing on a closed day.
 */
export async function seedScale(options: SeedScaleOptions): Promise<SeedScaleResult> {
  const started = Date.now();
  const log = options.log ?? ((line: string) => console.log(line));
  const onProgress = options.onProgress ?? consoleProgress();
  const seed = options.seed ?? 1;
  const { config } = options;
  if (config.NODE_ENV === 'production') {
    throw new SeedRefused(
      'refusing to seed with NODE_ENV=production: the seed is for development and benchmarks',
    );
  }
  const volumes = volumesAt(options.scale);
  const existing = await SEEDED.bookings.estimatedDocumentCount();
  if (existing > 0 && !options.force) {
    throw new SeedRefused(
      `the database already holds ${String(existing)} bookings: refusing to mix seeded data with them (--force to seed anyway)`,
    );
  }
  if (
    existing > 0 &&
    (await SEEDED.accounts.exists({
      email: accountEmail(seed, 0, personFrom(randomFor(seed, 'account', 0))),
    }))
  ) {
    throw new SeedRefused(`seed ${String(seed)} already ran on this database: pick another --seed`);
  }

  const crews = crewRoster({
    SLOT_CAPACITY: config.SLOT_CAPACITY,
    ...(config.CREW_NAMES ? { CREW_NAMES: config.CREW_NAMES } : {}),
  });
  const today = options.today ?? todayInToronto();
  const first = addDays(today, -3 * 365);
  const last = addDays(today, DAYS_AHEAD);
  const calendarDays = new BusinessDays(config.EXTRA_HOLIDAYS);
  const closed = await calendarDays.closedDays(first, last);
  const held = new Map<string, number>();
  const takenReferences = new Set<string>();
  if (existing > 0) {
    for await (const slot of SEEDED.slots.find({ date: { $gte: first, $lte: last } }).lean()) {
      held.set(`${slot.date}|${slot.time}`, slot.holders.length);
    }
    for (const reference of await SEEDED.bookings.distinct('reference'))
      takenReferences.add(reference);
  }
  const calendar = new SeedCalendar(first, last, today, closed, crews.length, held);
  const now = torontoTimeToUtc(today, 12).getTime();

  log(
    `scale ${String(options.scale)} (seed ${String(seed)}): ${first} to ${last}, ${String(crews.length)} places a window, ${String(closed.size)} closed days`,
  );
  const planning = Date.now();
  const schedule = buildSchedule({
    seed,
    volumes,
    calendar,
    now,
    dayStart: (day) => calendar.dayStart(day),
  });
  const passwordHash = await hashPassword(SEED_PASSWORD);
  const world = new SeedWorld(
    seed,
    volumes,
    calendar,
    schedule,
    {
      crews: config,
      seller: sellerOf(config),
      holdSeconds: config.PAYMENT_HOLD_SECONDS,
      holdLimitSeconds: config.PAYMENT_HOLD_LIMIT_SECONDS,
      takenReferences,
    },
    passwordHash,
  );
  const counters = new Map<string, number>();
  for (const counter of await SEEDED.counters.find().lean())
    counters.set(counter._id, counter.sequence);
  const ledger = numberInvoices(world, counters);
  log(
    `planned ${String(schedule.bookings.count)} bookings (${String(calendar.placesTaken())} holding places of ${String(calendar.placesOffered())} offered, ${String(schedule.turnedAway)} found their window full) and ${String(ledger.count)} invoices in ${String(Date.now() - planning)} ms`,
  );
  if (schedule.turnedAway > schedule.bookings.count * 0.05) {
    // The product allows at most 100 crews: past that, a busy three years cannot all be visits.
    log(
      crews.length < 100
        ? `note: ${String(crews.length)} places a window is few for this scale: with SLOT_CAPACITY=100 (for the seed and the product alike) more bookings are visits rather than abandoned checkouts and skipped plan visits`
        : `note: the windows are full: bookings past the capacity are abandoned checkouts, estimates not yet scheduled and skipped plan visits`,
    );
  }

  const counts: Record<string, number> = {};
  const write = async (
    name: string,
    model: SeedModel,
    total: number,
    documents: Iterable<Record<string, unknown>>,
  ) => {
    counts[name] = await insertAll({ model, total, documents, onProgress });
  };
  const range = function* <T>(count: number, make: (index: number) => T): Generator<T> {
    for (let index = 0; index < count; index += 1) yield make(index);
  };

  await write(
    'accounts',
    SEEDED.accounts,
    volumes.accounts,
    range(volumes.accounts, (i) => accountDocument(world, i)),
  );
  await write(
    'plans',
    SEEDED.plans,
    volumes.plans,
    range(volumes.plans, (i) => planDocument(world, i)),
  );
  await write(
    'bookings',
    SEEDED.bookings,
    schedule.bookings.count,
    range(schedule.bookings.count, (i) => bookingDocument(world, i)),
  );
  counts.slots = await writeSlots(world, onProgress, existing > 0);
  await write(
    'invoices',
    SEEDED.invoices,
    ledger.count,
    range(ledger.count, (i) => invoiceDocument(world, ledger, i)),
  );
  // The allocator's counters, left at the last number issued: the next real invoice follows it.
  if (ledger.counters.size > 0) {
    await SEEDED.counters.bulkWrite(
      [...ledger.counters].map(([key, sequence]) => ({
        updateOne: { filter: { _id: key }, update: { $max: { sequence } }, upsert: true },
      })),
    );
  }
  await write(
    'paymentEvents',
    SEEDED.paymentEvents,
    paymentEventCount(world, ledger),
    paymentEvents(world),
  );
  await write(
    'testSubscriptions',
    SEEDED.testSubscriptions,
    volumes.plans,
    range(volumes.plans, (i) => testSubscriptionDocument(world, i)),
  );
  const newsletter = new Newsletter(world);
  await write(
    'subscribers',
    SEEDED.subscribers,
    volumes.subscribers,
    range(volumes.subscribers, (i) => newsletter.subscriberDocument(i)),
  );
  await write(
    'campaigns',
    SEEDED.campaigns,
    newsletter.campaigns.length,
    range(newsletter.campaigns.length, (i) => newsletter.campaignDocument(i)),
  );
  await write('deliveries', SEEDED.deliveries, newsletter.deliveryCount(), newsletter.deliveries());
  const reviewed = reviewedVisits(world, volumes.reviews);
  await write(
    'reviews',
    SEEDED.reviews,
    reviewed.length,
    range(reviewed.length, (i) => reviewDocument(world, reviewed[i] ?? 0)),
  );
  const contactReferences = new ReferenceCodes(
    'CM',
    seed,
    new Set(existing > 0 ? await SEEDED.contactMessages.distinct('reference') : []),
  );
  await write(
    'contactMessages',
    SEEDED.contactMessages,
    volumes.contactMessages,
    range(volumes.contactMessages, (i) => contactMessageDocument(world, contactReferences, i)),
  );

  await buildDeclaredIndexes(options.connection, Object.values(SEEDED), log);
  return {
    counts,
    turnedAway: schedule.turnedAway,
    placesTaken: calendar.placesTaken(),
    placesOffered: calendar.placesOffered(),
    capacity: crews.length,
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * The slot ledger: inserted whole into an empty collection; merged into the windows of a --force
 * run, each window's seeded holders pushed beside those it had (the seed took only what was free).
 */
async function writeSlots(
  world: SeedWorld,
  onProgress: ProgressListener,
  merge: boolean,
): Promise<number> {
  const slots = slotLedger(world);
  if (!merge) {
    return insertAll({
      model: SEEDED.slots,
      total: slots.length,
      documents: slots.map((slot) => ({ ...slot })),
      onProgress,
    });
  }
  await SEEDED.slots.bulkWrite(
    slots.map((slot) => ({
      updateOne: {
        filter: { date: slot.date, time: slot.time },
        update: {
          $push: { holders: { $each: slot.holders } },
          $setOnInsert: { createdAt: slot.createdAt, __v: 0 },
          $max: { updatedAt: slot.updatedAt },
        },
        upsert: true,
      },
    })),
    { ordered: false },
  );
  return slots.length;
}
