import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../tests/support/accounts';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { testEnv } from '../../tests/support/test-env';

const PASSWORD = 'correct horse 42';

describe('the campaigns admin API', () => {
  let api: ApiHarness;
  let customer: string;
  let admin: string;

  beforeAll(async () => {
    api = await startApi(testEnv({ AUTH_RATE_LIMIT_MAX: '1000' }));
    customer = (await signUp(api.app, PASSWORD)).token;
    admin = (await signUp(api.app, PASSWORD, 'admin')).token;
  });
  afterAll(async () => {
    await api.close();
  });

  const routes: ['get' | 'post', string][] = [
    ['get', '/api/admin/campaigns'],
    ['post', '/api/admin/campaigns'],
    ['get', '/api/admin/campaigns/0123456789abcdef01234567'],
    ['get', '/api/admin/campaigns/0123456789abcdef01234567/failures'],
    ['post', '/api/admin/campaigns/0123456789abcdef01234567/send'],
    ['post', '/api/admin/campaigns/0123456789abcdef01234567/pause'],
    ['post', '/api/admin/campaigns/0123456789abcdef01234567/resume'],
  ];

  it.each(routes)('%s %s: 401 for a visitor, 403 for a customer', async (method, path) => {
    const call = () =>
      method === 'get' ? request(api.app).get(path) : request(api.app).post(path);
    expect((await call()).status).toBe(401);
    const asCustomer = await call().set('Authorization', `Bearer ${customer}`);
    expect(asCustomer.status).toBe(403);
  });

  it('lets an admin write, sanitise and list a campaign, and refuses a bad one', async () => {
    const created = await request(api.app)
      .post('/api/admin/campaigns')
      .set('Authorization', `Bearer ${admin}`)
      .send({ subject: 'Hello', format: 'html', body: '<p>Hi <script>alert(1)</script></p>' });
    expect(created.status).toBe(201);
    expect(created.body.campaign).toMatchObject({ subject: 'Hello', status: 'draft' });

    const listed = await request(api.app)
      .get('/api/admin/campaigns')
      .set('Authorization', `Bearer ${admin}`);
    expect((listed.body.campaigns as { id: string }[]).map((campaign) => campaign.id)).toContain(
      created.body.campaign.id,
    );

    const bad = await request(api.app)
      .post('/api/admin/campaigns')
      .set('Authorization', `Bearer ${admin}`)
      .send({ subject: 'Two\r\nlines', format: 'pdf', body: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['body', 'format', 'subject']);

    const pauseDraft = await request(api.app)
      .post(`/api/admin/campaigns/${created.body.campaign.id as string}/pause`)
      .set('Authorization', `Bearer ${admin}`);
    expect(pauseDraft.status).toBe(409);
    const missing = await request(api.app)
      .get('/api/admin/campaigns/0123456789abcdef01234567')
      .set('Authorization', `Bearer ${admin}`);
    expect(missing.status).toBe(404);
  });
});
