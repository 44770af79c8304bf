import { QuoteWords } from '../../api/src/domain/quote/quote-schema';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request, { type Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PasswordResetTokenModel } from '../../api/src/accounts/password-reset-token-model';
import { UserModel } from '../../api/src/accounts/user-model';
import { BookingPhotoLinks } from '../../api/src/admin/booking-photo-links';
import { QUEUE_SESSION_COOKIE } from '../../api/src/admin/queue-session';
import { BookingModel } from '../../api/src/bookings/booking-model';
import { loadApiConfig } from '../../api/src/config/api-config';
import { ConfigError } from '../../api/src/config/load-config';
import { AuthMessages } from '../../api/src/domain/auth/auth-messages';
import { ContactMessages } from '../../api/src/domain/contact/contact-messages';
import { NewsletterMessages } from '../../api/src/domain/newsletter/newsletter-messages';
import { ReviewMessages } from '../../api/src/domain/review/review-messages';
import { buildOpenApiDocument } from '../../api/src/server/openapi-document';
import type { OperationObject } from '../../api/src/http/openapi/openapi-types';
import {
  startApi,
  startApiAndWorkers,
  type ApiHarness,
  type ProductHarness,
} from '../support/api-harness';
import { signUp } from '../support/accounts';
import { bookingFields } from '../support/booking-form';
import { forgedTokens } from '../support/forged-tokens';
import { JPEG_POLYGLOTS } from '../support/hostile-values';
import { png } from '../support/images';
import { waitForMail } from '../support/mailbox';
import { multipartBody, type MultipartPart } from '../support/multipart';
import { eventually } from '../support/poll';
import { jobsSettled } from '../support/settled-jobs';
import { testEmail, testEnv } from '../support/test-env';
import { startTestSmtp, type TestSmtp } from '../support/test-smtp';

/**
 * A subset of OWASP ASVS level 2, checked against the running API: security headers on every kind
 * of answer (V14.4), login tokens (V3.5), reset links (V2.5), rate limits on every form that takes
 * input from anyone (V2.2, V11.1), CORS (V14.5.3), no header injection into emails (V5.2.3),
 * no path traversal into storage keys (V12.3), no open redirects (V5.1.5).
 *
 * Covered elsewhere, not repeated here: `alg: none` and malformed tokens on /api/me, single-use
 * and expiring reset links (api/test/auth.test.ts), every admin route closed to visitors and
 * customers by name (api/test/admin-access.test.ts), the Stripe Elements CSP
 * (api/test/stripe-elements-policy.test.ts), and hostile input on every route
 * (tests/faults/hostile-input.test.ts).
 */

const PASSWORD = 'correct horse 42';
/** One database for the file (the API's MongoDB connection is process-wide); queues apart. */
const BASE_ENV = testEnv();
const envFor = (name: string, overrides: Record<string, string> = {}) => ({
  ...BASE_ENV,
  QUEUE_PREFIX: `${BASE_ENV.QUEUE_PREFIX ?? 'test'}-${name}`,
  ...overrides,
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Every operation of the OpenAPI document, as [label, method, path, operation]. */
function operations(): [string, string, string, OperationObject][] {
  const document = buildOpenApiDocument();
  return Object.entries(document.paths).flatMap(([template, item]) =>
    Object.entries(item).map(([method, operation]): [string, string, string, OperationObject] => [
      `${method.toUpperCase()} ${template}`,
      method,
      template,
      operation,
    ]),
  );
}

/** The path with each {param} filled by a well-formed id that exists nowhere. */
const concrete = (template: string) => template.replace(/\{[^}]+\}/g, '0123456789abcdef01234567');

function send(api: ApiHarness, method: string, target: string) {
  const agent = request(api.app);
  switch (method) {
    case 'get':
      return agent.get(target);
    case 'post':
      return agent.post(target);
    case 'put':
      return agent.put(target);
    case 'patch':
      return agent.patch(target);
    case 'delete':
      return agent.delete(target);
    default:
      throw new Error(`no method ${method}`);
  }
}

/** A built site of two files, so that page and file answers do not depend on a real build. */
function makeSiteDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hs-security-site-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  return dir;
}

describe('security headers on every kind of answer', () => {
  let siteDir: string;

  beforeAll(() => {
    siteDir = makeSiteDir();
  });
  afterAll(() => {
    rmSync(siteDir, { recursive: true, force: true });
  });

  /** One request of each kind the server answers: pages, files, JSON, errors, other apps. */
  async function everyKind(api: ApiHarness, admin: string): Promise<[string, Response][]> {
    const html = { Accept: 'text/html' };
    // A 500: the slot ledger fails in a way nobody planned for.
    const failure = vi
      .spyOn(api.context.slots, 'remaining')
      .mockRejectedValue(new Error('planted failure'));
    try {
      return [
        ['site page', await request(api.app).get('/').set(html)],
        ['client-side route', await request(api.app).get('/service/service1').set(html)],
        ['static asset', await request(api.app).get('/assets/app-1234.js')],
        ['missing static asset (404)', await request(api.app).get('/assets/gone-0000.js')],
        ['API JSON', await request(api.app).get('/api/catalogue')],
        ['OpenAPI document', await request(api.app).get('/api/openapi.json')],
        ['API 404', await request(api.app).get('/api/no-such-thing')],
        [
          'API 400 (malformed JSON)',
          await request(api.app)
            .post('/api/contact')
            .set('Content-Type', 'application/json')
            .send('{"fullName": '),
        ],
        ['API 400 (invalid form)', await request(api.app).post('/api/contact').send({})],
        [
          'API 413',
          await request(api.app)
            .post('/api/contact')
            .send({ message: 'x'.repeat(200_000) }),
        ],
        [
          'API 415',
          await request(api.app).post('/api/bookings').set('Content-Type', 'text/plain').send('x'),
        ],
        ['API 401', await request(api.app).get('/api/me')],
        ['API 500', await request(api.app).get('/api/availability')],
        ['API reference page', await request(api.app).get('/api-docs/')],
        ['API reference redirect', await request(api.app).get('/api-docs')],
        ['queue dashboard, refused', await request(api.app).get('/admin/queues').set(html)],
        [
          'queue dashboard page',
          await request(api.app).get('/admin/queues').set(html).set(bearer(admin)),
        ],
        [
          'test checkout page (404)',
          await request(api.app).get(`/api/payments/test-checkout/cs_test_${'0'.repeat(24)}`),
        ],
        ['liveness', await request(api.app).get('/healthz')],
        ['metrics (off: 404)', await request(api.app).get('/metrics')],
      ];
    } finally {
      failure.mockRestore();
    }
  }

  function expectHeaders(label: string, response: Response, production: boolean) {
    const csp = response.headers['content-security-policy'] ?? '';
    expect(csp, `${label}: CSP`).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options'], `${label}: nosniff`).toBe('nosniff');
    expect(response.headers['referrer-policy'], `${label}: Referrer-Policy`).toBe(
      'strict-origin-when-cross-origin',
    );
    expect(response.headers['x-powered-by'], `${label}: X-Powered-By`).toBeUndefined();
    const hsts = response.headers['strict-transport-security'];
    if (production) {
      expect(hsts, `${label}: HSTS in production`).toBe('max-age=31536000; includeSubDomains');
    } else {
      expect(hsts, `${label}: no HSTS outside production`).toBeUndefined();
    }
  }

  it.each([
    ['development', false],
    ['production', true],
  ] as const)('sets them in %s, HSTS in production only', async (nodeEnv, production) => {
    const api = await startApi(
      envFor(`headers-${nodeEnv}`, { NODE_ENV: nodeEnv, WEB_DIST_DIR: siteDir }),
    );
    try {
      const { token: admin } = await signUp(api.app, PASSWORD, 'admin');
      const answers = await everyKind(api, admin);
      const statuses = Object.fromEntries(answers.map(([label, r]) => [label, r.status]));
      // The kinds are what they claim to be.
      expect(statuses).toMatchObject({
        'site page': 200,
        'static asset': 200,
        'missing static asset (404)': 404,
        'API JSON': 200,
        'API 404': 404,
        'API 400 (malformed JSON)': 400,
        'API 413': 413,
        'API 415': 415,
        'API 401': 401,
        'API 500': 500,
        'API reference page': 200,
        'API reference redirect': 301,
        // A signed-out page visit is sent to the site's login (queue-dashboard.ts).
        'queue dashboard, refused': 303,
        'queue dashboard page': 200,
        'test checkout page (404)': 404,
      });
      for (const [label, response] of answers) expectHeaders(label, response, production);

      if (!production) {
        // The development mailbox: its list and an email's own HTML, never framed either.
        const to = testEmail('headers');
        await api.context.mailer.send({ to, subject: 'Headers', text: 'Hi', html: '<p>Hi</p>' });
        const [mail] = await waitForMail(to);
        const id = mail?.ID ?? '';
        for (const target of ['/dev/mailbox', `/dev/mailbox/${id}`, `/dev/mailbox/${id}/html`]) {
          expectHeaders(target, await request(api.app).get(target), false);
        }
      }
    } finally {
      await api.close();
    }
  });
});

describe('login tokens', () => {
  let api: ApiHarness;
  let customer: { token: string; userId: string };
  let admin: { token: string; userId: string };

  beforeAll(async () => {
    api = await startApi(envFor('tokens', { AUTH_RATE_LIMIT_MAX: '1000' }));
    customer = await signUp(api.app, PASSWORD);
    admin = await signUp(api.app, PASSWORD, 'admin');
  });
  afterAll(async () => {
    await api.close();
  });

  const bearerOperations = operations().filter(([, , , operation]) => {
    const security = JSON.stringify(operation.security ?? []);
    // optionalUser operations ({} in the list) serve visitors too: a bad token makes a visitor.
    return security.includes('bearerAuth') && !security.includes('{}');
  });

  it('documents bearer-protected operations (the walk below has something to walk)', () => {
    expect(bearerOperations.length).toBeGreaterThan(15);
  });

  it.each(bearerOperations)(
    '%s: 401 for a token with another key, expired, tampered, unsigned or not yet valid',
    async (_label, method, template, operation) => {
      const target = concrete(template);
      // Forged from a customer's token, each claiming the admin role. alg none and garbage are
      // refused by the same check, tested in api/test/auth.test.ts.
      const {
        'alg none': _none,
        garbage: _garbage,
        ...forged
      } = forgedTokens(customer.token, api.context.config.JWT_SECRET);
      for (const [reason, token] of Object.entries(forged)) {
        const response = await send(api, method, target).set(bearer(token));
        expect(response.status, `${reason}: ${JSON.stringify(response.body)}`).toBe(401);
        expect(response.body.message).toBe(AuthMessages.sessionExpired);
      }
      if (JSON.stringify(operation.security).includes('"admin"')) {
        // Every admin operation in the document, not only the list in admin-access.test.ts.
        const asCustomer = await send(api, method, target).set(bearer(customer.token));
        expect(asCustomer.status).toBe(403);
      }
    },
  );

  it('refuses forged queue dashboard cookies and a login token used as one', async () => {
    const forged = forgedTokens(admin.token, api.context.config.JWT_SECRET);
    const cookies = [
      forged['signed with another key'] ?? '',
      forged.expired ?? '',
      forged['alg none'] ?? '',
      // A real login token lacks the dashboard's audience.
      admin.token,
    ];
    for (const cookie of cookies) {
      const response = await request(api.app)
        .get('/admin/queues/api/queues')
        .set('Cookie', `${QUEUE_SESSION_COOKIE}=${cookie}`);
      expect(response.status).toBe(401);
    }
  });
});

describe('password reset links (beyond single use and expiry, in auth.test.ts)', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(envFor('reset', { AUTH_RATE_LIMIT_MAX: '1000' }));
  });
  afterAll(async () => {
    await api.close();
  });

  const reset = (token: string, password: string) =>
    request(api.app).post(`/api/auth/reset-password/${token}`).send({ password });

  it('stores only a hash of the token, and accepts no variant of it', async () => {
    const { userId, email } = await signUp(api.app, PASSWORD);
    const { token } = await api.context.passwordResets.issueToken(userId, email);
    const stored = await PasswordResetTokenModel.find({ userId }).lean();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    const variants = [
      token.toUpperCase(),
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      `${token}x`,
      token.slice(1),
      encodeURIComponent(`${token} `),
    ];
    for (const variant of variants) {
      expect((await reset(variant, 'a brand new secret')).status, variant).toBe(400);
    }
    expect((await reset(token, 'a brand new secret')).status).toBe(200);
  });

  it('lets only one of two simultaneous resets with the same link through', async () => {
    const { userId, email } = await signUp(api.app, PASSWORD);
    const { token } = await api.context.passwordResets.issueToken(userId, email);
    const [first, second] = await Promise.all([
      reset(token, 'first new secret'),
      reset(token, 'second new secret'),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    const winner = first.status === 200 ? 'first new secret' : 'second new secret';
    const login = await request(api.app).post('/api/auth/login').send({ email, password: winner });
    expect(login.status).toBe(200);
  });

  it('ends every other outstanding link once one is used', async () => {
    const { userId, email } = await signUp(api.app, PASSWORD);
    const older = await api.context.passwordResets.issueToken(userId, email);
    const newer = await api.context.passwordResets.issueToken(userId, email);
    expect(older.token).not.toBe(newer.token);
    expect((await reset(newer.token, 'the newest secret')).status).toBe(200);
    const stale = await reset(older.token, 'an older secret');
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(AuthMessages.resetLinkInvalid);
  });
});

describe('rate limits on every form that takes input from anyone', () => {
  const LIMIT = 2;
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(
      envFor('limits', {
        AUTH_RATE_LIMIT_MAX: String(LIMIT),
        FORM_RATE_LIMIT_MAX: String(LIMIT),
        // Each endpoint below is called from an address of its own, so no limit spills over.
        TRUST_PROXY: '1',
      }),
    );
  });
  afterAll(async () => {
    await api.close();
  });

  /**
   * Public writes without a limit, on purpose: Stripe's own retries must always get through, mail
   * providers send one-click unsubscribes from shared servers (and the link is signed), the test
   * checkout and billing pages exist only with the local test provider, and closing the dashboard session
   * only clears the caller's own cookie. A quote's totals with the items the customer ticks are
   * worked out and written nowhere (a POST only to carry the choice), as often as they tick.
   */
  const UNLIMITED = new Set([
    'quoteTotals',
    'receivePaymentEvent',
    'unsubscribe',
    'completeTestCheckout',
    'updateTestBillingCard',
    'adminCloseQueueSession',
  ]);

  const publicWrites = operations().filter(([, method, , operation]) => {
    const security = JSON.stringify(operation.security ?? []);
    return method !== 'get' && (security === '[]' || security.includes('{}'));
  });

  it('documents a 429 for every public write but the few that must stay open', () => {
    const undocumented = publicWrites
      .filter(([, , , operation]) => !operation.responses['429'])
      .map(([, , , operation]) => operation.operationId)
      .filter((id) => !UNLIMITED.has(id));
    expect(undocumented).toEqual([]);
  });

  /**
   * Every write that documents a 429: the public ones above, and the signed-in account forms
   * (profile, avatar), whose limit counts before the token is checked, so no token is needed here.
   */
  const limited: [string, string, string][] = [
    ...operations()
      .filter(([, method, , operation]) => method !== 'get' && operation.responses['429'])
      .map(([label, method, template]): [string, string, string] => [
        label,
        method,
        concrete(template),
      ]),
    // The paths the original front end posted to.
    ['POST /api-docs/api/bookings', 'post', '/api-docs/api/bookings'],
    ['POST /api-docs/api/payments', 'post', '/api-docs/api/payments'],
  ];

  const MESSAGES: Record<string, string> = {
    auth: AuthMessages.tooManyAttempts,
    contact: ContactMessages.tooManyMessages,
    newsletter: NewsletterMessages.tooManyAttempts,
    reviews: ReviewMessages.tooManyReviews,
    forms: 'Too many submissions from your connection. Please wait a few minutes and try again.',
    quotes: QuoteWords.tooManyAnswers,
  };
  const messageFor = (target: string) =>
    target.startsWith('/api/auth/') || target.startsWith('/api/me/')
      ? MESSAGES.auth
      : target === '/api/contact'
        ? MESSAGES.contact
        : /\/subscribe|\/newsletter\//.test(target)
          ? MESSAGES.newsletter
          : target === '/api/reviews'
            ? MESSAGES.reviews
            : target.startsWith('/api/quotes/')
              ? MESSAGES.quotes
              : MESSAGES.forms;

  it.each(limited.map((entry, index) => [...entry, index] as const))(
    '%s: the (N+1)th request in the window is a JSON 429',
    async (_label, method, target, index) => {
      const address = `203.0.113.${index + 1}`;
      const attempt = () =>
        send(api, method, target).set('X-Forwarded-For', address).send({ email: 'x' });
      for (let n = 1; n <= LIMIT; n += 1) {
        expect((await attempt()).status, `request ${n}`).not.toBe(429);
      }
      const limitedAnswer = await attempt();
      expect(limitedAnswer.status).toBe(429);
      expect(limitedAnswer.type).toBe('application/json');
      expect(limitedAnswer.body.message).toBe(messageFor(target));
      expect(limitedAnswer.body.error).toBe(messageFor(target));
      expect(limitedAnswer.headers.ratelimit).toBeDefined();
      // Another address is not held back by this one.
      const other = await send(api, method, target)
        .set('X-Forwarded-For', `198.51.100.${index + 1}`)
        .send({ email: 'x' });
      expect(other.status).not.toBe(429);
    },
  );
});

describe('CORS', () => {
  const PARTNER = 'https://partner.example.test';
  const preflight = (api: ApiHarness, origin: string) =>
    request(api.app)
      .options('/api/contact')
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type, authorization');

  it('answers the configured origins only, never with credentials', async () => {
    const api = await startApi(
      envFor('cors', { CORS_ORIGINS: `${PARTNER}, http://localhost:5173` }),
    );
    try {
      const allowed = await preflight(api, PARTNER);
      expect(allowed.status).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe(PARTNER);
      expect(allowed.headers['access-control-allow-methods']).toContain('POST');
      expect(allowed.headers['access-control-allow-headers']).toMatch(/authorization/i);
      expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
      const call = await request(api.app).get('/api/catalogue').set('Origin', PARTNER);
      expect(call.headers['access-control-allow-origin']).toBe(PARTNER);
      expect(call.headers.vary).toMatch(/Origin/);
      expect(call.headers['access-control-allow-credentials']).toBeUndefined();

      for (const origin of [
        'https://evil.test',
        `${PARTNER}.evil.test`,
        'null',
        PARTNER.toUpperCase(),
      ]) {
        const refused = await preflight(api, origin);
        expect(refused.headers['access-control-allow-origin'], origin).toBeUndefined();
        expect(refused.headers['access-control-allow-methods'], origin).toBeUndefined();
        const other = await request(api.app).get('/api/catalogue').set('Origin', origin);
        expect(other.headers['access-control-allow-origin'], origin).toBeUndefined();
        // A shared cache must not hand the partner's answer to this origin.
        expect(other.headers.vary, origin).toMatch(/Origin/);
      }
    } finally {
      await api.close();
    }
  });

  it('adds no CORS headers at all by default (same origin only)', async () => {
    const api = await startApi(envFor('no-cors'));
    try {
      for (const response of [
        await preflight(api, PARTNER),
        await request(api.app).get('/api/catalogue').set('Origin', PARTNER),
      ]) {
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
        expect(response.headers['access-control-allow-methods']).toBeUndefined();
      }
    } finally {
      await api.close();
    }
  });

  it('refuses a CORS_ORIGINS entry that is not exactly an origin', () => {
    for (const value of [
      'https://partner.example.test/',
      'partner.example.test',
      '*',
      'ftp://a.test',
    ]) {
      expect(() => loadApiConfig({ ...BASE_ENV, CORS_ORIGINS: value }), value).toThrow(ConfigError);
    }
    expect(
      loadApiConfig({ ...BASE_ENV, CORS_ORIGINS: ` ${PARTNER} ,https://b.test:8443` }).CORS_ORIGINS,
    ).toEqual([PARTNER, 'https://b.test:8443']);
  });
});

describe('no header injection through form fields into emails', () => {
  let smtp: TestSmtp;
  let product: ProductHarness;
  const inbox = testEmail('inbox');

  beforeAll(async () => {
    smtp = await startTestSmtp();
    product = await startApiAndWorkers(
      envFor('crlf', { SMTP_URL: smtp.url, BUSINESS_INBOX: inbox, FORM_RATE_LIMIT_MAX: '1000' }),
    );
  });
  afterAll(async () => {
    await product.close();
    await smtp.close();
  });

  const INJECTIONS = [
    '\r\nBcc: victim@evil.test',
    '\nBcc: victim@evil.test',
    '\rBcc: victim@evil.test',
    '%0d%0aBcc: victim@evil.test',
  ];
  // Unicode's line and paragraph separators are text, not controls: accepted on one line, and
  // they must stay text. NEL (U+0085) is a C1 control: refused like CR and LF.
  const UNICODE_BREAKS = ['\u2028Bcc: victim@evil.test', '\u2029Bcc: victim@evil.test'];
  const NEL = '\u0085Bcc: victim@evil.test';

  /** The header lines of a raw message, folded lines joined. */
  function headerLines(raw: string): string[] {
    const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
    return head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
  }

  function expectNoInjection(messages: { to: string[]; raw: string }[], allowed: string[]) {
    for (const message of messages) {
      expect(
        message.to.every((to) => allowed.includes(to)),
        message.to.join(', '),
      ).toBe(true);
      // The message's own headers: what the visitor typed may appear in the body, as text.
      const lines = headerLines(message.raw);
      const names = lines.map((line) => line.split(':')[0]?.toLowerCase());
      expect(names).not.toContain('bcc');
      expect(names).not.toContain('cc');
      for (const line of lines.filter((header) => /^(to|reply-to):/i.test(header))) {
        expect(line).not.toContain('evil.test');
      }
    }
    expect(smtp.received.flatMap((message) => message.to).join(' ')).not.toContain('evil.test');
  }

  const contact = (overrides: Record<string, string>) =>
    request(product.api.app)
      .post('/api/contact')
      .send({
        fullName: 'Maya Singh',
        email: testEmail('sender'),
        phone: '416-555-0199',
        subject: 'A question',
        message: 'Hello',
        ...overrides,
      });

  it('refuses CR, LF and NEL in every one-line contact field and in the address', async () => {
    for (const injection of [...INJECTIONS.slice(0, 3), NEL]) {
      for (const field of ['fullName', 'phone', 'subject']) {
        const response = await contact({ [field]: `Hello${injection}` });
        expect(response.status, `${field} ${JSON.stringify(injection)}`).toBe(400);
      }
      const address = await contact({ email: `a@example.test${injection}` });
      expect(address.status).toBe(400);
    }
  });

  it('keeps accepted text out of the headers and the envelope (contact form)', async () => {
    const sender = testEmail('sender');
    const before = smtp.received.length;
    const response = await contact({
      email: sender,
      fullName: `Maya${UNICODE_BREAKS[0] ?? ''}`,
      subject: `Quote${UNICODE_BREAKS[1] ?? ''}${INJECTIONS[3] ?? ''}`,
      // A multi-line message may hold anything, SMTP's end-of-data line included.
      message:
        'Hi\r\n.\r\nMAIL FROM:<x@evil.test>\r\nRCPT TO:<victim@evil.test>\r\nDATA\r\nBcc: victim@evil.test\r\n\r\nBye',
    });
    expect(response.status).toBe(201);
    const messages = await eventually(() => {
      const received = smtp.received.slice(before);
      expect(received.length).toBeGreaterThanOrEqual(2);
      return Promise.resolve(received);
    });
    // Nothing more arrives: the smuggled commands did not start a message of their own.
    await jobsSettled(product.api.context.jobs);
    expect(smtp.received.slice(before)).toHaveLength(2);
    expectNoInjection(messages, [inbox, sender]);
  });

  it('keeps accepted text out of the headers and the envelope (booking form)', async () => {
    const refused = await request(product.api.app)
      .post('/api/bookings')
      .send(bookingFields({ name: `Maya${INJECTIONS[0] ?? ''}`, plan: 'custom-estimate' }));
    expect(refused.status).toBe(400);

    const fields = bookingFields({
      name: `Maya${UNICODE_BREAKS[0] ?? ''}`,
      address: `12 Rosedale Ave${UNICODE_BREAKS[1] ?? ''}`,
      plan: 'custom-estimate',
    });
    const before = smtp.received.length;
    const response = await request(product.api.app).post('/api/bookings').send(fields);
    expect(response.status).toBe(201);
    const messages = await eventually(() => {
      const received = smtp.received.slice(before);
      expect(received.length).toBeGreaterThanOrEqual(2);
      return Promise.resolve(received);
    });
    expectNoInjection(messages, [inbox, fields.email ?? '']);
  });
});

describe('storage keys', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(envFor('keys', { FORM_RATE_LIMIT_MAX: '1000' }));
  });
  afterAll(async () => {
    await api.close();
  });

  const HOSTILE_NAMES = [
    '../../etc/passwd',
    '..%2f..%2fetc%2fpasswd',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/etc/passwd',
    '..\\..\\windows\\win.ini',
    'photo.png\u0000.php',
    'C:\\photo.png',
  ];

  const upload = (target: string, parts: MultipartPart[], headers: Record<string, string> = {}) => {
    const { body, contentType } = multipartBody(parts);
    return request(api.app).post(target).set(headers).set('Content-Type', contentType).send(body);
  };

  /** Nothing in storage carries anything of a client's file name. */
  const expectNoClientNames = async () => {
    const everything = await api.context.storage.list('');
    const suspicious = everything.filter((key) => /passwd|win\.ini|etc|\.\.|\\|\0|\.php/.test(key));
    expect(suspicious).toEqual([]);
  };

  it.each(HOSTILE_NAMES)('stores a booking photo named %j under its booking only', async (name) => {
    const fields = bookingFields();
    const stored = await api.context.storage.list('');
    const response = await upload('/api/bookings', [
      ...Object.entries(fields).map(([field, value]) => ({ name: field, value })),
      { name: 'image', value: png(2, 2, [1, 2, 3]), filename: name, contentType: 'image/png' },
    ]);
    if (response.status === 201) {
      const id = response.body.booking.id as string;
      const booking = await BookingModel.findById(id);
      expect(booking?.imageKey).toBe(`bookings/${id}/photo.png`);
      expect(await api.context.storage.list(`bookings/${id}/`)).toEqual([
        `bookings/${id}/photo.png`,
      ]);
    } else {
      // A name the multipart parser cannot read (NUL in a header) refuses the whole upload.
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(await api.context.storage.list('')).toEqual(stored);
    }
    await expectNoClientNames();
  });

  it('serves a photo that only starts like a JPEG as an image, never as a page', async () => {
    // The check reads the first bytes: this HTML behind a JPEG signature is taken as a photo.
    const polyglot = JPEG_POLYGLOTS.find((bytes) => bytes.includes('<script>'));
    expect(polyglot).toBeDefined();
    const response = await upload('/api/bookings', [
      ...Object.entries(bookingFields()).map(([name, value]) => ({ name, value })),
      {
        name: 'image',
        value: polyglot ?? Buffer.alloc(0),
        filename: 'x.html',
        contentType: 'text/html',
      },
    ]);
    expect(response.status).toBe(201);
    const id = response.body.booking.id as string;
    const served = await request(api.app).get(
      new BookingPhotoLinks(api.context.config.LINK_SECRET).url(id),
    );
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    // Opened as a document anyway, its script could not run.
    expect(served.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('stores a profile picture under its account, whatever the file is called', async () => {
    const { token, userId } = await signUp(api.app, PASSWORD);
    for (const name of HOSTILE_NAMES) {
      const response = await upload(
        '/api/me/avatar',
        [{ name: 'avatar', value: png(2, 2, [4, 5, 6]), filename: name, contentType: 'image/png' }],
        bearer(token),
      );
      // 400: a name the multipart parser cannot read (NUL in a header) refuses the upload.
      expect([200, 400], name).toContain(response.status);
      if (response.status !== 200) continue;
      const user = await UserModel.findById(userId);
      expect(user?.profile.avatarKey).toMatch(
        new RegExp(`^avatars/${userId}/[0-9a-f-]{36}\\.png$`),
      );
    }
    expect(await api.context.storage.list(`avatars/${userId}/`)).toHaveLength(1);
    await expectNoClientNames();
  });
});

describe('redirects go to our own site only', () => {
  let api: ApiHarness;
  let siteDir: string;
  const SITE = 'https://www.homeservices.example';

  beforeAll(async () => {
    siteDir = makeSiteDir();
    api = await startApi(
      envFor('redirects', {
        WEB_DIST_DIR: siteDir,
        SITE_URL: SITE,
        GOOGLE_CLIENT_ID: 'security-client',
        GOOGLE_CLIENT_SECRET: 'security-secret',
        GOOGLE_AUTHORIZATION_URL: 'https://accounts.google.example/o/oauth2/v2/auth',
        GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
        GOOGLE_USERINFO_URL: 'http://127.0.0.1:9/userinfo',
      }),
    );
  });
  afterAll(async () => {
    await api.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  const EXTERNAL = ['https://evil.test/', '//evil.test', '/\\evil.test', 'https:evil.test'];
  const TARGET_PARAMETERS = ['redirect', 'redirect_uri', 'next', 'returnTo', 'return_to', 'url'];

  const withTargets = (base: string, target: string) =>
    `${base}${base.includes('?') ? '&' : '?'}${TARGET_PARAMETERS.map((name) => `${name}=${encodeURIComponent(target)}`).join('&')}`;

  it('starts Google sign-in towards Google, with our own callback', async () => {
    for (const target of EXTERNAL) {
      const response = await request(api.app).get(withTargets('/api/auth/google', target));
      expect(response.status).toBe(302);
      const location = new URL(String(response.headers.location));
      expect(location.origin).toBe('https://accounts.google.example');
      expect(location.searchParams.get('redirect_uri')).toBe(`${SITE}/api/auth/google/callback`);
      expect(String(response.headers.location)).not.toContain('evil.test');
    }
  });

  it('sends the Google callback back to our sign-in page, whatever it carries', async () => {
    const callbacks = [
      '/api/auth/google/callback?error=access_denied',
      '/api/auth/google/callback?code=abc&state=xyz',
      '/api/auth/google/callback',
    ];
    for (const target of EXTERNAL) {
      for (const callback of callbacks) {
        const response = await request(api.app)
          .get(`${withTargets(callback, target)}&state=${encodeURIComponent(target)}`)
          .set('Referer', target);
        expect(response.status).toBe(302);
        const location = String(response.headers.location);
        expect(location.startsWith(`${SITE}/signup/register?`), location).toBe(true);
        expect(location).not.toContain('evil.test');
      }
    }
  });

  it('never turns a path into a redirect to another host', async () => {
    let redirected = 0;
    for (const target of [
      '//evil.test/',
      '//evil.test/%2e%2e',
      '/\\evil.test',
      '//assets',
      '///assets',
      '/api-docs',
      '//api-docs',
      '/api-docs//evil.test',
      '/%2F%2Fevil.test',
    ]) {
      const response = await request(api.app).get(target).set('Accept', 'text/html');
      const location = response.headers.location;
      if (location === undefined) continue;
      redirected += 1;
      // A path on this host: one slash, then anything but another slash or a backslash.
      expect(location, target).toMatch(/^\/(?![/\\])/);
    }
    // Directory and reference redirects exist, so the check above had something to check.
    expect(redirected).toBeGreaterThanOrEqual(3);
  });
});
