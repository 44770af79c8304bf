import type mongoose from 'mongoose';
import type { LoadProduct } from '../../load/load-product';
import { seedScale, type SeedScaleResult } from '../../seed/seed-scale';
import { loadSeedConfig } from '../../seed/settings';

/**
 * `npm run seed:scale -- --scale N` into the running product's database, in this process, with
 * its progress printed as it goes. The product runs with NODE_ENV=production (as `npm start`
 * does), which the seed refuses to protect real data: this database is the bench's own, made
 * empty a minute ago by startLoadProduct and thrown away at the end, so the seed is told
 * otherwise. Its capacity and holidays are the product's (SLOT_CAPACITY in the product's env).
 */
export async function seedProductDatabase(
  product: LoadProduct,
  connection: typeof mongoose,
  scale: number,
  log: (line: string) => void,
): Promise<SeedScaleResult> {
  const config = loadSeedConfig({ ...product.env, NODE_ENV: 'development' });
  return seedScale({ scale, connection, config, log: (line) => log(`  seed: ${line}`) });
}
