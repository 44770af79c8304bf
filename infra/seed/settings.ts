import type { z } from 'zod';
import { bookingEnv, invoiceEnv, mongoEnv, runtimeEnv } from '../../api/src/config/env-schema';
import { loadConfig, type EnvSource } from '../../api/src/config/load-config';
import { localServicesEnv } from '../../api/src/config/local-services';

/**
 * What the seed reads of the product's configuration, by the product's own schema and the way
 * its commands read it (api/src/config/cli-config.ts): the environment first, then the local
 * services of a running `npm start` (`.data/running.json`). The capacity and the holidays must be
 * the product's, or the seeded ledger would not be the one the API judges places by.
 */
const seedEnv = {
  ...runtimeEnv,
  ...mongoEnv,
  SLOT_CAPACITY: bookingEnv.SLOT_CAPACITY,
  CREW_NAMES: bookingEnv.CREW_NAMES,
  PAYMENT_HOLD_SECONDS: bookingEnv.PAYMENT_HOLD_SECONDS,
  PAYMENT_HOLD_LIMIT_SECONDS: bookingEnv.PAYMENT_HOLD_LIMIT_SECONDS,
  EXTRA_HOLIDAYS: bookingEnv.EXTRA_HOLIDAYS,
  ...invoiceEnv,
};

export type SeedConfig = z.infer<z.ZodObject<typeof seedEnv>>;

export function loadSeedConfig(env: EnvSource = process.env): SeedConfig {
  return loadConfig(seedEnv, { ...localServicesEnv(env.DATA_DIR), ...env });
}
