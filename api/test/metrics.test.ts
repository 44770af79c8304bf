import type { Express } from 'express';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/server/app';
import { startApi, TEST_APP_OPTIONS, type ApiHarness } from '../../tests/support/api-harness';
import { eventually } from '../../tests/support/poll';
import { parsePrometheusText, sampleValue } from '../../tests/support/prometheus';
import { testEnv, uniqueId } from '../../tests/support/test-env';

const TOKEN = `metrics-${uniqueId()}-0123456789abcdef`;

async function scrape(app: Express): Promise<string> {
  const response = await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(response.status).toBe(200);
  return response.text;
}

const requestsOf = (text: string, labels: Record<string, string>) => ({
  count: sampleValue(text, 'http_requests_total', labels),
  timed: sampleValue(text, 'http_request_duration_seconds_count', labels),
});

/** Runs `send` n times and waits until the counters for `labels` have grown by exactly n. */
async function expectCounted(
  app: Express,
  labels: Record<string, string>,
  n: number,
  send: () => Promise<void>,
): Promise<string> {
  const before = requestsOf(await scrape(app), labels);
  for (let i = 0; i < n; i += 1) await send();
  return eventually(async () => {
    const text = await scrape(app);
    const after = requestsOf(text, labels);
    expect(after.count - before.count).toBe(n);
    expect(after.timed - before.timed).toBe(n);
    return text;
  });
}

describe('API metrics with METRICS_TOKEN set', () => {
  let api: ApiHarness;
  let siteDir: string;

  beforeAll(async () => {
    siteDir = mkdtempSync(path.join(tmpdir(), 'hs-metrics-site-'));
    writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>Site</title>');
    writeFileSync(path.join(siteDir, 'robots.txt'), 'User-agent: *\n');
    api = await startApi(testEnv({ METRICS_TOKEN: TOKEN, WEB_DIST_DIR: siteDir }));
  });
  afterAll(async () => {
    await api.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('reports each dependency, gating /readyz or not, as dependency_up', async () => {
    const text = await scrape(api.app);
    for (const dependency of ['mongodb', 'redis', 's3', 'smtp']) {
      expect({ dependency, up: sampleValue(text, 'dependency_up', { dependency }) }).toEqual({
        dependency,
        up: 1,
      });
    }
  });

  it('refuses a scrape without the token (401) and with a wrong one (403)', async () => {
    const missing = await request(api.app).get('/metrics');
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect(missing.text).not.toContain('http_requests_total');

    const basic = await request(api.app).get('/metrics').set('Authorization', `Basic ${TOKEN}`);
    expect(basic.status).toBe(401);

    const sameLength = `${TOKEN.slice(0, -1)}${TOKEN.endsWith('x') ? 'y' : 'x'}`;
    for (const wrong of ['wrong', sameLength, `${TOKEN}0`]) {
      const response = await request(api.app)
        .get('/metrics')
        .set('Authorization', `Bearer ${wrong}`);
      expect(response.status).toBe(403);
      expect(response.text).not.toContain('http_requests_total');
    }
  });

  it('serves Prometheus text with the process metrics', async () => {
    const response = await request(api.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const names = new Set(parsePrometheusText(response.text).map((sample) => sample.name));
    expect(names).toContain('process_cpu_user_seconds_total');
    expect(names).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts each request to a route once, under its pattern, in the counter and the histogram', async () => {
    await expectCounted(
      api.app,
      { method: 'GET', route: '/api/catalogue', status: '200' },
      5,
      async () => {
        const response = await request(api.app).get('/api/catalogue');
        expect(response.status).toBe(200);
      },
    );
  });

  it('labels a route with a parameter by its pattern, also when the route refuses the request', async () => {
    const bookingId = 'abcdef0123456789abcdef0123456789';
    const text = await expectCounted(
      api.app,
      { method: 'GET', route: '/api/bookings/:id', status: '404' },
      3,
      async () => {
        const response = await request(api.app).get(`/api/bookings/${bookingId}?token=nope`);
        expect(response.status).toBe(404);
      },
    );
    expect(text).not.toContain(bookingId);
    expect(text).not.toContain('route="/bookings/:id"');
  });

  it('gives every request no route takes one label, whatever its URL', async () => {
    const path = `/api/no-such-thing-${uniqueId()}`;
    const text = await expectCounted(
      api.app,
      { method: 'GET', route: 'unmatched', status: '404' },
      2,
      async () => {
        const response = await request(api.app).get(path);
        expect(response.status).toBe(404);
      },
    );
    expect(text).not.toContain(path);
  });

  it("labels the site's files static", async () => {
    await expectCounted(api.app, { method: 'GET', route: 'static', status: '200' }, 2, async () => {
      const response = await request(api.app).get('/robots.txt');
      expect(response.status).toBe(200);
    });
  });

  it('does not count health probes or the scrapes themselves', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await request(api.app).get('/healthz')).status).toBe(200);
    }
    const text = await scrape(api.app);
    const routes = parsePrometheusText(text)
      .filter((sample) => sample.name === 'http_requests_total')
      .map((sample) => sample.labels.route);
    expect(routes).not.toContain('/healthz');
    expect(routes).not.toContain('/metrics');
  });

  it('keeps the counts of two apps in one process apart', async () => {
    const other = createApp(api.context, TEST_APP_OPTIONS);
    const labels = { method: 'GET', route: '/api/catalogue', status: '200' };
    const before = requestsOf(await scrape(api.app), labels).count;
    await expectCounted(other, labels, 2, async () => {
      expect((await request(other).get('/api/catalogue')).status).toBe(200);
    });
    expect(requestsOf(await scrape(api.app), labels).count).toBe(before);
  });
});

describe('API metrics without METRICS_TOKEN', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(testEnv());
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers /metrics with 404, token or not', async () => {
    expect((await request(api.app).get('/metrics')).status).toBe(404);
    const withToken = await request(api.app)
      .get('/metrics')
      .set('Authorization', `Bearer ${TOKEN}`)
      .set('Accept', 'text/html');
    expect(withToken.status).toBe(404);
    expect(withToken.text).not.toContain('http_requests_total');
  });
});
