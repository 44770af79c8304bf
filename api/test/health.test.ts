import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/ports';
import { startMongod, type MongodService } from '../../infra/local/mongod';
import { createApiContext, type ApiContext } from '../src/server/api-context';
import { healthRoutes } from '../src/health/health-routes';
import { Readiness, type DependencyCheck, type DependencyName } from '../src/health/readiness';
import { createApp } from '../src/server/app';
import { TEST_APP_OPTIONS } from '../../tests/support/api-harness';
import { createLogger } from '../src/platform/logger';
import { eventually } from '../../tests/support/poll';
import { testApiConfig } from '../../tests/support/test-env';

const logger = createLogger({ name: 'test', level: 'silent' });

describe('health endpoints against the shared local servers', () => {
  let context: ApiContext;
  beforeAll(async () => {
    context = await createApiContext(testApiConfig(), logger);
  });
  afterAll(async () => {
    await context.close();
  });

  it('/healthz answers while the process is alive', async () => {
    const response = await request(createApp(context, TEST_APP_OPTIONS)).get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'alive' });
  });

  it('/readyz answers 200 with MongoDB, Redis, S3 and SMTP each up', async () => {
    const response = await request(createApp(context, TEST_APP_OPTIONS)).get('/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'ready',
      down: [],
      dependencies: {
        mongodb: { status: 'up' },
        redis: { status: 'up' },
        s3: { status: 'up' },
        smtp: { status: 'up' },
      },
    });
  });
});

describe('/readyz follows MongoDB going away and coming back', () => {
  // A mongod of this test's own: stopping the shared one would break every other test file.
  let dataDir: string;
  let port: number;
  let mongod: MongodService | undefined;
  let context: ApiContext;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hs-readyz-mongo-'));
    port = await freePort();
    mongod = await startMongod({ dataDir, port, persistent: false });
    context = await createApiContext(testApiConfig({ MONGO_URL: mongod.url }), logger);
  });
  afterAll(async () => {
    await context.close();
    await mongod?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('turns 503 naming mongodb when mongod stops, and 200 again when it is back', async () => {
    const app = createApp(context, TEST_APP_OPTIONS);
    expect((await request(app).get('/readyz')).status).toBe(200);

    await mongod?.stop();
    mongod = undefined;
    const down = await eventually(async () => {
      const response = await request(app).get('/readyz');
      expect(response.status).toBe(503);
      return response;
    });
    expect(down.body.status).toBe('unavailable');
    // The process stays up and comes back by itself: a client may ask again shortly.
    expect(down.headers['retry-after']).toBe('5');
    expect(down.body.down).toEqual(['mongodb']);
    expect(down.body.dependencies.mongodb.status).toBe('down');
    expect(down.body.dependencies.redis.status).toBe('up');

    mongod = await startMongod({ dataDir, port, persistent: false });
    const back = await eventually(
      async () => {
        const response = await request(app).get('/readyz');
        expect(response.status).toBe(200);
        return response;
      },
      { timeoutMs: 40_000 },
    );
    expect(back.body.down).toEqual([]);
  }, 90_000);
});

describe('/readyz takes the process out of rotation for MongoDB or Redis only', () => {
  // The policy on its own: which dependencies gate. The outage tests show it against real servers
  // (tests/faults/smtp-outage, redis-outage, mongodb-outage).
  const up = () => Promise.resolve();
  const down = () => Promise.reject(new Error('connection refused'));
  const readyz = (checks: Partial<Record<DependencyName, DependencyCheck>>) =>
    request(
      express().use(
        healthRoutes(
          new Readiness({ mongodb: up, redis: up, s3: up, smtp: up, ...checks }, logger),
        ),
      ),
    ).get('/readyz');

  it.each([['s3'], ['smtp']] as const)(
    'stays in rotation while %s is down, and says so',
    async (name) => {
      const response = await readyz({ [name]: down });
      expect(response.status).toBe(200);
      expect(response.headers['retry-after']).toBeUndefined();
      expect(response.body).toMatchObject({
        status: 'degraded',
        down: [name],
        dependencies: { [name]: { status: 'down' } },
      });
    },
  );

  it.each([['mongodb'], ['redis']] as const)('answers 503 while %s is down', async (name) => {
    const response = await readyz({ [name]: down, smtp: down });
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatchObject({ status: 'unavailable' });
    expect(response.body.down).toEqual(expect.arrayContaining([name, 'smtp']));
  });
});
