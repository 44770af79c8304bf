import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../../api/src/bookings/booking-model';
import { addDays, todayInToronto } from '../../api/src/domain/calendar/toronto-date';
import { QueueName } from '../../api/src/jobs/job-definitions';
import { signUp } from '../support/accounts';
import { fillBookingDialog, payWithTestCard, workingDay } from '../support/booking-form';
import { cspViolations, watchCspViolations } from '../support/browser';
import { SHIPPED_NGINX_CONF, serverBlockOnPort } from '../support/front-door';
import { jpeg } from '../support/images';
import { logInThroughPage } from '../support/login-page';
import { waitForMail } from '../support/mailbox';
import { eventually } from '../support/poll';
import { startSite, type SiteHarness } from '../support/site-harness';
import { repoRoot } from '../support/spawn-process';
import { testEmail } from '../support/test-env';
import { scaled } from '../support/time-scale';

/**
 * Compose's front door is the product: Debian's nginx runs the shipped infra/docker/nginx.conf
 * (only its port changed) in front of the API, as compose's `web` service does, and everything
 * here goes through it. The API runs as compose runs it (NODE_ENV=production, one trusted proxy,
 * test cards), with a map tile server of its own configured.
 */

const PASSWORD = 'front door 42';

/** A 1x1 PNG for every map tile. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** What bull-board's page is meant to have refused under its policy (see queue-dashboard.ts). */
const EXPECTED_DASHBOARD_VIOLATIONS =
  /^style-src-attr inline$|^style-src-elem https:\/\/fonts\.googleapis\.com\//;

/** Hop-by-hop, or nginx's own by design: every other header must be the API's, unchanged. */
const NOT_COMPARED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'server']);

interface Answer {
  status: number;
  /**
   * [name (lower case), value] without NOT_COMPARED, by name (nginx sends Content-Type and
   * Content-Length first; the order of different fields means nothing), repeated fields in the
   * order sent.
   */
  headers: [string, string][];
  body: Buffer;
}

/** One GET on a fresh connection, the bytes as sent (fetch would decompress them). */
function get(origin: string, target: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(target, origin);
    const sent = request(url, { headers, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const pairs: [string, string][] = [];
        for (let index = 0; index + 1 < incoming.rawHeaders.length; index += 2) {
          const name = (incoming.rawHeaders[index] ?? '').toLowerCase();
          if (!NOT_COMPARED.has(name)) pairs.push([name, incoming.rawHeaders[index + 1] ?? '']);
        }
        pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        resolve({ status: incoming.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** The shipped file without its comments: what nginx reads. */
function directives(file: string): string {
  return readFileSync(file, 'utf8').replace(/#.*$/gm, '');
}

describe('the front door (infra/docker/nginx.conf)', () => {
  it('keeps no policy of its own: no add_header, no files served', () => {
    for (const file of [
      SHIPPED_NGINX_CONF,
      path.join(repoRoot, 'infra/docker/nginx-upstream.conf'),
    ]) {
      const text = directives(file);
      expect(text, `${file}: add_header`).not.toMatch(/\badd_header\b/);
      expect(text, `${file}: serves files`).not.toMatch(/\b(root|alias|try_files)\b/);
    }
    expect(directives(SHIPPED_NGINX_CONF)).toMatch(/proxy_pass http:\/\/homeservices_api;/);
  });

  it('is run by the test with its listen lines changed and nothing else', () => {
    const shipped = readFileSync(SHIPPED_NGINX_CONF, 'utf8');
    const rendered = serverBlockOnPort(shipped, 4321);
    const isListen = (line: string) => /^\s*listen\s/.test(line);
    expect(shipped.split('\n').filter(isListen).length).toBeGreaterThan(0);
    expect(rendered.split('\n').filter(isListen)).toEqual(['    listen 127.0.0.1:4321;']);
    expect(rendered.split('\n').filter((line) => !isListen(line))).toEqual(
      shipped.split('\n').filter((line) => !isListen(line)),
    );
    expect(() => serverBlockOnPort('server {\n    server_name _;\n}\n', 4321)).toThrow(/listen/);
  });
});

describe('the product through its front door, in Chromium', () => {
  let site: SiteHarness;
  let browser: Browser;
  let tiles: Server;
  let tileOrigin: string;
  const tileRequests: string[] = [];

  beforeAll(async () => {
    tiles = createServer((req, res) => {
      tileRequests.push(req.url ?? '');
      res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' });
      res.end(TILE);
    });
    // Another loopback address: an origin of its own, which the page's policy must open.
    await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.2', resolve));
    tileOrigin = `http://127.0.0.2:${String((tiles.address() as AddressInfo).port)}`;
    site = await startSite(
      {
        NODE_ENV: 'production',
        PAYMENTS_TEST_MODE: 'true',
        MAP_TILE_URL: `${tileOrigin}/tiles/{z}/{x}/{y}.png`,
        AUTH_RATE_LIMIT_MAX: '1000',
      },
      { frontDoor: true },
    );
    ({ browser } = site);
  }, scaled(180_000));
  afterAll(async () => {
    await site.close();
    await new Promise((resolve) => tiles.close(resolve));
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await watchCspViolations(page);
    return page;
  }

  it("shows the contact page's map with its tiles, and nothing refused by the policy", async () => {
    const page = await newPage();
    const consoleRefusals: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) consoleRefusals.push(message.text());
    });
    const answer = await page.goto(`${site.origin}/contact`);
    // The API's policy, opened for the configured tile origin, reaches the browser through nginx.
    expect(answer?.headers()['content-security-policy']).toContain(
      `img-src 'self' data: blob: ${tileOrigin}`,
    );
    await page.locator('.leaflet-marker-icon').waitFor();
    await page.locator('img.leaflet-tile-loaded').first().waitFor();
    expect(tileRequests.length).toBeGreaterThan(0);
    expect(tileRequests.every((url) => /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url))).toBe(true);
    expect(await cspViolations(page)).toEqual([]);
    expect(consoleRefusals).toEqual([]);
    await page.context().close();
  });

  it('lets an admin sign in and open /admin/queues, which lists the queues', async () => {
    const admin = await signUp(site.product.api.app, PASSWORD, 'admin');
    const page = await newPage();
    await logInThroughPage(page, site.origin, admin.email, PASSWORD);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Admin' })
      .click();
    await page.waitForURL(`${site.origin}/admin`);
    await page.getByRole('tab', { name: 'Queues' }).click();
    await page.getByRole('button', { name: 'Open queue dashboard' }).click();
    await page.waitForURL(`${site.origin}/admin/queues`);
    // bull-board's sidebar: one link per queue of the product.
    for (const queue of Object.values(QueueName)) {
      await page.locator('nav').getByRole('link', { name: queue, exact: true }).waitFor();
    }
    for (const violation of await cspViolations(page)) {
      expect(violation).toMatch(EXPECTED_DASHBOARD_VIOLATIONS);
    }
    await page.context().close();
  });

  it('books a visit with a 3 MB photo, pays with the test card, and the confirmation is emailed', async () => {
    const page = await newPage();
    const email = testEmail('front-door');
    await page.goto(`${site.origin}/service/service1`);
    await page.getByRole('button', { name: 'Book Now for Painting' }).click();
    await page.getByRole('button', { name: 'Choose One-time Visit' }).click();
    // Above nginx's default 1 MB request limit: client_max_body_size lets it through.
    await fillBookingDialog(
      page,
      email,
      workingDay(addDays(todayInToronto(), 16)),
      jpeg(3_000_000),
    );
    await payWithTestCard(page, 'Painting', email);

    const [mail] = await waitForMail(email);
    expect(mail?.Subject).toContain('is confirmed');
    // Links in the email point at the front door (SITE_URL), not at the API's own port.
    expect(mail?.Text).toContain(site.origin);
    await eventually(async () => {
      const booking = await BookingModel.findOne({ email });
      expect(booking?.status).toBe('paid');
      expect(booking?.imageKey).toMatch(/\/photo\.jpg$/);
    });
    expect(await cspViolations(page)).toEqual([]);
    await page.context().close();
  });

  describe('answers exactly as the API does', () => {
    let script = '';
    let serial = 0;

    beforeAll(() => {
      const found = readdirSync(path.join(site.siteDir, 'assets')).find((file) =>
        /^index-[\w-]+\.js$/.test(file),
      );
      if (!found) throw new Error(`no index-*.js in ${site.siteDir}/assets`);
      script = `/assets/${found}`;
    });

    /**
     * The same request to nginx and to the API's own port: the same Host (nginx passes it on) and
     * request id (the API echoes it), so that nothing but the way differs.
     */
    async function both(target: string, headers: Record<string, string> = {}) {
      serial += 1;
      const sent = {
        Host: new URL(site.origin).host,
        'X-Request-Id': `front-door-check-${String(serial)}`,
        ...headers,
      };
      const [front, api] = await Promise.all([
        get(site.origin, target, sent),
        get(site.apiOrigin, target, sent),
      ]);
      return { front, api };
    }

    it.each([
      ['/', 200],
      ['/contact', 200],
      ['/favicon.svg', 200],
      ['/assets/index-missing.js', 404],
      ['/api/catalogue', 200],
      ['/api/site-config', 200],
      ['/api/payments/config', 200],
      // Larger than nginx's memory buffers: it passes through a temporary file.
      ['/api/openapi.json', 200],
      ['/api/me', 401],
      ['/api/no-such-route', 404],
      ['/api-docs', 301],
      ['/api-docs/', 200],
      ['/api-docs/swagger-ui-bundle.js', 200],
      ['/healthz', 200],
      // A signed-out browser is sent to the site's login, with the way back.
      ['/admin/queues', 303],
    ])('%s: the same status, headers and bytes', async (target, status) => {
      const { front, api } = await both(target, { Accept: 'text/html,application/json' });
      expect(api.status).toBe(status);
      expect(front.status).toBe(api.status);
      expect(front.headers).toEqual(api.headers);
      expect(front.body.equals(api.body)).toBe(true);
    });

    it.each([
      ['identity', undefined, ''],
      ['br', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
    ] as const)(
      'serves the site script %s as the build wrote it',
      async (acceptEncoding, contentEncoding, suffix) => {
        const { front, api } = await both(script, { 'Accept-Encoding': acceptEncoding });
        expect(front.status).toBe(200);
        expect(front.headers).toEqual(api.headers);
        const encoding = new Map(front.headers).get('content-encoding');
        expect(encoding).toBe(contentEncoding);
        const built = readFileSync(path.join(site.siteDir, `${script}${suffix}`));
        expect(front.body.equals(built)).toBe(true);
        expect(new Map(front.headers).get('cache-control')).toBe(
          'public, max-age=31536000, immutable',
        );
      },
    );

    it('carries the production policy (HSTS included) on every kind of answer', async () => {
      const { front } = await both('/');
      const headers = new Map(front.headers);
      expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
      expect(headers.get('x-powered-by')).toBeUndefined();
    });
  });
});
