import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages } from '../src/domain/auth/auth-messages';
import { addDays, todayInToronto } from '../src/domain/calendar/toronto-date';
import {
  DEFAULT_CODE_OF_KIND,
  DOMAIN_ERROR_KINDS,
  DomainError,
  ERROR_CODE_LIST,
  ERROR_CODES,
} from '../src/domain/domain-error';
import { buildOpenApiDocument } from '../src/server/openapi-document';
import { signUp } from '../../tests/support/accounts';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { testEmail, testEnv } from '../../tests/support/test-env';

const PASSWORD = 'correct horse 42';
/** The auth forms' limit here: the third attempt from one address in the window is refused. */
const AUTH_LIMIT = 2;

/** The next Christmas at least two days ahead: a closed day within the booking horizon. */
function nextChristmas(): string {
  const soonest = addDays(todayInToronto(), 2);
  const thisYear = `${soonest.slice(0, 4)}-12-25`;
  return thisYear >= soonest ? thisYear : `${String(Number(soonest.slice(0, 4)) + 1)}-12-25`;
}

describe('error codes', () => {
  it('are each a kind’s default or name a kind of their own, and the reference lists them all', () => {
    for (const kind of DOMAIN_ERROR_KINDS) {
      expect(ERROR_CODES[DEFAULT_CODE_OF_KIND[kind]].kind).toBe(kind);
      expect(new DomainError(kind, 'x').code).toBe(DEFAULT_CODE_OF_KIND[kind]);
    }
    const closed = new DomainError('booking.closed_day', 'Closed');
    expect([closed.kind, closed.code]).toEqual(['invalid', 'booking.closed_day']);
    const errorSchema = buildOpenApiDocument().components.schemas.Error;
    expect(errorSchema?.required).toEqual(
      expect.arrayContaining(['error', 'code', 'message', 'requestId']),
    );
    const code = errorSchema?.properties?.code;
    expect(typeof code === 'object' ? code.enum : undefined).toEqual(ERROR_CODE_LIST);
  });
});

describe('every error answer carries a code beside its message', () => {
  let api: ApiHarness;
  let customer: string;

  beforeAll(async () => {
    api = await startApi(
      testEnv({ AUTH_RATE_LIMIT_MAX: String(AUTH_LIMIT), FORM_RATE_LIMIT_MAX: '1000' }),
    );
    // Registered straight away: the register form has a limit of its own.
    customer = (await signUp(api.app, PASSWORD)).token;
  });
  afterAll(async () => {
    await api.close();
  });

  it('is checked against the reference: the harness builds the app with response validation', () => {
    const names = (api.app.router.stack as unknown as { handle: { name: string } }[]).map(
      (layer) => layer.handle.name,
    );
    expect(names).toContain('checkAnswers');
  });

  it('validation.invalid for a form that breaks its schema, with the same words as before', async () => {
    const answer = await request(api.app).post('/api/contact').send({});
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation.invalid');
    expect(answer.body.error).toBe(answer.body.message);
    expect(Object.keys(answer.body.fields as object).length).toBeGreaterThan(0);
  });

  it('validation.malformed for a body that is not JSON, too_large for one over the limit', async () => {
    const malformed = await request(api.app)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send('{"fullName":');
    expect([malformed.status, malformed.body.code]).toEqual([400, 'validation.malformed']);
    const large = await request(api.app)
      .post('/api/contact')
      .send({ message: 'x'.repeat(200_000) });
    expect([large.status, large.body.code]).toEqual([413, 'too_large']);
  });

  it('unauthorized without a token, auth.session_expired with a dead one, auth.admin_only for a customer', async () => {
    const visitor = await request(api.app).get('/api/me');
    expect([visitor.status, visitor.body.code]).toEqual([401, 'unauthorized']);
    expect(visitor.body.message).toBe(AuthMessages.signInRequired);
    const forged = await request(api.app).get('/api/me').set('Authorization', 'Bearer nonsense');
    expect([forged.status, forged.body.code]).toEqual([401, 'auth.session_expired']);
    const notAdmin = await request(api.app)
      .get('/api/admin/bookings')
      .set('Authorization', `Bearer ${customer}`);
    expect([notAdmin.status, notAdmin.body.code]).toEqual([403, 'auth.admin_only']);
    expect(notAdmin.body.message).toBe(AuthMessages.adminOnly);
  });

  it('not_found for an unknown route or booking', async () => {
    const route = await request(api.app).get('/api/no-such-route');
    expect([route.status, route.body.code]).toEqual([404, 'not_found']);
    const booking = await request(api.app).get(`/api/bookings/${'0'.repeat(32)}?token=nope`);
    expect([booking.status, booking.body.code]).toEqual([404, 'not_found']);
  });

  it('booking.closed_day for a day the business is closed', async () => {
    const answer = await request(api.app).get(
      `/api/monthly-plan?date=${nextChristmas()}&time=morning`,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('booking.closed_day');
    expect(answer.body.fields).toHaveProperty('date');
  });

  it('a code of its own for each kind of bad link', async () => {
    const reset = await request(api.app)
      .post(`/api/auth/reset-password/${'a'.repeat(43)}`)
      .send({ password: 'a fresh passphrase 42' });
    expect([reset.status, reset.body.code]).toEqual([400, 'auth.link_invalid']);
    const newsletter = await request(api.app).post(
      `/api/newsletter/confirm?subscriber=${'0'.repeat(24)}&token=forged`,
    );
    expect([newsletter.status, newsletter.body.code]).toEqual([403, 'link.invalid']);
    const review = await request(api.app).get('/api/reviews/visit?token=forged');
    expect([review.status, review.body.code]).toEqual([404, 'review.link_invalid']);
  });

  it('auth.invalid_credentials for a wrong password, then rate_limited past the limit', async () => {
    const email = testEmail('codes');
    const codes: [number, string][] = [];
    for (let attempt = 0; attempt <= AUTH_LIMIT; attempt += 1) {
      const answer = await request(api.app)
        .post('/api/auth/login')
        .send({ email, password: 'not the password' });
      codes.push([answer.status, answer.body.code as string]);
    }
    expect(codes).toEqual([
      ...Array.from({ length: AUTH_LIMIT }, (): [number, string] => [
        401,
        'auth.invalid_credentials',
      ]),
      [429, 'rate_limited'],
    ]);
  });
});
