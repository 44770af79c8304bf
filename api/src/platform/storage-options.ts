import type { z } from 'zod';
import type { storageEnv } from '../config/env-schema';
import type { StorageOptions } from './storage';

type StorageEnv = z.infer<z.ZodObject<typeof storageEnv>>;

export function storageOptions(config: StorageEnv): StorageOptions {
  return {
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    keyPrefix: config.S3_KEY_PREFIX,
  };
}
