import { JobProducer } from '../../../api/src/jobs/job-producer';
import { connectMongo, disconnectMongo } from '../../../api/src/platform/mongo';
import { createRedis } from '../../../api/src/platform/redis';
import type { LoadProduct } from '../../load/load-product';

export interface ProductConnection {
  /** The bench's mongoose connection to the product's database. */
  mongo: Awaited<ReturnType<typeof connectMongo>>;
  /** Queues jobs as the API does, on the product's Redis. */
  jobs: JobProducer;
  close(): Promise<void>;
}

/**
 * The bench's own way into the product's MongoDB and Redis, as the API's. `buildIndexes` builds
 * every loaded model's indexes at connect (MONGO_AUTO_INDEX=false leaves that to whoever connects
 * first); the seed wants them off, to build them itself once the rows are in.
 */
export async function connectToProduct(
  product: LoadProduct,
  buildIndexes: boolean,
): Promise<ProductConnection> {
  const mongo = await connectMongo({
    url: product.env.MONGO_URL ?? '',
    dbName: product.env.MONGO_DB,
    autoIndex: buildIndexes,
  });
  const redis = createRedis(product.env.REDIS_URL ?? '', { blocking: true });
  const jobs = new JobProducer(redis, product.env.QUEUE_PREFIX ?? 'hs');
  return {
    mongo,
    jobs,
    async close() {
      await jobs.close();
      redis.disconnect();
      await disconnectMongo();
    },
  };
}
