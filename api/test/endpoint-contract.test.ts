import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../src/domain/domain-error';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../src/http/endpoint';
import { errorHandler } from '../src/http/error-handler';
import { jsonResponse, messageBodySchema } from '../src/http/openapi/shared-responses';
import { jsonBody, pathParams, queryOf } from '../src/http/request-schemas';
import { requestLogging } from '../src/http/request-logging';
import { responseValidation } from '../src/http/response-validation';
import { createLogger } from '../src/platform/logger';
import { API_ENDPOINTS } from '../src/server/api-endpoints';
import { buildOpenApiDocument } from '../src/server/openapi-document';

/**
 * What mountEndpoints promises every operation, on a small app of its own: the guard of the
 * declared access runs, the handler gets the declared parts parsed (refused as parseBody words
 * it), and with response validation on an answer that strays from its declaration is a 500.
 */

const refuse =
  (kind: 'unauthenticated' | 'forbidden'): RequestHandler =>
  (req, _res, next) => {
    if (req.get('Authorization') === `Bearer ${kind === 'forbidden' ? 'admin' : 'user'}`) next();
    else throw new DomainError(kind, `refused by the ${kind} guard`);
  };

/** Guards that stand in for the features' own: a header names who calls. */
const guards: Guards = {
  public: [],
  signedLink: [],
  optionalUser: [],
  bookingOwner: [],
  user: [refuse('unauthenticated')],
  admin: [refuse('forbidden')],
};

const order = z.object({
  item: z.string({ error: 'Name the item.' }).min(1, 'Name the item.'),
  count: z.number({ error: 'count must be a number.' }).int().min(1, 'Order at least one.'),
});
const answer = z.object({ id: z.string(), item: z.string(), count: z.number() });

interface Ctx {
  /** What the handler answers instead of the declared shape, to prove the validation. */
  stray: 'none' | 'extra-field' | 'wrong-type' | 'undeclared-status';
}

const group = endpointGroup<Ctx>('site', [
  endpoint({
    method: 'post',
    path: '/api/orders/{id}',
    operationId: 'placeOrder',
    summary: 'Place an order',
    access: 'user',
    request: {
      params: pathParams({ id: 'The order id.' }),
      query: queryOf(z.object({ rush: z.enum(['yes', 'no'], { error: 'rush is yes or no.' }) })),
      body: jsonBody(order),
    },
    responses: { '201': jsonResponse('Placed.', answer) },
    errors: ['BadRequest'],
    fuzz: 'body',
    handle: ({ params, query, body, res }, ctx) => {
      const placed = { id: `${params.id}-${query.rush}`, item: body.item, count: body.count };
      if (ctx.stray === 'extra-field') res.status(201).json({ ...placed, secret: 'x' });
      else if (ctx.stray === 'wrong-type') res.status(201).json({ ...placed, count: 'two' });
      else if (ctx.stray === 'undeclared-status') res.status(202).json(placed);
      else res.status(201).json(placed);
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/orders',
    operationId: 'listOrders',
    summary: 'Orders',
    access: 'admin',
    responses: { '200': jsonResponse('The orders.', messageBodySchema) },
    fuzz: 'reads',
    handle: ({ res }) => {
      res.json({ message: 'none yet' });
    },
  }),
]);

function appFor(stray: Ctx['stray'], validate = true) {
  const app = express();
  app.use(requestLogging(createLogger({ name: 'test', level: 'silent' })));
  if (validate) app.use(responseValidation());
  const api = express.Router();
  api.use(express.json());
  mountEndpoints(api, group, { stray }, { guards });
  app.use('/api', api);
  app.use(errorHandler);
  return app;
}

const place = (app: express.Express, body: unknown, query = '?rush=yes') =>
  request(app)
    .post(`/api/orders/o1${query}`)
    .set('Authorization', 'Bearer user')
    .send(body as object);

describe('an endpoint', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('runs the guard of its access before anything else', async () => {
    const app = appFor('none');
    const visitor = await request(app).post('/api/orders/o1?rush=yes').send({ item: 'a' });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toMatchObject({ code: 'unauthorized' });
    const customer = await request(app).get('/api/orders').set('Authorization', 'Bearer user');
    expect(customer.status).toBe(403);
    const admin = await request(app).get('/api/orders').set('Authorization', 'Bearer admin');
    expect(admin.status).toBe(200);
  });

  it('hands the handler its params, query and body, parsed', async () => {
    const placed = await place(appFor('none'), { item: 'rake', count: 2, ignored: true });
    expect(placed.status).toBe(201);
    expect(placed.body).toEqual({ id: 'o1-yes', item: 'rake', count: 2 });
  });

  it('refuses invalid input with the first message, every bad field, and a code', async () => {
    const app = appFor('none');
    const bad = await place(app, { item: '', count: 'many' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: 'Name the item.',
      message: 'Name the item.',
      code: 'validation.invalid',
      fields: { item: 'Name the item.', count: 'count must be a number.' },
    });
    const badQuery = await place(app, { item: 'rake', count: 1 }, '?rush=maybe');
    expect(badQuery.body).toMatchObject({
      message: 'rush is yes or no.',
      fields: { rush: 'rush is yes or no.' },
    });
    const notAnObject = await place(app, [1, 2]);
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.body.message).toBe('The request body must be a JSON object.');
  });
});

describe('response validation', () => {
  it.each([
    ['extra-field', /fields not in the schema: secret/],
    ['wrong-type', /count/],
    ['undeclared-status', /202: the status is not declared/],
  ] as const)('turns an answer with %s into a 500 naming the operation', async (stray, problem) => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = appFor(stray);
    const response = await place(app, { item: 'rake', count: 2 });
    expect(response.status).toBe(500);
    expect(response.body.code).toBe('internal');
    expect(response.body.message).toMatch(/placeOrder/);
    expect(response.body.message).toMatch(problem);
    expect(printed).toHaveBeenCalledWith(expect.stringMatching(/placeOrder/));
    printed.mockRestore();
    // Without validation (production), the same answer goes out as the handler wrote it.
    expect((await place(appFor(stray, false), { item: 'rake', count: 2 })).status).not.toBe(500);
  });

  it('checks refusals too: a declared 400 in the Error shape passes', async () => {
    const response = await place(appFor('none'), {});
    expect(response.status).toBe(400);
  });
});

describe('the declared operations', () => {
  it('each document every path parameter and produce a reference', () => {
    const document = buildOpenApiDocument(API_ENDPOINTS);
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBe(API_ENDPOINTS.flatMap((g) => g.endpoints).length);
    // The zod schemas kept for the tests never leak into the reference.
    expect(JSON.stringify(document)).not.toContain('"json"');
  });
});
