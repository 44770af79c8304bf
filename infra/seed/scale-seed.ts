import { parseArgs } from 'node:util';
import { connectMongo, disconnectMongo } from '../../api/src/platform/mongo';
import { SeedRefused, SEED_PASSWORD, seedScale } from './seed-scale';
import { loadSeedConfig } from './settings';
import { FULL_SCALE } from './volumes';

const HELP = `npm run seed:scale [-- --scale N] [--seed N] [--today YYYY-MM-DD] [--force]

Fills the product's MongoDB (MONGO_URL and MONGO_DB as the API reads them; by default the
MongoDB of a running \`npm start\`) with three years of a busy business, through the product's
own models, and builds the product's indexes.

  --scale N     ${String(FULL_SCALE.accounts)} accounts, ${String(FULL_SCALE.bookings)} bookings, ${String(FULL_SCALE.plans)} Monthly Visit plans,
                ${String(FULL_SCALE.subscribers)} newsletter subscribers, ${String(FULL_SCALE.deliveries)} deliveries, ${String(FULL_SCALE.reviews)} reviews
                and ${String(FULL_SCALE.contactMessages)} contact messages, each times N (default 1; 0.1 for a tenth)
  --seed N      another data set of the same shape (default 1); the same seed and scale
                make the same data
  --today DATE  the day the three years end on (default: today in Toronto)
  --force       seed a database that already holds bookings (refused otherwise)

Places per window are the product's (SLOT_CAPACITY or CREW_NAMES): give the seed and the
product the same. A million bookings need SLOT_CAPACITY=100 to be mostly visits rather than
abandoned checkouts. Refused with NODE_ENV=production.

Every seeded customer signs in with the password "${SEED_PASSWORD}" (one argon2id hash,
made once with the product's hasher): take any customer's email from the admin console, or
the accounts' pattern first.last.N@example.test. No seeded address can receive mail: every
one is on example.test, a reserved domain.`;

async function run(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      seed: { type: 'string', default: '1' },
      today: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const scale = Number(values.scale);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed) || seed < 1 || seed > 65_535)
    throw new Error('--seed must be a whole number from 1 to 65535');
  if (values.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.today)) {
    throw new Error('--today must be a date, YYYY-MM-DD');
  }
  const config = loadSeedConfig();
  // Before connecting: a production database is not even to be reached by the seed.
  if (config.NODE_ENV === 'production') {
    throw new SeedRefused('refusing to seed with NODE_ENV=production');
  }
  const connection = await connectMongo({
    url: config.MONGO_URL,
    dbName: config.MONGO_DB,
    // The seed builds them itself, after the rows (indexes.ts says why).
    autoIndex: false,
  });
  try {
    const result = await seedScale({
      scale,
      seed,
      force: values.force,
      ...(values.today ? { today: values.today } : {}),
      connection,
      config,
    });
    const total = Object.values(result.counts).reduce((sum, count) => sum + count, 0);
    console.log(
      `seeded ${total.toLocaleString('en-CA')} documents in ${result.seconds.toFixed(1)} s (${String(result.placesTaken)} places taken of ${String(result.placesOffered)})`,
    );
  } finally {
    await disconnectMongo();
  }
}

run().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`seed:scale: ${message}\n`);
  process.exitCode = error instanceof SeedRefused ? 2 : 1;
});
