import type { Express } from 'express';
import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/server/openapi-document';
import type {
  OpenApiDocument,
  OperationObject,
  ParameterObject,
} from '../src/http/openapi/openapi-types';
import { TestPaymentProvider } from '../src/payments/test-provider';
import { signUp } from '../../tests/support/accounts';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { testEmail, testEnv } from '../../tests/support/test-env';

const PASSWORD = 'correct horse 42';

/** What walking Express 5's router stacks needs of a layer (router 2 keeps the mount path). */
interface RouterLayer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: unknown };
}

/**
 * Every route the app answers, as "METHOD /path/{param}": routes registered on the app and on
 * every router mounted in it, with the mount paths put in front.
 */
function appRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = `${prefix}${String(layer.route.path)}`.replace(/:(\w+)/g, '{$1}');
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') found.push(`${method.toUpperCase()} ${path}`);
        }
      } else if (Array.isArray(layer.handle?.stack)) {
        if (typeof layer.rawPath !== 'string')
          throw new Error('A router is mounted without a path.');
        const mount = layer.rawPath === '/' ? '' : layer.rawPath;
        walk(layer.handle.stack as RouterLayer[], `${prefix}${mount}`);
      }
    }
  };
  walk(app.router.stack as unknown as RouterLayer[], '');
  return found;
}

function documentedOperations(document: OpenApiDocument): [string, string, OperationObject][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, string, OperationObject] => [
      method,
      path,
      operation,
    ]),
  );
}

describe('the OpenAPI reference', () => {
  let api: ApiHarness;
  let document: OpenApiDocument;
  let customerToken: string;
  let adminToken: string;

  beforeAll(async () => {
    api = await startApi(testEnv({ AUTH_RATE_LIMIT_MAX: '1000', FORM_RATE_LIMIT_MAX: '1000' }));
    document = buildOpenApiDocument();
    customerToken = (await signUp(api.app, PASSWORD, 'customer')).token;
    adminToken = (await signUp(api.app, PASSWORD, 'admin')).token;
  });
  afterAll(async () => {
    await api.close();
  });

  it('is served at /api/openapi.json and lists that route itself', async () => {
    const response = await request(api.app).get('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.type).toBe('application/json');
    expect(response.body).toEqual(JSON.parse(JSON.stringify(document)));
    expect(response.body.paths['/api/openapi.json'].get.operationId).toBe('getOpenApiDocument');
  });

  it('documents every route under /api, with its method, and nothing the app lacks', () => {
    // The test checkout page exists only with the local test provider, which tests run on.
    expect(api.context.paymentProvider).toBeInstanceOf(TestPaymentProvider);
    const routes = appRoutes(api.app).filter((route) => /^[A-Z]+ \/api\//.test(route));
    const documented = documentedOperations(document).map(
      ([method, path]) => `${method.toUpperCase()} ${path}`,
    );
    // The walk must have reached into the /api router: sanity on both ends.
    expect(routes).toContain('POST /api/bookings');
    expect(routes).toContain('POST /api/payments/webhook');
    expect(routes.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !routes.includes(route))).toEqual([]);
    expect(new Set(documented).size).toBe(documented.length);
  });

  it('is well-formed OpenAPI 3.1', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const operationIds = new Set<string>();
    const tags = new Set(document.tags.map((tag) => tag.name));
    const json = JSON.stringify(document);
    for (const [method, path, operation] of documentedOperations(document)) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operationIds.has(operation.operationId), `${where}: operationId reused`).toBe(false);
      operationIds.add(operation.operationId);
      expect(
        operation.tags.every((tag) => tags.has(tag)),
        `${where}: undeclared tag`,
      ).toBe(true);

      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      const parameters: ParameterObject[] = operation.parameters ?? [];
      const declared = parameters.filter((parameter) => parameter.in === 'path');
      expect(declared.map((parameter) => parameter.name).sort(), where).toEqual(templated);
      expect(
        declared.every((parameter) => parameter.required === true),
        where,
      ).toBe(true);
      const keys = parameters.map((parameter) => `${parameter.in}:${parameter.name}`);
      expect(new Set(keys).size, `${where}: a parameter is listed twice`).toBe(keys.length);

      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((status) => /^[23]\d\d$/.test(status)),
        `${where}: no success`,
      ).toBe(true);
      for (const requirement of operation.security ?? []) {
        for (const scheme of Object.keys(requirement)) {
          expect(document.components.securitySchemes, where).toHaveProperty(scheme);
        }
      }
    }
    // Every reference points at something in the document.
    for (const [, kind, name] of json.matchAll(/"\$ref":"#\/components\/(\w+)\/(\w+)"/g)) {
      expect(document.components, `${kind ?? ''}/${name ?? ''}`).toHaveProperty([
        kind ?? '',
        name ?? '',
      ]);
    }
    expect(json).not.toContain('"$defs"');
    expect(json).not.toContain('"$schema"');
  });

  it('takes request schemas from the routes’ zod schemas, and says who may call what', () => {
    const booking = document.paths['/api/bookings']?.post;
    const form = booking?.requestBody?.content['multipart/form-data']?.schema;
    expect(form?.required).toEqual(
      expect.arrayContaining([
        'name',
        'phone',
        'email',
        'address',
        'postalCode',
        'date',
        'service',
        'plan',
      ]),
    );
    expect(Object.keys(form?.properties ?? {})).toEqual(expect.arrayContaining(['time', 'image']));
    expect(booking?.security).toEqual([{}, { bearerAuth: [] }]);

    const campaign = document.paths['/api/admin/campaigns']?.post;
    expect(campaign?.security).toEqual([{ bearerAuth: ['admin'] }]);
    expect(campaign?.responses).toHaveProperty('403');
    expect(campaign?.requestBody?.content['application/json']?.schema.properties).toHaveProperty(
      'format.enum',
      ['markdown', 'html'],
    );
    const photos = document.paths['/api/admin/booking-photos/{id}']?.get;
    expect(photos?.security).toEqual([]);
    expect(photos?.parameters?.map((parameter) => parameter.name)).toEqual([
      'id',
      'expires',
      'sig',
    ]);
    expect(document.paths['/api/me/profile']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(
      document.paths['/api/admin/bookings']?.get?.parameters?.map((parameter) => parameter.name),
    ).toEqual(['date', 'status', 'q', 'sort', 'after', 'before']);
  });

  it('refuses an empty JSON body with a 400 in the Error shape wherever a body is required', async () => {
    const provider = api.context.paymentProvider;
    if (!(provider instanceof TestPaymentProvider)) throw new Error('Tests use the test provider.');
    const checkout = await provider.createCheckout({
      bookingId: new mongoose.Types.ObjectId().toHexString(),
      reference: 'HS-TEST',
      description: 'Painting, One-time Visit',
      amountCents: 14_900,
      currency: 'cad',
      customerEmail: testEmail('checkout'),
      successUrl: 'http://127.0.0.1/success',
      cancelUrl: 'http://127.0.0.1/cancel',
      expiresAt: new Date(Date.now() + 3_600_000),
      idempotencyKey: `openapi-${new mongoose.Types.ObjectId().toHexString()}`,
    });
    const portal = new URL(
      await provider.billing.portal('cus_test_openapi', 'http://127.0.0.1/manage'),
    ).pathname
      .split('/')
      .pop();
    const errorSchema = document.components.schemas.Error;
    const known = Object.keys(errorSchema?.properties ?? {});
    const required = errorSchema?.required ?? [];

    const checked: string[] = [];
    for (const [method, path, operation] of documentedOperations(document)) {
      const body = operation.requestBody;
      const schema = body && Object.values(body.content)[0]?.schema;
      // A body whose every field is optional (a partial profile update) is fine empty.
      if (!body?.required || (schema?.required ?? []).length === 0) continue;
      const bookingId = new mongoose.Types.ObjectId().toHexString();
      let url = path
        .replace('/test-checkout/{id}', `/test-checkout/${checkout.id}`)
        .replace('/test-billing/{id}', `/test-billing/${portal ?? ''}`)
        .replace('{id}', bookingId)
        .replace('{token}', 'not-a-real-reset-token');
      if (path.startsWith('/api/bookings/{id}/')) {
        url += `?token=${api.context.links.token(bookingId)}`;
      }
      let call = request(api.app)[method as 'post' | 'put' | 'patch'](url);
      const bearer = operation.security?.find((requirement) => 'bearerAuth' in requirement);
      if (
        bearer &&
        !operation.security?.some((requirement) => Object.keys(requirement).length === 0)
      ) {
        call = call.set(
          'Authorization',
          `Bearer ${bearer.bearerAuth?.includes('admin') ? adminToken : customerToken}`,
        );
      }
      const response = await call.send({});
      const where = `${method.toUpperCase()} ${path}`;
      expect(response.status, `${where}: ${JSON.stringify(response.body)}`).toBe(400);
      expect(
        Object.keys(response.body).filter((key) => !known.includes(key)),
        where,
      ).toEqual([]);
      for (const key of required) expect(response.body, where).toHaveProperty(key);
      checked.push(where);
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'POST /api/bookings',
        'POST /api/bookings/{id}/reschedule',
        'PATCH /api/admin/bookings/{id}',
        'POST /api/admin/campaigns',
        'PUT /api/me/avatar',
        'POST /api/payments/webhook',
        'POST /api/payments/test-checkout/{id}',
        'POST /api/payments/test-billing/{id}',
      ]),
    );
  });

  it('describes the error answers as the error handler sends them', async () => {
    const errorSchema = document.components.schemas.Error;
    const answers = [
      await request(api.app).get('/api/me'),
      await request(api.app)
        .get('/api/admin/campaigns')
        .set('Authorization', `Bearer ${customerToken}`),
      await request(api.app).get('/api/no-such-route'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([401, 403, 404]);
    for (const answer of answers) {
      expect(Object.keys(answer.body).sort()).toEqual([...(errorSchema?.required ?? [])].sort());
      expect(answer.body.error).toBe(answer.body.message);
    }
  });

  it('serves Swagger UI at /api-docs/ from this origin, under a policy of its own', async () => {
    const bare = await request(api.app).get('/api-docs');
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/api-docs/');

    const page = await request(api.app).get('/api-docs/');
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html');
    expect(page.text).toContain('<div id="swagger-ui"></div>');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self';");
    expect(policy).toMatch(/style-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(policy).not.toContain("'unsafe-inline'");
    expect(policy).not.toContain("'unsafe-eval'");

    const assets = [...page.text.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((match) => match[1]);
    expect(assets).toEqual(
      expect.arrayContaining(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-init.js']),
    );
    for (const asset of assets) {
      const response = await request(api.app).get(`/api-docs/${asset ?? ''}`);
      expect(response.status, asset).toBe(200);
    }
    const init = await request(api.app).get('/api-docs/swagger-ui-init.js');
    expect(init.text).toContain('"swaggerUrl": "/api/openapi.json"');
    expect(init.text).toContain('"validatorUrl": null');
    // swagger-ui-dist's demo page (which would load the petstore from another host) is not served.
    expect((await request(api.app).get('/api-docs/index.html')).status).toBe(404);

    // The rest of the site keeps the strict policy.
    const site = await request(api.app).get('/api/site-config');
    expect(String(site.headers['content-security-policy'])).toContain("style-src 'self';");
  });

  it('still takes the legacy aliases under /api-docs/api after Swagger UI is mounted', async () => {
    const booking = await request(api.app)
      .post('/api-docs/api/bookings')
      .field('name', 'Ada Quinn')
      .field('date', 'not a date');
    expect(booking.status).toBe(400);
    expect(booking.type).toBe('application/json');
    expect(booking.body.fields).toHaveProperty('email');
    expect(booking.body.fields).toHaveProperty('date');

    const payment = await request(api.app).post('/api-docs/api/payments').send({ amount: 'lots' });
    expect(payment.status).toBe(400);
    expect(payment.type).toBe('application/json');
    expect(Object.keys(payment.body.fields).sort()).toEqual(['amount', 'bookingId', 'email']);
  });
});
