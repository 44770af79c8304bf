import { workersEnv } from '@hs/api/config/env-schema';
import { loadConfig, type EnvSource } from '@hs/api/config/load-config';
import type { z } from 'zod';

export type WorkersConfig = z.infer<z.ZodObject<typeof workersEnv>>;

export function loadWorkersConfig(env: EnvSource = process.env): WorkersConfig {
  return loadConfig(workersEnv, env);
}
