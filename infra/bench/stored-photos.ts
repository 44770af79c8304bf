import { paginateListObjectsV2, S3Client } from '@aws-sdk/client-s3';
import { storageEnv } from '../../api/src/config/env-schema';
import { loadConfig, type EnvSource } from '../../api/src/config/load-config';

/**
 * Every object key under `prefix` in the product's bucket, read from S3 itself (every page of
 * the listing), with the environment's key prefix taken off as the product stores keys.
 */
export async function storedKeys(env: EnvSource, prefix: string): Promise<Set<string>> {
  const config = loadConfig(storageEnv, env);
  const client = new S3Client({
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
  });
  const keys = new Set<string>();
  try {
    const pages = paginateListObjectsV2(
      { client },
      { Bucket: config.S3_BUCKET, Prefix: `${config.S3_KEY_PREFIX}${prefix}` },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (object.Key) keys.add(object.Key.slice(config.S3_KEY_PREFIX.length));
      }
    }
  } finally {
    client.destroy();
  }
  return keys;
}
