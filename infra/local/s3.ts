import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import type { LocalService } from './service';

export interface S3Options {
  dataDir: string;
  port: number;
  bucket: string;
}

export interface S3Service extends LocalService {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * s3rver: an S3 API on the file system, run inside the launcher. It does not check signatures and
 * wants the key pair S3RVER/S3RVER; real S3 or MinIO take the same client with other settings.
 */
export async function startS3(options: S3Options): Promise<S3Service> {
  mkdirSync(options.dataDir, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    directory: options.dataDir,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: options.bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    name: 'S3 storage',
    description: `${endpoint} bucket ${options.bucket} (data in ${options.dataDir})`,
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    pids: [],
    stop: () => server.close(),
  };
}
