import { storageEnv } from '../../api/src/config/env-schema';
import { loadConfig, type EnvSource } from '../../api/src/config/load-config';
import { Storage } from '../../api/src/platform/storage';
import { storageOptions } from '../../api/src/platform/storage-options';

/**
 * Every object key under `prefix` in the product's bucket, read from S3 itself, with the
 * environment's key prefix taken off as the product stores keys.
 */
export async function storedKeys(env: EnvSource, prefix: string): Promise<Set<string>> {
  const storage = new Storage(storageOptions(loadConfig(storageEnv, env)));
  try {
    return new Set(await storage.list(prefix, Number.POSITIVE_INFINITY));
  } finally {
    storage.destroy();
  }
}
