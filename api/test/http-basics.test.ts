import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiContext, type ApiContext } from '../src/server/api-context';
import { createApp } from '../src/server/app';
import { TEST_APP_OPTIONS } from '../../tests/support/api-harness';
import { listen } from '../src/http/http-server';
import { createLogger } from '../src/platform/logger';
import { testApiConfig } from '../../tests/support/test-env';

const logger = createLogger({ name: 'test', level: 'silent' });

describe('the HTTP edge', () => {
  let context: ApiContext;
  let siteDir: string;
  let app: express.Express;

  beforeAll(async () => {
    siteDir = mkdtempSync(path.join(tmpdir(), 'hs-site-'));
    mkdirSync(path.join(siteDir, 'assets'));
    writeFileSync(
      path.join(siteDir, 'index.html'),
      '<!doctype html><title>shell</title><div id="root"></div>',
    );
    writeFileSync(path.join(siteDir, 'assets', 'app-1234.js'), 'console.log(1)');
    context = await createApiContext(testApiConfig({ WEB_DIST_DIR: siteDir }), logger);
    app = createApp(context, TEST_APP_OPTIONS);
  });
  afterAll(async () => {
    await context.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('answers an unknown /api route with a JSON 404 and a request id', async () => {
    const response = await request(app).get('/api/no-such-thing').set('Accept', 'text/html');
    expect(response.status).toBe(404);
    expect(response.type).toBe('application/json');
    expect(response.body.error).toBe('No API route for GET /api/no-such-thing');
    expect(response.body.requestId).toBe(response.headers['x-request-id']);
  });

  it('serves the app shell for client-side routes, whatever their letter case', async () => {
    for (const route of ['/', '/service/service1', '/Service/Service1', '/reset-password/abc']) {
      const response = await request(app).get(route).set('Accept', 'text/html');
      expect(response.status, route).toBe(200);
      expect(response.text).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache and 404s a missing one', async () => {
    const asset = await request(app).get('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await request(app).get('/assets/gone-9999.js').set('Accept', '*/*');
    expect(missing.status).toBe(404);
  });

  it('refuses malformed JSON with a 400 and no stack trace', async () => {
    const response = await request(app)
      .post('/api/anything')
      .set('Content-Type', 'application/json')
      .send('{"email": ');
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Request body is not valid JSON.');
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('refuses a JSON body over the size limit with 413', async () => {
    const response = await request(app)
      .post('/api/anything')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ message: 'x'.repeat(200_000) }));
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('Request body is too large.');
  });

  it('sets security headers on pages and API answers alike', async () => {
    for (const route of ['/', '/api/nothing', '/healthz']) {
      const response = await request(app).get(route).set('Accept', 'text/html');
      const csp = response.headers['content-security-policy'];
      expect(csp, route).toContain("default-src 'self'");
      expect(csp, route).toContain("script-src 'self'");
      expect(csp, route).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], route).toBe('nosniff');
      expect(response.headers['referrer-policy'], route).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-powered-by'], route).toBeUndefined();
    }
  });

  it('keeps a well-formed request id from the caller and replaces a hostile one', async () => {
    const kept = await request(app).get('/healthz').set('X-Request-Id', 'trace-abc-12345');
    expect(kept.headers['x-request-id']).toBe('trace-abc-12345');
    const replaced = await request(app).get('/healthz').set('X-Request-Id', '<script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

/** A promise and the function that resolves it. */
function signal(): { promise: Promise<void>; fire: () => void } {
  let fire: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { promise, fire };
}

describe('graceful shutdown of the HTTP server', () => {
  it('lets an in-flight request finish, then refuses new connections', async () => {
    // The handler answers when the test lets it: the request is in flight for as long as needed.
    const arrived = signal();
    const answer = signal();
    const app = express();
    app.get('/slow', (_req, res) => {
      arrived.fire();
      void answer.promise.then(() => res.json({ finished: true }));
    });
    const running = await listen(app, 0, '127.0.0.1');
    const url = `http://127.0.0.1:${running.port}`;
    const inFlight = fetch(`${url}/slow`).then((response) => response.json());
    await arrived.promise;
    const closed = running.close(5_000);
    await expect(fetch(`${url}/slow`)).rejects.toThrow();
    answer.fire();
    await expect(inFlight).resolves.toEqual({ finished: true });
    await closed;
  });
});
