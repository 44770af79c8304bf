import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { Storage } from '../src/platform/storage';
import { storageOptions } from '../src/platform/storage-options';
import { testApiConfig } from '../../tests/support/test-env';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3 storage', () => {
  const storage = new Storage(storageOptions(testApiConfig()));
  afterAll(() => storage.destroy());

  it('reads back byte-identical what was streamed in, reporting progress on the way', async () => {
    // 7 MiB in 64 KiB chunks of unknown total length: more than one multipart part.
    const original = randomBytes(7 * 1024 * 1024);
    const chunks = Array.from({ length: original.length / 65_536 }, (_, index) =>
      original.subarray(index * 65_536, (index + 1) * 65_536),
    );
    const progress: number[] = [];
    const result = await storage.put(
      'photos/big.bin',
      Readable.from(chunks),
      'application/octet-stream',
      (sent) => progress.push(sent),
    );
    expect(result.bytes).toBe(original.length);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(original.length);

    const readBack = await readAll(await storage.get('photos/big.bin'));
    expect(readBack.length).toBe(original.length);
    expect(sha256(readBack)).toBe(sha256(original));
  });

  it('lists past the first page of 1,000 keys, every key once and in order', async () => {
    const prefix = `listing-${randomBytes(4).toString('hex')}/`;
    const keys = Array.from(
      { length: 1_005 },
      (_, index) => `${prefix}${String(index).padStart(4, '0')}`,
    );
    for (let start = 0; start < keys.length; start += 50) {
      await Promise.all(
        keys
          .slice(start, start + 50)
          .map((key) => storage.put(key, Buffer.from('x'), 'text/plain')),
      );
    }
    expect(await storage.list(prefix, Number.POSITIVE_INFINITY)).toEqual(keys);
    expect(await storage.list(prefix, 1_002)).toEqual(keys.slice(0, 1_002));
  });

  it('deletes an object so it cannot be read again', async () => {
    await storage.put('photos/small.jpg', Buffer.from('tiny'), 'image/jpeg');
    await storage.delete('photos/small.jpg');
    await expect(storage.get('photos/small.jpg')).rejects.toThrow();
  });

  it('refuses keys that would escape the prefix', async () => {
    await expect(storage.put('../other/x', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /unsafe/,
    );
    await expect(storage.put('/abs', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
  });
});
