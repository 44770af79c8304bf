import { startLoadProduct, type LoadProduct } from '../../load/load-product';
import { startSmtpSink, type SmtpSink } from '../../load/smtp-sink';
import type { SeedScaleResult } from '../../seed/seed-scale';
import { waitUntilQuiet } from '../settle';
import type { SampleOptions } from './latency-sample';
import { measureReads, type MeasuredRequest } from './measure-reads';
import { connectToProduct, type ProductConnection } from './product-connection';
import { ProductApi } from './product-api';
import { writeScaleFixtures } from './scale-fixtures';
import { newsletterAtScale, type ScaleNewsletterResult } from './scale-newsletter';
import { compareReads, type ScaleReadResult } from './scale-results';
import { seedProductDatabase } from './seed-product-database';

export interface ScaleBenchOptions {
  /** `npm run seed:scale`'s --scale: 1 is three busy years (200,000 accounts, 1M bookings...). */
  seedScale: number;
  sampling: SampleOptions;
  /** Configuration for this run only (the raised rate limits, the newsletter's rate off). */
  env: Record<string, string>;
  log: (line: string) => void;
}

export interface ScaleBenchRun {
  configuration: Record<string, string>;
  seed: SeedScaleResult;
  reads: ScaleReadResult[];
  newsletter: ScaleNewsletterResult;
}

/**
 * What both products run with beside the run's limits. SLOT_CAPACITY is the seed's at scale 1
 * (its ledger must be the one the API judges places by). MONGO_AUTO_INDEX=false, as production
 * runs: the seed builds the indexes after its rows (many times faster than a million inserts
 * into built indexes, infra/seed/indexes.ts), and on the empty database the bench builds the
 * same ones as it connects, so both databases get theirs the same way, from the same models.
 */
const SCALE_ENV = { SLOT_CAPACITY: '100', MONGO_AUTO_INDEX: 'false' };

/** A product started on an empty database of its own, `work` done on it, then stopped. */
async function withProduct<T>(
  options: ScaleBenchOptions,
  sink: SmtpSink,
  buildIndexes: boolean,
  work: (product: LoadProduct, connection: ProductConnection) => Promise<T>,
): Promise<T> {
  const product = await startLoadProduct({
    log: options.log,
    env: { SMTP_URL: sink.url, ...options.env, ...SCALE_ENV },
  });
  options.log(`product at ${product.url} (logs in ${product.logDir})`);
  let connection: ProductConnection | undefined;
  try {
    connection = await connectToProduct(product, buildIndexes);
    return await work(product, connection);
  } finally {
    await connection?.close();
    await product.stop();
  }
}

async function fixturesAndReads(
  product: LoadProduct,
  sink: SmtpSink,
  options: ScaleBenchOptions,
  label: string,
): Promise<MeasuredRequest[]> {
  const { log } = options;
  const api = new ProductApi(product.url);
  const fixtures = await writeScaleFixtures(api, log);
  await waitUntilQuiet({ product, sink, log });
  log(
    `--- reads on the ${label} database: ${String(options.sampling.warmUp)} warm-up requests, then ${String(options.sampling.samples)} timed, one at a time ---`,
  );
  return measureReads(api, fixtures, { ...options.sampling, label }, log);
}

/**
 * `npm run bench -- --scale`: two products one after the other on the same machine, in one run,
 * with the same configuration and the same fixtures. The first has an empty database; the
 * second's is seeded with three busy years first. A product each, rather than seeding the first
 * product's database after its reads: the seed would then write a million rows into built
 * indexes, and refuses (rightly) a database that already holds bookings; a fresh product also
 * starts both runs from a MongoDB of the same age, whose cache holds only its own data.
 */
export async function runScaleBench(options: ScaleBenchOptions): Promise<ScaleBenchRun> {
  const { log } = options;
  const sink = await startSmtpSink();
  try {
    log('=== the empty database ===');
    const empty = await withProduct(options, sink, true, (product) =>
      fixturesAndReads(product, sink, options, 'empty'),
    );
    log(`=== the seeded database (scale ${String(options.seedScale)}) ===`);
    return await withProduct(options, sink, false, async (product, connection) => {
      log(`seeding scale ${String(options.seedScale)} through the product's models...`);
      const seed = await seedProductDatabase(
        product,
        connection.mongo,
        options.seedScale,
        log,
      );
      log(`seeded in ${seed.seconds.toFixed(0)} s`);
      const seeded = await fixturesAndReads(product, sink, options, 'seeded');
      log('--- newsletter on the seeded database ---');
      const newsletter = await newsletterAtScale(
        { product, sink, jobs: connection.jobs, log },
        options.seedScale,
      );
      log(newsletter.met ? 'newsletter: met' : `newsletter missed: ${newsletter.missed.join('; ')}`);
      return {
        configuration: { ...options.env, ...SCALE_ENV },
        seed,
        reads: compareReads(empty, seeded),
        newsletter,
      };
    });
  } finally {
    await sink.close();
  }
}
