import { Redis } from 'ioredis';
import { MongoClient } from 'mongodb';
import { BookingModel } from '../../../api/src/bookings/booking-model';
import { SubscriberModel } from '../../../api/src/newsletter/subscriber-model';
import type { HaTopology } from '../../local/ha-topology';
import type { LoadProduct } from '../../load/load-product';

export interface Stored {
  /** Rows whose address is at the run's domain. */
  rows: number;
  /** Bookings with a photo key; equal to `rows` for subscribers, who have none. */
  complete: number;
}

/**
 * What a run left in the product's database, counted by the domain of its addresses with the raw
 * driver: mongoose's one connection cannot be on two topologies' databases at once.
 */
export async function storedAt(
  product: LoadProduct,
  kind: 'bookings' | 'subscribers',
  domain: string,
): Promise<Stored> {
  const client = await new MongoClient(product.env.MONGO_URL ?? '').connect();
  try {
    const model = kind === 'bookings' ? BookingModel : SubscriberModel;
    const rows = client.db(product.env.MONGO_DB).collection(model.collection.collectionName);
    const atDomain = { email: { $regex: `@${domain.replaceAll('.', '\\.')}$` } };
    const [all, complete] = await Promise.all([
      rows.countDocuments(atDomain),
      kind === 'bookings'
        ? rows.countDocuments({ ...atDomain, imageKey: { $ne: '' } })
        : Promise.resolve(undefined),
    ]);
    return { rows: all, complete: complete ?? all };
  } finally {
    await client.close();
  }
}

/**
 * How many WAITs the Redis master has run since it started (INFO commandstats): the job producer
 * sends one per job when it is set to have a replica acknowledge it, none otherwise, so the bench
 * says which of the two it measured rather than assuming it.
 */
export async function redisWaitCalls(topology: HaTopology): Promise<number> {
  const master = await topology.redis.master();
  const redis = new Redis({ host: '127.0.0.1', port: master.port, maxRetriesPerRequest: 1 });
  try {
    const stats = await redis.info('commandstats');
    const calls = /^cmdstat_wait:calls=(\d+)/m.exec(stats)?.[1];
    return calls === undefined ? 0 : Number(calls);
  } finally {
    redis.disconnect();
  }
}
