import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import type { BuildMiddleware, MetadataBearer } from '@smithy/types';

export interface StorageOptions {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** Prepended to every key: lets tests and environments share a bucket without touching each other. */
  keyPrefix: string;
}

export interface PutResult {
  key: string;
  bytes: number;
}

const PAYLOAD_HASH_HEADER = 'x-amz-content-sha256';

/**
 * Signs uploads without hashing their bytes first. The upload helper hands the signer each part
 * as a buffer, which SigV4 would otherwise hash whole before the first byte leaves (a booking's
 * photo cost its request an eighth of the API's CPU); a streamed body is signed this way already.
 * The bytes are still protected on the way: TLS to S3 in production, and the request's signature
 * still covers every header and the key. The signer takes a payload hash already in the headers.
 */
const unsignedPayload: BuildMiddleware<object, MetadataBearer> = (next) => async (args) => {
  const request = args.request as { method?: unknown; headers?: Record<string, string> };
  if (request.method === 'PUT' && request.headers && !(PAYLOAD_HASH_HEADER in request.headers)) {
    request.headers[PAYLOAD_HASH_HEADER] = 'UNSIGNED-PAYLOAD';
  }
  return next(args);
};

/** Object storage for private files (booking photos, avatars). Nothing stored here is public. */
export class Storage {
  private readonly client: S3Client;

  constructor(private readonly options: StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? {
            credentials: {
              accessKeyId: options.accessKeyId,
              secretAccessKey: options.secretAccessKey,
            },
          }
        : {}),
      // Without these the SDK adds streaming checksums that S3-compatible servers store corrupted
      // or refuse (measured with s3rver and Swift); AWS accepts either.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.client.middlewareStack.add(unsignedPayload, {
      step: 'build',
      name: 'unsignedPayload',
    });
  }

  get bucket(): string {
    return this.options.bucket;
  }

  fullKey(key: string): string {
    if (key.includes('..') || key.startsWith('/') || key.includes('\\')) {
      throw new Error(`unsafe storage key: ${key}`);
    }
    return `${this.options.keyPrefix}${key}`;
  }

  /** Streams a body of unknown length; `onProgress` receives the bytes sent so far. */
  async put(
    key: string,
    body: Readable | Buffer,
    contentType: string,
    onProgress?: (bytesSent: number) => void,
  ): Promise<PutResult> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.options.bucket,
        Key: this.fullKey(key),
        Body: body,
        ContentType: contentType,
      },
    });
    let bytes = 0;
    upload.on('httpUploadProgress', (progress) => {
      bytes = progress.loaded ?? bytes;
      onProgress?.(bytes);
    });
    await upload.done();
    return { key, bytes };
  }

  async get(key: string): Promise<Readable> {
    const result = await this.client.send(
      new GetObjectCommand({ Bucket: this.options.bucket, Key: this.fullKey(key) }),
    );
    if (!result.Body) throw new Error(`empty object ${key}`);
    return result.Body as Readable;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.fullKey(key) }),
    );
  }

  /**
   * Keys under `prefix` (without the environment's key prefix), up to `max` of them, through as
   * many pages of the listing as that takes. The first version of the listing, each page
   * starting after the last key of the one before (Marker): s3rver, the embedded S3, makes the
   * second version's continuation tokens with DES, which Node's OpenSSL 3 no longer has, and so
   * failed every listing longer than a page (1,000 keys). Real S3 and MinIO answer both.
   */
  async list(prefix: string, max = 1_000): Promise<string[]> {
    const keys: string[] = [];
    let marker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListObjectsCommand({
          Bucket: this.options.bucket,
          Prefix: this.fullKey(prefix),
          ...(marker === undefined ? {} : { Marker: marker }),
        }),
      );
      const contents = page.Contents ?? [];
      for (const object of contents) {
        if (object.Key) keys.push(object.Key.slice(this.options.keyPrefix.length));
        if (keys.length >= max) return keys;
      }
      const last = contents.at(-1)?.Key;
      if (!page.IsTruncated || last === undefined) return keys;
      marker = last;
    }
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }));
  }

  destroy(): void {
    this.client.destroy();
  }
}
