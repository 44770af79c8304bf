import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UserModel } from '../../api/src/accounts/user-model';
import { API_ENDPOINTS } from '../../api/src/server/api-endpoints';
import type { FuzzDetail } from '../../api/src/http/endpoint';
import { SubscriberModel } from '../../api/src/newsletter/subscriber-model';
import type {
  JsonSchema,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
} from '../../api/src/http/openapi/openapi-types';
import { startApi, type ApiHarness } from '../support/api-harness';
import { bookingFields, withFields } from '../support/booking-form';
import { dataChanges, snapshotData, type DataSnapshot } from '../support/data-snapshot';
import { forgedTokens } from '../support/forged-tokens';
import {
  deeplyNested,
  headerSafe,
  HIDDEN_CHARACTERS,
  hostileText,
  JPEG_POLYGLOTS,
  longText,
  malformedJson,
  nastyText,
  notAnImage,
  notAnInteger,
  notAnObject,
  notAString,
  operatorValue,
  percentEncode,
  urlPiece,
} from '../support/hostile-values';
import { jpeg, png, webp } from '../support/images';
import { multipartBody, type MultipartPart } from '../support/multipart';
import { eventually } from '../support/poll';
import { listenRaw, type RawHttp, type RawRequest, type RawResponse } from '../support/raw-http';
import { testEmail, testEnv } from '../support/test-env';

/**
 * Property-based hostile input: fast-check generates bad requests for every operation of the
 * OpenAPI document (plus the legacy aliases, the queue dashboard, the site and wrong methods) and
 * sends them over real HTTP to an in-process API. Every generated request is invalid by
 * construction (a body that breaks its schema, or a credential the fuzzer cannot have), so:
 *
 * - no answer may be a 5xx or take longer than HANG_MS, and no error answer may carry a stack;
 * - the API may log no error and no exception may escape;
 * - no MongoDB document, S3 object or queued job may appear, change or vanish;
 * - Object.prototype stays as it was.
 *
 * Requests go in concurrent batches; a failing batch is shrunk to the smallest one that still
 * fails, and fast-check prints it (with its seed, to replay).
 */

const TOTAL_REQUESTS = 10_000;
const BATCH_MAX = 12;
/** An answer slower than this counts as a hang (the largest bodies are about 5 MB, locally). */
const HANG_MS = 10_000;
const PASSWORD = 'correct horse 42';

type Bearer = 'none' | 'forged' | 'customer' | 'admin';

/**
 * Each operation's class (why nothing the fuzzer sends it can be a valid request, and what else it
 * must know), declared beside the operation's handler: see FuzzRefusal in api/src/http/endpoint.ts.
 */
const FUZZ_CLASSES = new Map(
  API_ENDPOINTS.flatMap((group) => group.endpoints).map((endpoint): [string, FuzzDetail] => [
    endpoint.operationId,
    typeof endpoint.fuzz === 'string' ? { refusal: endpoint.fuzz } : endpoint.fuzz,
  ]),
);

interface Endpoint {
  name: string;
  method: string;
  /** OpenAPI form: /api/bookings/{id}. */
  path: string;
  fuzz: FuzzDetail;
  operation?: OperationObject;
  /** Who the operation lets in: a passing Bearer token means the body must be invalid. */
  access: 'public' | 'user' | 'admin';
}

/** One generated request, printed short when fast-check reports it. */
interface Hostile {
  endpoint: string;
  raw: RawRequest;
  /**
   * Its body is made invalid for a caller the route lets in: only an answer that refuses the
   * input will do (this checks the generators as much as the API).
   */
  brokenBody: boolean;
  [fc.toStringMethod](): string;
}

function hostile(endpoint: string, raw: RawRequest, brokenBody = false): Hostile {
  return {
    endpoint,
    raw,
    brokenBody,
    [fc.toStringMethod]() {
      const body = raw.body === undefined ? Buffer.alloc(0) : Buffer.from(raw.body);
      const shown =
        body.length > 400 ? `${body.subarray(0, 400).toString('latin1')}…` : body.toString();
      const headers = Object.entries(raw.headers ?? {}).map(([name, value]) => {
        const text = String(value);
        return `${name}: ${text.length > 200 ? `${text.slice(0, 200)}… (${text.length})` : text}`;
      });
      return `${endpoint}: ${raw.method} ${raw.path.slice(0, 300)} ${JSON.stringify(headers)} [${body.length} bytes] ${JSON.stringify(shown)}`;
    },
  };
}

/** Ids of both shapes the API uses: ObjectIds (24 hex digits) and booking ids (32). */
const hexId = fc
  .oneof(
    fc.uint8Array({ minLength: 12, maxLength: 12 }),
    fc.uint8Array({ minLength: 16, maxLength: 16 }),
  )
  .map((bytes) => Buffer.from(bytes).toString('hex'));

const futureDate = () => {
  const date = new Date(Date.now() + 20 * 86_400_000);
  return date.toISOString().slice(0, 10);
};

interface Fixtures {
  customerToken: string;
  adminToken: string;
  forged: string[];
  bookingId: string;
  campaignId: string;
  subscriberId: string;
}

describe('hostile input on every endpoint', () => {
  let api: ApiHarness;
  let http: RawHttp;
  let siteDir: string;
  let document: OpenApiDocument;
  const fixtures: Partial<Fixtures> = {};

  beforeAll(async () => {
    siteDir = mkdtempSync(path.join(tmpdir(), 'hs-fuzz-site-'));
    mkdirSync(path.join(siteDir, 'assets'));
    writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(siteDir, 'assets', 'app-1234.js'), 'console.log(1)');
    api = await startApi(
      testEnv({
        LOG_LEVEL: 'error',
        AUTH_RATE_LIMIT_MAX: '1000000',
        FORM_RATE_LIMIT_MAX: '1000000',
        WEB_DIST_DIR: siteDir,
        // Configured, so the sign-in routes run their real code; nothing listens on port 9, and
        // no generated callback gets as far as calling it (it never has the state cookie).
        GOOGLE_CLIENT_ID: 'fuzz-client',
        GOOGLE_CLIENT_SECRET: 'fuzz-secret',
        GOOGLE_AUTHORIZATION_URL: 'http://127.0.0.1:9/authorize',
        GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
        GOOGLE_USERINFO_URL: 'http://127.0.0.1:9/userinfo',
      }),
    );
    http = await listenRaw(api.app);
    document = JSON.parse(
      (await http.send({ method: 'GET', path: '/api/openapi.json' })).body.toString(),
    ) as OpenApiDocument;

    // Real records for the hostile requests to aim at: ids that exist, an account of each kind.
    const signUp = async (role: 'customer' | 'admin') => {
      const email = testEmail(`fuzz-${role}`);
      const registered = await request(api.app).post('/api/auth/register').send({
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'Fuzz',
        lastName: 'Target',
        address: '1 King St W',
      });
      expect(registered.status).toBe(201);
      if (role === 'customer') return registered.body.token as string;
      await UserModel.updateOne({ email }, { $set: { role: 'admin' } });
      const login = await request(api.app)
        .post('/api/auth/login')
        .send({ email, password: PASSWORD });
      return login.body.token as string;
    };
    fixtures.customerToken = await signUp('customer');
    fixtures.adminToken = await signUp('admin');
    fixtures.forged = Object.values(
      forgedTokens(fixtures.customerToken, api.context.config.JWT_SECRET),
    );
    const booked = await withFields(request(api.app).post('/api/bookings'), bookingFields()).attach(
      'image',
      png(2, 2, [10, 20, 30]),
      'photo.png',
    );
    expect(booked.status).toBe(201);
    fixtures.bookingId = booked.body.booking.id as string;
    const campaign = await request(api.app)
      .post('/api/admin/campaigns')
      .set('Authorization', `Bearer ${fixtures.adminToken}`)
      .send({ subject: 'Fuzz target', body: 'Hello' });
    expect(campaign.status).toBe(201);
    fixtures.campaignId = campaign.body.campaign.id as string;
    expect(
      (
        await request(api.app)
          .post('/api/subscribe')
          .send({ email: testEmail('fuzz-sub') })
      ).status,
    ).toBe(200);
    fixtures.subscriberId = String((await SubscriberModel.findOne())?._id);
    await request(api.app)
      .post('/api/contact')
      .send({
        fullName: 'Fuzz Target',
        email: testEmail('fuzz-contact'),
        phone: '416-555-0199',
        subject: 'Hi',
        message: 'Hello',
      });
  });

  afterAll(async () => {
    await http.close();
    await api.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it(`answers ${TOTAL_REQUESTS}+ generated bad requests without a 5xx, a hang, an error or a write`, async () => {
    const f = fixtures as Fixtures;
    const endpoints = endpointsOf(document);
    const unclassified = endpoints
      .filter((endpoint) => endpoint.operation && !FUZZ_CLASSES.has(endpoint.name))
      .map((endpoint) => endpoint.name);
    expect(unclassified, 'documented operations without a declared fuzz class').toEqual([]);
    // Text fields get characters spliced in that their schema declares refused; were that
    // declaration lost (by a zod upgrade, say), the fuzzer would quietly stop sending them.
    const hiddenCharacterFields = endpoints.flatMap((endpoint) =>
      Object.values(endpoint.operation?.requestBody?.content ?? {}).flatMap((media) =>
        Object.entries(objectSchemaOf(media.schema).properties)
          .filter(([, property]) => withHiddenCharacter(property) !== null)
          .map(([field]) => `${endpoint.name}.${field}`),
      ),
    );
    expect(hiddenCharacterFields).toEqual(
      expect.arrayContaining([
        'register.firstName',
        'updateProfile.bio',
        'createBooking.name',
        'createBooking.details',
        'sendContactMessage.message',
        'sendReview.text',
        'adminCreateCampaign.body',
      ]),
    );

    const arbitrary = fc.oneof(
      ...endpoints.map((endpoint) => requestFor(endpoint, f)),
      ...extraRequests(document, f),
    );

    const sent = new Map<string, Map<number, number>>();
    let total = 0;
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort().join(',');
    const escaped: unknown[] = [];
    const onEscape = (error: unknown) => escaped.push(error);
    process.on('uncaughtException', onEscape);
    process.on('unhandledRejection', onEscape);
    // Libraries that complain on the console instead of throwing (a parser, a driver).
    const consoleErrors = vi.spyOn(console, 'error');
    const first = await snapshotData(api.context);
    let last: DataSnapshot = first;
    const started = Date.now();

    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(arbitrary, { minLength: 1, maxLength: BATCH_MAX }),
          async (batch) => {
            const logsBefore = api.logs.length;
            const answers = await Promise.all(
              batch.map(async (item): Promise<[Hostile, RawResponse | Error]> => {
                try {
                  return [item, await http.send(item.raw, HANG_MS)];
                } catch (error) {
                  return [item, error instanceof Error ? error : new Error(String(error))];
                }
              }),
            );
            const problems: string[] = [];
            for (const [item, answer] of answers) {
              total += 1;
              if (answer instanceof Error) {
                problems.push(`${item.endpoint}: ${answer.message}`);
                continue;
              }
              const statuses = sent.get(item.endpoint) ?? new Map<number, number>();
              statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
              sent.set(item.endpoint, statuses);
              problems.push(...answerProblems(item, answer));
            }
            const errorLines = api.logs.slice(logsBefore).filter((line) => levelOf(line) >= 50);
            problems.push(...errorLines.map((line) => `logged: ${line.slice(0, 600)}`));
            problems.push(...escaped.splice(0).map((error) => `escaped: ${String(error)}`));
            problems.push(
              ...consoleErrors.mock.calls
                .splice(0)
                .map((args) => `console.error: ${args.map(String).join(' ')}`),
            );
            const polluted = Object.getOwnPropertyNames(Object.prototype).sort().join(',');
            if (polluted !== prototypeKeys) problems.push(`Object.prototype changed: ${polluted}`);

            let now = await snapshotData(api.context);
            if (dataChanges(last, now).length > 0) {
              // A refused upload is removed in the background: judged as soon as it is gone, or
              // after 3 s as it stands.
              now = await eventually(
                async () => {
                  const later = await snapshotData(api.context);
                  expect(dataChanges(last, later)).toEqual([]);
                  return later;
                },
                { timeoutMs: 3_000, intervalMs: 100 },
              ).catch(() => snapshotData(api.context));
            }
            problems.push(...dataChanges(last, now));
            last = now;
            if (problems.length > 0) throw new Error(problems.join('\n'));
          },
        ),
        {
          // Batches average about 6 requests; the count is checked below.
          numRuns: Math.ceil(TOTAL_REQUESTS / 5),
          // Shrinking a failure reruns batches (3 s each when data changed): stop in time to
          // report the smallest counterexample found so far, within the project's 300 s timeout.
          plugins: [fc.interruptAfterTimeLimit(240_000, { failOnInterrupt: true })],
        },
      );
    } finally {
      process.off('uncaughtException', onEscape);
      process.off('unhandledRejection', onEscape);
      consoleErrors.mockRestore();
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const table = [...sent.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(
          ([name, statuses]) =>
            `  ${name}: ${[...statuses.entries()]
              .sort(([a], [b]) => a - b)
              .map(([status, count]) => `${status}×${count}`)
              .join(' ')}`,
        );
      console.log(`[hostile input] ${total} requests in ${seconds} s\n${table.join('\n')}`);
    }

    expect(total).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
    const names = [...endpoints.map((endpoint) => endpoint.name), ...EXTRA_TARGETS];
    const missed = names.filter((name) => sentCount(sent, name) < 20);
    expect(missed, 'targets that got fewer than 20 requests').toEqual([]);
    // Batch by batch nothing changed; nor did anything change late, after its batch was judged.
    expect(dataChanges(first, await snapshotData(api.context))).toEqual([]);
  });
});

function sentCount(sent: Map<string, Map<number, number>>, name: string): number {
  return [...(sent.get(name)?.values() ?? [])].reduce((sum, count) => sum + count, 0);
}

function levelOf(line: string): number {
  try {
    const parsed = JSON.parse(line) as { level?: unknown };
    return typeof parsed.level === 'number' ? parsed.level : 0;
  } catch {
    return 0;
  }
}

/**
 * How the API refuses input: invalid (400), too large (413), of a type it does not take (415),
 * headers over Node's limit (431), or a path with an id that does not exist (404).
 */
const REFUSED_INPUT = [400, 404, 413, 415, 431];

/** What is wrong with one answer, if anything. */
function answerProblems(item: Hostile, answer: RawResponse): string[] {
  const problems: string[] = [];
  const label = `${item.endpoint} ${item.raw.method} ${item.raw.path.slice(0, 120)}`;
  if (answer.status >= 500 || answer.status < 100) {
    problems.push(`${label}: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
  }
  if (item.brokenBody && !REFUSED_INPUT.includes(answer.status)) {
    problems.push(`${label}: a broken body answered ${answer.status}, not a refusal of the input`);
  }
  const text = answer.body.toString('utf8');
  if (answer.status >= 400 && /\bat .+\.(?:ts|js|mjs):\d+:\d+/.test(text)) {
    problems.push(`${label}: a stack trace in the answer: ${text.slice(0, 300)}`);
  }
  // 431 comes from Node's HTTP parser (headers over 16 kB), before the app sees the request.
  if (answer.status >= 400 && answer.status !== 431 && item.raw.path.startsWith('/api/')) {
    const type = answer.headers['content-type'] ?? '';
    if (!type.startsWith('application/json')) {
      problems.push(`${label}: ${answer.status} answered as ${type || 'no type'}`);
    }
  }
  return problems;
}

/** Every operation in the document, with how it is entered. */
function endpointsOf(document: OpenApiDocument): Endpoint[] {
  return Object.entries(document.paths).flatMap(([pathTemplate, item]) =>
    Object.entries(item).map(([method, operation]): Endpoint => {
      const security = JSON.stringify(operation.security ?? []);
      const access = security.includes('"admin"')
        ? 'admin'
        : security.includes('bearerAuth') && !security.includes('{}')
          ? 'user'
          : 'public';
      return {
        name: operation.operationId,
        method: method.toUpperCase(),
        path: pathTemplate,
        fuzz: FUZZ_CLASSES.get(operation.operationId) ?? { refusal: 'body' },
        operation,
        access,
      };
    }),
  );
}

/** Whether a Bearer of this kind gets past the operation's own check. */
function bearerPasses(endpoint: Endpoint, bearer: Bearer): boolean {
  if (endpoint.access === 'public') return true;
  if (endpoint.access === 'user') return bearer === 'customer' || bearer === 'admin';
  return bearer === 'admin';
}

/** The Bearer tokens the fuzzer sends to an operation (customers' own tokens, admins' for admin routes). */
function bearersFor(endpoint: Endpoint): Bearer[] {
  const all: Bearer[] =
    endpoint.access === 'admin'
      ? ['none', 'forged', 'customer', 'admin']
      : ['none', 'forged', 'customer'];
  return endpoint.fuzz.neverValidBearer
    ? all.filter((bearer) => !bearerPasses(endpoint, bearer))
    : all;
}

function authorization(bearer: Bearer, f: Fixtures): fc.Arbitrary<Record<string, string>> {
  switch (bearer) {
    case 'none':
      return fc.constantFrom<Record<string, string>>(
        {},
        { Authorization: 'Basic YWRtaW46YWRtaW4=' },
        { Authorization: '' },
      );
    case 'forged':
      return fc
        .oneof(
          fc.constantFrom(...f.forged),
          nastyText.map((text) => headerSafe(text)),
          fc.constantFrom(`${f.adminToken}x`, f.adminToken.split('.').reverse().join('.')),
        )
        .map((token) => ({ Authorization: `Bearer ${token}` }));
    case 'customer':
      return fc.constant({ Authorization: `Bearer ${f.customerToken}` });
    case 'admin':
      return fc.constant({ Authorization: `Bearer ${f.adminToken}` });
  }
}

/** Headers any request may carry: other origins, forged proxies, cookies, ids, noise. */
const noiseHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      Origin: fc.constantFrom('https://evil.test', 'null', 'http://127.0.0.1:1'),
      'X-Forwarded-For': fc.constantFrom('1.2.3.4', '127.0.0.1, 10.0.0.1', 'not-an-ip', '::1'),
      'X-Request-Id': hostileText.map(headerSafe),
      Cookie: fc.oneof(
        {
          weight: 3,
          arbitrary: hostileText.map((text) => `hs_google_sign_in=${headerSafe(text)}`),
        },
        {
          weight: 3,
          arbitrary: hostileText.map(
            (text) => `hs_google_state=${percentEncode(text)}.${percentEncode(text)}`,
          ),
        },
        { weight: 3, arbitrary: fc.constant('hs_admin_queues=eyJhbGciOiJub25lIn0.e30.') },
        // Over Node's header limit: answered 431 before the app sees it.
        { weight: 1, arbitrary: fc.constant(`big=${'x'.repeat(20_000)}`) },
      ),
      Accept: fc.constantFrom('text/html', '*/*', 'application/xml', '', 'text/html;q=0'),
      'Idempotency-Key': hostileText.map(headerSafe),
      'X-HTTP-Method-Override': fc.constantFrom('DELETE', 'PUT'),
    },
    { requiredKeys: [] },
  )
  .map((headers) => headers as Record<string, string>);

/** Query strings: the operation's own parameters with hostile values, repeated, plus junk. */
function queryString(params: readonly ParameterObject[]): fc.Arbitrary<string> {
  const names = params.filter((param) => param.in === 'query').map((param) => param.name);
  const key = fc.oneof(
    ...(names.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...names) }] : []),
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__',
        '__proto__[polluted]',
        'constructor[prototype][polluted]',
        '$where',
        'a[b][c][d]',
        'token[]',
        'page[$gt]',
      ),
    },
  );
  return fc
    .array(fc.tuple(key, urlPiece), { maxLength: 5 })
    .map((pairs) =>
      pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`,
    );
}

/** Path with each {param} filled: hostile text, ids that do not exist, or real ids. */
function pathFor(endpoint: Endpoint, f: Fixtures): fc.Arbitrary<string> {
  const names = [...endpoint.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  if (names.length === 0) return fc.constant(endpoint.path);
  const real: string[] = [];
  // Real ids only where the request still lacks its credential (or its body is made invalid).
  if (/^\/api\/bookings\/\{id\}|^\/api\/admin\/booking/.test(endpoint.path)) real.push(f.bookingId);
  if (endpoint.fuzz.refusal === 'reads' && endpoint.path.includes('/campaigns/')) {
    real.push(f.campaignId);
  }
  const value = fc.oneof(
    { weight: 3, arbitrary: urlPiece },
    { weight: 1, arbitrary: hexId },
    ...(real.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...real) }] : []),
    {
      // Shaped like a reset token or sign-in code (43 base64url characters), so checks past
      // the shape run too.
      weight: 1,
      arbitrary: fc.string({
        unit: fc.constantFrom(...Array.from('ABCDEFabcdef0123456789_-')),
        minLength: 43,
        maxLength: 43,
      }),
    },
  );
  return fc.array(value, { minLength: names.length, maxLength: names.length }).map((values) => {
    let filled = endpoint.path;
    names.forEach((name, index) => {
      filled = filled.replace(`{${name}}`, values[index] ?? '');
    });
    return filled;
  });
}

/** A plausible value for a field, so that one broken field is often the only thing wrong. */
function plausible(name: string, schema: JsonSchema, f: Fixtures): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.const !== undefined) return fc.constant(schema.const);
  const known: Record<string, fc.Arbitrary<unknown>> = {
    email: fc.constantFrom('fuzz@example.test', 'FUZZ@Example.Test '),
    customerEmail: fc.constant('fuzz@example.test'),
    password: fc.constant(PASSWORD),
    confirmPassword: fc.constant(PASSWORD),
    firstName: fc.constant('Maya'),
    lastName: fc.constant('Singh'),
    name: fc.constant('Maya Singh'),
    fullName: fc.constant('Maya Singh'),
    address: fc.constant('12 Rosedale Ave'),
    postalCode: fc.constantFrom('M4W 1P8', 'm5v3l9 '),
    phone: fc.constant('416-555-0199'),
    date: fc.constant(futureDate()),
    dob: fc.constant('1990-01-01'),
    time: fc.constantFrom('morning', 'EVENING '),
    service: fc.constantFrom('Painting', 'painting'),
    plan: fc.constantFrom('One-time Visit - $149', 'custom-estimate'),
    subject: fc.constant('Hello'),
    message: fc.constant('Hi there'),
    body: fc.constant('Hello'),
    bookingId: fc.oneof(fc.constant(f.bookingId), hexId),
    amount: fc.constantFrom(14900, 24900),
    paymentMethodId: fc.constantFrom('pm_card_visa', 'pm_card_chargeDeclined'),
    code: fc.string({
      unit: fc.constantFrom(...Array.from('abcXYZ019_-')),
      minLength: 43,
      maxLength: 43,
    }),
    subscriber: fc.constant(f.subscriberId),
    token: fc.string({
      unit: fc.constantFrom(...Array.from('abcXYZ019_-.')),
      minLength: 10,
      maxLength: 80,
    }),
  };
  return known[name] ?? hostileText;
}

/**
 * Text with a character the field's own rule refuses (its `not.pattern`: a control character, a
 * direction override), between other characters so that trimming cannot take it off; null for a
 * field without such a rule.
 */
function withHiddenCharacter(schema: JsonSchema): fc.Arbitrary<string> | null {
  const not = schema.not;
  if (typeof not !== 'object' || typeof not.pattern !== 'string') return null;
  const rule = new RegExp(not.pattern);
  const characters = HIDDEN_CHARACTERS.filter((character) => rule.test(character));
  if (characters.length === 0) return null;
  return fc
    .tuple(hostileText, fc.constantFrom(...characters), hostileText)
    .map(([before, character, after]) => `a${before}${character}${after}b`);
}

/** A value this field's schema refuses, whatever the other fields hold. */
function refused(name: string, field: JsonSchema): fc.Arbitrary<unknown> {
  // A field that may be null (a crew taken off a visit) is refused only its other wrong values.
  const branches = Array.isArray(field.anyOf) ? field.anyOf : [];
  const nullable = branches.some((branch) => branch.type === 'null');
  const schema = nullable ? (branches.find((branch) => branch.type !== 'null') ?? {}) : field;
  const options: fc.Arbitrary<unknown>[] = [];
  const type = schema.type;
  if (type === 'integer' || type === 'number') options.push(notAnInteger);
  else options.push(nullable ? notAString.filter((value) => value !== null) : notAString);
  if (typeof schema.maxLength === 'number') {
    const max = schema.maxLength;
    // Never blank (fields are trimmed first); sometimes far over the 100 kB JSON limit.
    options.push(longText(max + 1, Math.max(max + 50, 3_000)).map((text) => `#${text}`));
  }
  if (
    Array.isArray(schema.enum) ||
    schema.const !== undefined ||
    typeof schema.pattern === 'string'
  ) {
    // '#' is in no enum value and outside every pattern's character class.
    options.push(hostileText.map((text) => `#${text}`));
  }
  const hidden = withHiddenCharacter(schema);
  if (hidden) options.push(hidden);
  if (/email/i.test(name)) options.push(hostileText.map((text) => text.replace(/@/g, '')));
  if (name === 'date' || name === 'dob') options.push(hostileText.map((text) => `x${text}`));
  return fc.oneof(...options);
}

interface ObjectSchema {
  properties: Record<string, JsonSchema>;
  required: string[];
}

function objectSchemaOf(schema: JsonSchema | undefined): ObjectSchema {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(schema?.required) ? schema.required : [];
  return { properties, required };
}

/** The fields of a form, plausible or hostile, as an object (JSON) or pairs (multipart). */
function fieldsFor(
  schema: ObjectSchema,
  f: Fixtures,
  skip: readonly string[] = [],
): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(schema.properties).filter((name) => !skip.includes(name));
  const entries = names.map((name) => {
    const property = schema.properties[name] ?? {};
    return fc.tuple(
      fc.constant(name),
      fc.option(
        fc.oneof(
          { weight: 4, arbitrary: plausible(name, property, f) },
          { weight: 1, arbitrary: hostileText },
          { weight: 1, arbitrary: operatorValue },
        ),
        { freq: schema.required.includes(name) ? 20 : 3 },
      ),
    );
  });
  return fc.tuple(...entries).map((pairs) => {
    const object: Record<string, unknown> = {};
    for (const [name, value] of pairs) if (value !== null) object[name] = value;
    return object;
  });
}

/** One change that makes a form invalid: a required field gone, or a field its schema refuses. */
function breakOne(
  schema: ObjectSchema,
  skip: readonly string[] = [],
): fc.Arbitrary<(fields: Record<string, unknown>) => Record<string, unknown>> {
  const names = Object.keys(schema.properties).filter((name) => !skip.includes(name));
  const required = schema.required.filter((name) => !skip.includes(name));
  const options: fc.Arbitrary<(fields: Record<string, unknown>) => Record<string, unknown>>[] = [
    fc
      .constantFrom(...names)
      .chain((name) =>
        refused(name, schema.properties[name] ?? {}).map(
          (value) => (fields: Record<string, unknown>) => ({ ...fields, [name]: value }),
        ),
      ),
  ];
  if (required.length > 0) {
    options.push(
      fc.constantFrom(...required).map((name) => (fields: Record<string, unknown>) => {
        const { [name]: _, ...rest } = fields;
        return rest;
      }),
    );
  }
  return fc.oneof(...options);
}

/** Prototype-pollution keys spliced into JSON text as the object's own properties. */
const POLLUTION = [
  '"__proto__": {"polluted": "yes", "role": "admin"}',
  '"constructor": {"prototype": {"polluted": "yes"}}',
  '"__proto__": null',
];

function spliceKeys(json: string, extra: string | null): string {
  if (!extra || !json.startsWith('{')) return json;
  return json === '{}' ? `{${extra}}` : `{${extra},${json.slice(1)}`;
}

/** Gzip of 20 MB of zeros: 20 kB on the wire, far over the JSON limit once inflated. */
const GZIP_BOMB = gzipSync(Buffer.alloc(20_000_000));

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'Application/JSON'];
/** Types no JSON route parses: a well-formed JSON body sent with one of these is not read. */
const WRONG_TYPES = [
  'text/plain',
  'application/xml',
  'application/json-patch+json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/json; charset=koi8-r',
];

interface Body {
  body?: Buffer | string;
  headers: Record<string, string>;
}

/** JSON bodies: `invalid` guarantees the body is refused, whatever the route would do with it. */
function jsonBody(schemaOf: ObjectSchema, f: Fixtures, invalid: boolean): fc.Arbitrary<Body> {
  const json = (body: string, type = 'application/json'): Body => ({
    body,
    headers: { 'Content-Type': type },
  });
  const broken = fc
    .tuple(
      fieldsFor(schemaOf, f),
      breakOne(schemaOf),
      fc.option(fc.constantFrom(...POLLUTION), { freq: 4 }),
      fc.constantFrom(...JSON_TYPES),
    )
    .map(([fields, change, extra, type]) =>
      json(spliceKeys(JSON.stringify(change(fields)), extra), type),
    );
  const refusedWhole = fc.oneof(
    malformedJson.map((text) => json(text)),
    // Deep nesting as a field's value (an object of unknown keys alone would be valid for a
    // form whose fields are all optional).
    fc
      .tuple(fc.constantFrom(...Object.keys(schemaOf.properties)), deeplyNested)
      .map(([name, nested]) => json(`{${JSON.stringify(name)}: ${nested}}`)),
    notAnObject.map((text) => json(text)),
    longText(100_001, 1_100_000).map((text) => json(JSON.stringify({ email: text }))),
    fc
      .tuple(fieldsFor(schemaOf, f), fc.constantFrom(...WRONG_TYPES))
      .map(([fields, type]) => json(JSON.stringify(fields), type)),
    fieldsFor(schemaOf, f).map((fields) => ({ body: JSON.stringify(fields), headers: {} })),
    fc.constant<Body>({
      body: GZIP_BOMB,
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    }),
    fc.constantFrom('gzip', 'deflate', 'br', 'x-unknown').map((encoding): Body => ({
      body: '{"email": "fuzz@example.test"}',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
    })),
  );
  const anything = fc
    .tuple(fieldsFor(schemaOf, f), fc.option(fc.constantFrom(...POLLUTION), { freq: 4 }))
    .map(([fields, extra]) => json(spliceKeys(JSON.stringify(fields), extra)));
  return invalid
    ? fc.oneof({ weight: 3, arbitrary: broken }, { weight: 1, arbitrary: refusedWhole })
    : fc.oneof(broken, refusedWhole, anything);
}

/** File names that try to climb out of the key they are stored under, or to confuse a parser. */
const fileName = fc.oneof(
  fc.constantFrom(
    'photo.jpg',
    '../../../../etc/passwd',
    '..%2f..%2fetc%2fpasswd',
    '/etc/passwd',
    'C:\\Windows\\win.ini',
    'a\u0000.jpg',
    'photo.jpg\u0000.php',
    '.htaccess',
    '',
    'x'.repeat(5_000),
    'image.svg',
  ),
  hostileText,
);

const fileTypes = fc.constantFrom(
  'image/jpeg',
  'image/png',
  'text/html',
  'application/x-php',
  '',
  'image/svg+xml',
);

/** A 5 MB (and one byte) JPEG: over the booking photo limit. */
const OVERSIZE_JPEG = jpeg(5 * 1024 * 1024 + 1);

const anyPhoto: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constantFrom(...JPEG_POLYGLOTS),
  fc.constant(png(1, 1, [0, 0, 0])),
  fc.integer({ min: 32, max: 1_000_000 }).map((size) => jpeg(size)),
  notAnImage,
);

/** Multipart forms, correct or broken at the transport level. */
function multipartRequest(
  parts: MultipartPart[],
  transport: 'whole' | 'truncated' | 'no-boundary' | 'wrong-boundary' | 'json-body',
  cut: number,
): Body {
  const { body, contentType } = multipartBody(
    parts,
    transport === 'truncated' ? { truncateAt: cut / 1000 } : {},
  );
  switch (transport) {
    case 'whole':
    case 'truncated':
      return { body, headers: { 'Content-Type': contentType } };
    case 'no-boundary':
      return { body, headers: { 'Content-Type': 'multipart/form-data' } };
    case 'wrong-boundary':
      return { body, headers: { 'Content-Type': 'multipart/form-data; boundary=nope' } };
    case 'json-body':
      return { body: '{"name": "x"}', headers: { 'Content-Type': contentType } };
  }
}

function partsOf(fields: Record<string, unknown>): MultipartPart[] {
  return Object.entries(fields).map(([name, value]) => ({
    name,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));
}

/** The form's text fields as parts, then its photo if it has one. */
function formParts(
  fields: Record<string, unknown>,
  file: { bytes: Buffer; filename: string; type: string } | null,
): MultipartPart[] {
  const parts = partsOf(fields);
  if (file) {
    parts.push({
      name: 'image',
      value: file.bytes,
      filename: file.filename,
      contentType: file.type,
    });
  }
  return parts;
}

/** The booking form: every generated one breaks a field, the photo or the multipart itself. */
function bookingMultipart(schemaOf: ObjectSchema, f: Fixtures): fc.Arbitrary<Body> {
  const textFields = fieldsFor(schemaOf, f, ['image']).map((fields) =>
    Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [
        name,
        typeof value === 'string' ? value : String(value),
      ]),
    ),
  );
  const photo = fc.option(fc.record({ bytes: anyPhoto, filename: fileName, type: fileTypes }), {
    freq: 2,
  });
  type Breaker = (parts: MultipartPart[]) => MultipartPart[];
  // A text field holding a character its rule refuses: a control, a direction override.
  const hiddenCharacters = Object.entries(schemaOf.properties).flatMap(([name, property]) => {
    const value = withHiddenCharacter(property);
    return value
      ? [
          value.map((text): Breaker => (parts) => [
            ...parts.filter((part) => part.name !== name),
            { name, value: text },
          ]),
        ]
      : [];
  });
  const breakers: fc.Arbitrary<Breaker> = fc.oneof(
    ...hiddenCharacters,
    // A required text field gone.
    fc.constantFrom(...schemaOf.required).map(
      (name): Breaker =>
        (parts) =>
          parts.filter((part) => part.name !== name),
    ),
    // A field twice: it arrives as a list, which no field takes.
    fc
      .constantFrom(...schemaOf.required)
      .map((name): Breaker => (parts) => [
        ...parts.filter((part) => part.name !== name),
        { name, value: 'a' },
        { name, value: 'b' },
      ]),
    // Bracket names turn the field into an object (or an operator) on the way in.
    fc
      .tuple(
        fc.constantFrom(...schemaOf.required),
        fc.constantFrom('[$gt]', '[]', '[__proto__][x]', '[0]'),
      )
      .map(([name, suffix]): Breaker => (parts) => [
        ...parts.filter((part) => part.name !== name),
        { name: `${name}${suffix}`, value: 'x' },
      ]),
    // Over its length, or past the multipart field size (2 kB).
    fc
      .tuple(
        fc.constantFrom(
          ...schemaOf.required.filter((name) => schemaOf.properties[name]?.maxLength !== undefined),
        ),
        fc.integer({ min: 0, max: 5_000 }),
      )
      .map(([name, extra]): Breaker => {
        const max = schemaOf.properties[name]?.maxLength ?? 100;
        return (parts) => [
          ...parts.filter((part) => part.name !== name),
          { name, value: `#${'y'.repeat(max + extra)}` },
        ];
      }),
    fc.constant<Breaker>((parts) => [
      ...parts.filter((part) => part.name !== 'date'),
      { name: 'date', value: 'soon' },
    ]),
    fc.constant<Breaker>((parts) => [
      ...parts.filter((part) => part.name !== 'email'),
      { name: 'email', value: 'no-at-sign.example.test' },
    ]),
    // A photo the form refuses: not JPEG or PNG, WebP, two files, a file in another field,
    // over 5 MB. Named: a part with an empty file name is how a browser sends "no file chosen",
    // and the form takes it as no photo at all, whatever bytes it carries.
    fc
      .tuple(
        fc.oneof(notAnImage, fc.constant(webp())),
        fileName.map((name) => name || 'photo.jpg'),
      )
      .map(([bytes, filename]): Breaker => (parts) => [
        ...parts.filter((part) => part.name !== 'image'),
        { name: 'image', value: bytes, filename, contentType: 'image/jpeg' },
      ]),
    fc.constant<Breaker>((parts) => [
      ...parts,
      { name: 'image', value: png(1, 1, [1, 2, 3]), filename: 'a.png' },
      { name: 'image', value: png(1, 1, [1, 2, 3]), filename: 'b.png' },
    ]),
    fc.constant<Breaker>((parts) => [
      ...parts,
      { name: 'avatar', value: png(1, 1, [1, 2, 3]), filename: 'a.png' },
    ]),
    fc.constant<Breaker>((parts) => [
      ...parts.filter((part) => part.name !== 'image'),
      { name: 'image', value: OVERSIZE_JPEG, filename: 'big.jpg', contentType: 'image/jpeg' },
    ]),
    fc.constant<Breaker>((parts) => [
      ...parts,
      ...Array.from({ length: 25 }, (_, index) => ({ name: `extra${index}`, value: 'x' })),
    ]),
  );
  const whole = fc
    .tuple(
      textFields,
      photo,
      breakers,
      fc.constantFrom<'whole' | 'json-body'>('whole', 'whole', 'whole', 'json-body'),
    )
    .map(([fields, file, breaker, transport]) =>
      multipartRequest(breaker(formParts(fields, file)), transport, 0),
    );
  // Broken multipart: valid fields (and maybe a photo), but a body that never ends properly.
  const brokenTransport = fc
    .tuple(
      textFields,
      photo,
      fc.constantFrom<'truncated' | 'no-boundary' | 'wrong-boundary'>(
        'truncated',
        'no-boundary',
        'wrong-boundary',
      ),
      fc.integer({ min: 0, max: 1_000 }),
    )
    .map(([fields, file, transport, cut]) =>
      multipartRequest(formParts(fields, file), transport, cut),
    );
  return fc.oneof({ weight: 4, arbitrary: whole }, { weight: 1, arbitrary: brokenTransport });
}

/** The avatar upload: with a passing token, the picture or the multipart is always broken. */
function avatarMultipart(invalid: boolean): fc.Arbitrary<Body> {
  const broken = fc.oneof(
    fc
      .tuple(notAnImage, fileName)
      .map(([bytes, filename]) =>
        multipartRequest(
          [{ name: 'avatar', value: bytes, filename, contentType: 'image/png' }],
          'whole',
          0,
        ),
      ),
    fc.constant(
      multipartRequest(
        [{ name: 'avatar', value: Buffer.alloc(0), filename: 'empty.png' }],
        'whole',
        0,
      ),
    ),
    fc.constant(multipartRequest([{ name: 'avatar', value: 'not a file' }], 'whole', 0)),
    fc.constant(
      multipartRequest(
        [{ name: 'photo', value: png(1, 1, [0, 0, 0]), filename: 'a.png' }],
        'whole',
        0,
      ),
    ),
    fc.constant(
      multipartRequest(
        [
          { name: 'avatar', value: png(1, 1, [0, 0, 0]), filename: 'a.png' },
          { name: 'avatar', value: png(1, 1, [0, 0, 0]), filename: 'b.png' },
        ],
        'whole',
        0,
      ),
    ),
    fc.constant(
      multipartRequest(
        [{ name: 'avatar', value: jpeg(2 * 1024 * 1024 + 1), filename: 'big.jpg' }],
        'whole',
        0,
      ),
    ),
    fc
      .tuple(
        fc.constantFrom<'truncated' | 'no-boundary' | 'wrong-boundary'>(
          'truncated',
          'no-boundary',
          'wrong-boundary',
        ),
        fc.integer({ min: 0, max: 1_000 }),
      )
      .map(([transport, cut]) =>
        multipartRequest(
          [{ name: 'avatar', value: png(1, 1, [0, 0, 0]), filename: 'a.png' }],
          transport,
          cut,
        ),
      ),
  );
  if (invalid) return broken;
  return fc.oneof(
    broken,
    fc
      .tuple(anyPhoto, fileName)
      .map(([bytes, filename]) =>
        multipartRequest([{ name: 'avatar', value: bytes, filename }], 'whole', 0),
      ),
  );
}

/** The webhook: any bytes, any signature; none is signed with the secret. */
const webhookBody: fc.Arbitrary<Body> = fc
  .tuple(
    fc.oneof(
      fc.constant('{"id":"evt_1","type":"checkout.session.completed","data":{"object":{}}}'),
      hostileText,
      malformedJson,
      deeplyNested,
      longText(100_000, 1_100_000),
    ),
    fc.option(
      fc.oneof(
        fc.constantFrom(
          't=1,v1=abc',
          `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
          'v1=',
          ',',
        ),
        hostileText.map(headerSafe),
      ),
    ),
    fc.constantFrom('application/json', 'text/plain', ''),
  )
  .map(([body, signature, type]) => ({
    body,
    headers: {
      ...(type ? { 'Content-Type': type } : {}),
      ...(signature !== null ? { 'Stripe-Signature': signature } : {}),
    },
  }));

/** Form-encoded bodies (the test checkout page, one-click unsubscribe). */
const formBody: fc.Arbitrary<Body> = fc
  .oneof(
    fc.constantFrom(
      'choice=pay',
      'choice=decline',
      'List-Unsubscribe=One-Click',
      'choice[]=pay&choice=x',
    ),
    fc
      .array(fc.tuple(urlPiece, urlPiece), { maxLength: 4 })
      .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
    longText(1_025, 50_000).map((text) => `choice=${text}`),
  )
  .map((body) => ({ body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }));

/** The body of one request to this operation; `invalid` when the Bearer token would pass. */
function bodyFor(endpoint: Endpoint, f: Fixtures, invalid: boolean): fc.Arbitrary<Body> {
  const content = endpoint.operation?.requestBody?.content ?? {};
  if (endpoint.fuzz.body === 'webhook') return webhookBody;
  if (endpoint.fuzz.body === 'avatar') {
    return avatarMultipart(invalid);
  }
  const multipart = content['multipart/form-data'];
  const json = content['application/json'];
  const form = content['application/x-www-form-urlencoded'];
  const options: fc.Arbitrary<Body>[] = [];
  if (multipart) options.push(bookingMultipart(objectSchemaOf(multipart.schema), f));
  if (json) options.push(jsonBody(objectSchemaOf(json.schema), f, invalid));
  if (form) options.push(formBody);
  if (options.length === 0) {
    // No body documented: an empty one, or something the route should simply not read.
    return fc.oneof(
      fc.constant<Body>({ headers: {} }),
      jsonBody({ properties: { email: { type: 'string' } }, required: [] }, f, false),
    );
  }
  return fc.oneof(...options);
}

/** Requests for one documented operation. */
function requestFor(endpoint: Endpoint, f: Fixtures): fc.Arbitrary<Hostile> {
  const name = endpoint.name;
  return fc
    .constantFrom(...bearersFor(endpoint))
    .chain((bearer) => {
      const mustBreakBody = endpoint.fuzz.refusal === 'body' && bearerPasses(endpoint, bearer);
      return fc.tuple(
        pathFor(endpoint, f),
        queryString(endpoint.operation?.parameters ?? []),
        authorization(bearer, f),
        noiseHeaders,
        endpoint.method === 'GET' || endpoint.method === 'DELETE'
          ? fc.constant<Body>({ headers: {} })
          : bodyFor(endpoint, f, mustBreakBody),
        fc.constant(mustBreakBody),
      );
    })
    .map(([pathname, query, auth, noise, body, brokenBody]) =>
      hostile(
        name,
        {
          method: endpoint.method,
          path: `${pathname}${query}`,
          headers: { ...noise, ...auth, ...body.headers },
          ...(body.body === undefined ? {} : { body: body.body }),
        },
        brokenBody,
      ),
    );
}

/** The targets beyond the document, by the names extraRequests gives them. */
const EXTRA_TARGETS = [
  'legacy POST /api-docs/api/bookings',
  'legacy POST /api-docs/api/payments',
  'queue dashboard',
  'site and static files',
  'wrong method',
];

/** Beyond the document: the legacy aliases, the queue dashboard, the site, wrong methods. */
function extraRequests(document: OpenApiDocument, f: Fixtures): fc.Arbitrary<Hostile>[] {
  const endpoints = endpointsOf(document);
  const byName = (name: string) => {
    const found = endpoints.find((endpoint) => endpoint.name === name);
    if (!found) throw new Error(`no operation ${name}`);
    return found;
  };
  const alias = (name: string, legacyPath: string, label: string) =>
    requestFor({ ...byName(name), path: legacyPath }, f).map((item) =>
      hostile(label, item.raw, item.brokenBody),
    );
  const dashboard = fc
    .tuple(
      fc.constantFrom(
        ['GET', '/admin/queues'],
        ['GET', '/admin/queues/api/queues'],
        ['PUT', '/admin/queues/api/queues/email/retry/failed'],
        ['PUT', '/admin/queues/api/queues/%2e%2e/clean/completed'],
      ),
      fc.constantFrom<Bearer>('none', 'forged', 'customer'),
      noiseHeaders,
    )
    .chain(([[method, target], bearer, noise]) =>
      authorization(bearer, f).map((auth) =>
        hostile('queue dashboard', { method, path: target, headers: { ...noise, ...auth } }),
      ),
    );
  const site = fc
    .tuple(
      fc.constantFrom(
        '/',
        '/assets/',
        '/reset-password/',
        '/api-docs/',
        '/dev/mailbox/',
        '/service/',
      ),
      urlPiece,
      noiseHeaders,
    )
    .map(([prefix, piece, noise]) =>
      hostile('site and static files', {
        method: 'GET',
        path: `${prefix}${piece}`,
        headers: noise,
      }),
    );
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];
  const wrongMethod = fc
    .tuple(
      fc.constantFrom(...Object.entries(document.paths)),
      fc.constantFrom(...methods),
      noiseHeaders,
    )
    .filter(([[, item], method]) => !(method.toLowerCase() in item) && method !== 'HEAD')
    .chain(([[template], method, noise]) =>
      pathFor(
        {
          name: 'wrong method',
          method,
          path: template,
          fuzz: { refusal: 'reads' },
          access: 'public',
        },
        f,
      ).map((pathname) =>
        hostile('wrong method', {
          method,
          path: pathname,
          headers: { ...noise, 'Content-Type': 'application/json' },
          body: '{"email": "fuzz@example.test"}',
        }),
      ),
    );
  return [
    alias('createBooking', '/api-docs/api/bookings', 'legacy POST /api-docs/api/bookings'),
    alias('createCheckout', '/api-docs/api/payments', 'legacy POST /api-docs/api/payments'),
    dashboard,
    site,
    wrongMethod,
  ];
}
