import type { z } from 'zod';
import { mongoEnv, redisEnv, runtimeEnv } from './env-schema';
import { loadConfig, type EnvSource } from './load-config';
import { localServicesEnv } from './local-services';

const cliEnv = { ...runtimeEnv, ...mongoEnv, ...redisEnv };

export type CliConfig = z.infer<z.ZodObject<typeof cliEnv>>;

/**
 * A command's configuration: the environment, and for what it does not set, the local services
 * of a running `npm start`.
 */
export function loadCliConfig(env: EnvSource = process.env): CliConfig {
  const local = localServicesEnv(env.DATA_DIR);
  // Redis named by its sentinels is named: the local server's URL beside them would be a second.
  if (env.REDIS_SENTINELS?.trim()) delete local.REDIS_URL;
  return loadConfig(cliEnv, { ...local, ...env });
}
