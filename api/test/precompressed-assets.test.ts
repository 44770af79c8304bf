import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiContext, type ApiContext } from '../src/server/api-context';
import { createApp } from '../src/server/app';
import { TEST_APP_OPTIONS } from '../../tests/support/api-harness';
import { createLogger } from '../src/platform/logger';
import { testApiConfig } from '../../tests/support/test-env';

const logger = createLogger({ name: 'test', level: 'silent' });
const SCRIPT = `export const words = ${JSON.stringify('lorem ipsum '.repeat(500))};\n`;
const BROTLI_SCRIPT = brotliCompressSync(SCRIPT);
const ICON = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1v1z"/>'.repeat(200)}</svg>`;

/** The body as bytes, after the client has undone the transfer encoding. */
const asBuffer = (test: request.Test) =>
  test.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => {
      done(null, Buffer.concat(chunks));
    });
  });

describe('the build’s precompressed copies', () => {
  let context: ApiContext;
  let siteDir: string;
  let app: express.Express;

  beforeAll(async () => {
    siteDir = mkdtempSync(path.join(tmpdir(), 'hs-site-'));
    mkdirSync(path.join(siteDir, 'assets'));
    writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const script = path.join(siteDir, 'assets', 'app-1234.js');
    writeFileSync(script, SCRIPT);
    writeFileSync(`${script}.br`, BROTLI_SCRIPT);
    writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
    writeFileSync(path.join(siteDir, 'assets', 'small-1.css'), 'a{}');
    // Outside /assets: the site's own unhashed files get their copies too.
    writeFileSync(path.join(siteDir, 'icon.svg'), ICON);
    writeFileSync(path.join(siteDir, 'icon.svg.br'), brotliCompressSync(ICON));
    context = await createApiContext(testApiConfig({ WEB_DIST_DIR: siteDir }), logger);
    app = createApp(context, TEST_APP_OPTIONS);
  });
  afterAll(async () => {
    await context.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('sends Brotli to a browser that takes it, with the script’s own type and cache', async () => {
    const response = await asBuffer(
      request(app).get('/assets/app-1234.js').set('Accept-Encoding', 'gzip, deflate, br'),
    );
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(response.headers['cache-control']).toContain('immutable');
    // What travelled is the Brotli copy; the client decodes it back into the script.
    expect(Number(response.headers['content-length'])).toBeLessThan(SCRIPT.length / 5);
    expect((response.body as Buffer).toString()).toBe(SCRIPT);
  });

  it('sends gzip where Brotli is not accepted, and the plain file where neither is', async () => {
    const gzipped = await asBuffer(
      request(app).get('/assets/app-1234.js').set('Accept-Encoding', 'gzip'),
    );
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(Number(gzipped.headers['content-length'])).toBeLessThan(SCRIPT.length / 5);
    expect((gzipped.body as Buffer).toString()).toBe(SCRIPT);

    const plain = await asBuffer(
      request(app).get('/assets/app-1234.js').set('Accept-Encoding', 'identity'),
    );
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.body as Buffer).toString()).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('sends the .br copy as it is to Accept-Encoding: br, and the plain file with no header', async () => {
    // Node's own client, so the request carries exactly these headers and the body is the raw
    // bytes sent (supertest adds Accept-Encoding of its own and decodes what it receives).
    const server: Server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const fetchRaw = (file: string, headers: Record<string, string>) =>
      new Promise<{ status?: number; headers: IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          get({ host: '127.0.0.1', port, path: file, headers }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              resolve({
                status: response.statusCode,
                headers: response.headers,
                body: Buffer.concat(chunks),
              });
            });
          }).on('error', reject);
        },
      );
    try {
      const brotli = await fetchRaw('/assets/app-1234.js', { 'Accept-Encoding': 'br' });
      expect(brotli.status).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(brotli.body.equals(BROTLI_SCRIPT)).toBe(true);

      const plain = await fetchRaw('/assets/app-1234.js', {});
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(SCRIPT);
      expect(plain.headers.vary).toMatch(/Accept-Encoding/);

      const icon = await fetchRaw('/icon.svg', { 'Accept-Encoding': 'gzip, br' });
      expect(icon.headers['content-encoding']).toBe('br');
      expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(icon.headers['cache-control']).toBe('public, max-age=3600');
      expect(icon.body.equals(brotliCompressSync(ICON))).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('never marks an answer to anything but a read as compressed', async () => {
    const posted = await request(app)
      .post('/assets/app-1234.js')
      .set('Accept-Encoding', 'br')
      .set('Accept', '*/*');
    expect(posted.status).toBeGreaterThanOrEqual(400);
    expect(posted.headers['content-encoding']).toBeUndefined();
    const other = await request(app).post('/icon.svg').set('Accept-Encoding', 'br');
    expect(other.status).toBeGreaterThanOrEqual(400);
    expect(other.headers['content-encoding']).toBeUndefined();
  });

  it('leaves files without copies, missing files and paths outside the build alone', async () => {
    const small = await request(app).get('/assets/small-1.css').set('Accept-Encoding', 'br');
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    const missing = await request(app)
      .get('/assets/gone-1.js')
      .set('Accept-Encoding', 'br')
      .set('Accept', '*/*');
    expect(missing.status).toBe(404);
    const escape = await request(app)
      .get('/assets/..%2f..%2fetc%2fpasswd')
      .set('Accept-Encoding', 'br')
      .set('Accept', '*/*');
    expect(escape.status).toBeGreaterThanOrEqual(400);
    expect(escape.headers['content-encoding']).toBeUndefined();
  });
});
