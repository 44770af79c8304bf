import { storageEnv } from '../../api/src/config/env-schema';
import { loadConfig, type EnvSource } from '../../api/src/config/load-config';
import { Storage } from '../../api/src/platform/storage';
import { storageOptions } from '../../api/src/platform/storage-options';

const LIST_ATTEMPTS = 5;
const LIST_RETRY_MS = 2_000;

/**
 * Every object key under `prefix` in the product's bucket, read from S3 itself, with the
 * environment's key prefix taken off as the product stores keys. The embedded S3 server (s3rver)
 * answers a listing 500 when it meets an object still being written or removed (an upload the
 * load generator cut off at the end of the run): the listing is asked again a few times, each
 * failure said, before the run gives up.
 */
export async function storedKeys(
  env: EnvSource,
  prefix: string,
  log: (line: string) => void,
): Promise<Set<string>> {
  const storage = new Storage(storageOptions(loadConfig(storageEnv, env)));
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return new Set(await storage.list(prefix, Number.POSITIVE_INFINITY));
      } catch (error) {
        if (attempt >= LIST_ATTEMPTS) throw error;
        log(`  listing S3 failed (${error instanceof Error ? error.message : String(error)}); again`);
        await new Promise((resolve) => setTimeout(resolve, LIST_RETRY_MS));
      }
    }
  } finally {
    storage.destroy();
  }
}
