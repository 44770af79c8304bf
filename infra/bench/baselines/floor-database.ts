import { MongoClient, type Db } from 'mongodb';
import { FLOOR_DATABASE } from './floor-config';

type ProductEnv = Readonly<Record<string, string | undefined>>;

export interface FloorDatabase {
  /** The product's database, only read: its indexes, its subscribers. */
  product: Db;
  /** The floor's own, on the same server. */
  floor: Db;
  /** Drops the floor's database (its rows only cost the next measurement) and disconnects. */
  close(): Promise<void>;
}

/**
 * A write costs what the collection's indexes cost it: each floor collection gets the product's
 * indexes as they are in the running product's database (unique and partial ones included), so
 * the floor's inserts keep the same indexes up to date.
 */
async function mirrorIndexes(from: Db, to: Db, collection: string): Promise<void> {
  const indexes = await from.collection(collection).indexes();
  const specs = indexes
    .filter((index) => index.name !== '_id_')
    .map(({ v: _version, ...spec }) => spec);
  await to.createCollection(collection);
  if (specs.length > 0) await to.collection(collection).createIndexes(specs);
}

/**
 * Connects with the raw driver to the product's MongoDB and sets up the floor's database afresh:
 * emptied, then `collections` made with the product's indexes.
 */
export async function openFloorDatabase(
  env: ProductEnv,
  collections: readonly string[],
): Promise<FloorDatabase> {
  const client = await new MongoClient(env.MONGO_URL ?? '').connect();
  try {
    const product = client.db(env.MONGO_DB);
    const floor = client.db(FLOOR_DATABASE);
    await floor.dropDatabase();
    for (const collection of collections) await mirrorIndexes(product, floor, collection);
    return {
      product,
      floor,
      async close() {
        await floor.dropDatabase();
        await client.close();
      },
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}
