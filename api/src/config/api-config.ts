import type { z } from 'zod';
import { apiEnv } from './env-schema';
import { loadConfig, type EnvSource } from './load-config';

export type ApiConfig = z.infer<z.ZodObject<typeof apiEnv>>;

export function loadApiConfig(env: EnvSource = process.env): ApiConfig {
  return loadConfig(apiEnv, env);
}
