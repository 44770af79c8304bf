import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignModel } from '../src/newsletter/campaign-model';
import { NewsletterDeliveryModel } from '../src/newsletter/newsletter-delivery-model';
import { SubscriberModel } from '../src/newsletter/subscriber-model';
import { signUp, type TestAccount } from '../../tests/support/accounts';
import { startApiAndWorkers, type ProductHarness } from '../../tests/support/api-harness';
import { mailbox, waitForMail } from '../../tests/support/mailbox';
import { eventually } from '../../tests/support/poll';
import { testEmail, testEnv } from '../../tests/support/test-env';

const PASSWORD = 'correct horse 42';
const MISSING = '0123456789abcdef01234567';

/** What an operator writes: Markdown with a heading, emphasis, a link and a pasted script. */
const MARKDOWN = [
  '# Winter prep',
  '',
  'Clear your **eavestroughs** before the snow: [book a visit](https://homeservices.example/book).',
  '',
  '<script>alert(1)</script>',
  '',
  '- Gutters',
  '- Snow removal',
].join('\n');

describe('the campaigns admin API', () => {
  let product: ProductHarness;
  let customer: string;
  let admin: TestAccount;
  const app = () => product.api.app;
  const asAdmin = () => ({ Authorization: `Bearer ${admin.token}` });

  async function draft(subject = 'Winter prep', body = MARKDOWN): Promise<string> {
    const created = await request(app())
      .post('/api/admin/campaigns')
      .set(asAdmin())
      .send({ subject, format: 'markdown', body });
    expect(created.status).toBe(201);
    return created.body.campaign.id as string;
  }

  beforeAll(async () => {
    product = await startApiAndWorkers(testEnv({ AUTH_RATE_LIMIT_MAX: '1000' }));
    customer = (await signUp(app(), PASSWORD)).token;
    admin = await signUp(app(), PASSWORD, 'admin');
  });
  afterAll(async () => {
    await product.close();
  });

  const routes: ['get' | 'post' | 'put' | 'delete', string][] = [
    ['get', '/api/admin/campaigns'],
    ['post', '/api/admin/campaigns'],
    ['get', `/api/admin/campaigns/${MISSING}`],
    ['put', `/api/admin/campaigns/${MISSING}`],
    ['delete', `/api/admin/campaigns/${MISSING}`],
    ['get', `/api/admin/campaigns/${MISSING}/preview`],
    ['post', `/api/admin/campaigns/${MISSING}/test`],
    ['get', `/api/admin/campaigns/${MISSING}/failures`],
    ['post', `/api/admin/campaigns/${MISSING}/send`],
    ['post', `/api/admin/campaigns/${MISSING}/pause`],
    ['post', `/api/admin/campaigns/${MISSING}/resume`],
  ];

  it.each(routes)('%s %s: 401 for a visitor, 403 for a customer', async (method, path) => {
    const call = () => request(app())[method](path);
    expect((await call()).status).toBe(401);
    const asCustomer = await call().set('Authorization', `Bearer ${customer}`);
    expect(asCustomer.status).toBe(403);
  });

  it('lets an admin write, sanitise and list a campaign, and refuses a bad one', async () => {
    const created = await request(app())
      .post('/api/admin/campaigns')
      .set(asAdmin())
      .send({ subject: 'Hello', format: 'html', body: '<p>Hi <script>alert(1)</script></p>' });
    expect(created.status).toBe(201);
    expect(created.body.campaign).toMatchObject({ subject: 'Hello', status: 'draft' });

    const listed = await request(app()).get('/api/admin/campaigns').set(asAdmin());
    expect((listed.body.campaigns as { id: string }[]).map((campaign) => campaign.id)).toContain(
      created.body.campaign.id,
    );

    const bad = await request(app())
      .post('/api/admin/campaigns')
      .set(asAdmin())
      .send({ subject: 'Two\r\nlines', format: 'pdf', body: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['body', 'format', 'subject']);

    const pauseDraft = await request(app())
      .post(`/api/admin/campaigns/${created.body.campaign.id as string}/pause`)
      .set(asAdmin());
    expect(pauseDraft.status).toBe(409);
    const missing = await request(app()).get(`/api/admin/campaigns/${MISSING}`).set(asAdmin());
    expect(missing.status).toBe(404);
  });

  it('previews the email as it will go out: its HTML, and a text part without markup or script', async () => {
    const id = await draft();
    const preview = await request(app()).get(`/api/admin/campaigns/${id}/preview`).set(asAdmin());
    expect(preview.status).toBe(200);
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(preview.body.source).toEqual({
      subject: 'Winter prep',
      format: 'markdown',
      body: MARKDOWN,
    });
    expect(preview.body.campaign).toMatchObject({ id, status: 'draft' });
    const { email } = preview.body as { email: { subject: string; html: string; text: string } };
    expect(email.subject).toBe('Winter prep');
    expect(email.html).toContain('<h1>Winter prep</h1>');
    expect(email.html).toContain('<strong>eavestroughs</strong>');
    expect(email.html).toContain('Unsubscribe</a>');
    expect(email.html).not.toMatch(/script|alert/);
    expect(email.text.split('\n\n--\n\n')[0]).toBe(
      [
        'Winter prep',
        '',
        'Clear your eavestroughs before the snow: book a visit (https://homeservices.example/book).',
        '',
        '- Gutters',
        '- Snow removal',
      ].join('\n'),
    );
    expect(email.text).toContain('Unsubscribe: http');
  });

  it('serves the preview’s HTML at its signed address only, as a page that runs nothing', async () => {
    const id = await draft();
    const preview = await request(app()).get(`/api/admin/campaigns/${id}/preview`).set(asAdmin());
    const htmlUrl = preview.body.htmlUrl as string;
    expect(htmlUrl).toMatch(
      new RegExp(`^/api/admin/campaign-previews/${id}\\?expires=\\d+&sig=[\\w-]+$`),
    );
    // No Bearer token: a frame has none.
    const page = await request(app()).get(htmlUrl);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toBe(preview.body.email.html);
    const policy = page.headers['content-security-policy'] ?? '';
    // Sandboxed in an origin of its own; no script source at all, so nothing runs.
    expect(policy).toContain('sandbox allow-scripts');
    expect(policy).not.toContain('allow-same-origin');
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toMatch(/script-src|unsafe-eval/);
    expect(page.headers['cache-control']).toBe('no-store');

    for (const url of [
      htmlUrl.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`),
      htmlUrl.replace(/expires=(\d+)/, (_, e: string) => `expires=${String(Number(e) + 60)}`),
      `/api/admin/campaign-previews/${id}`,
    ]) {
      const refused = await request(app()).get(url);
      expect(refused.status, url).toBe(403);
      expect(refused.body.error).toBe(
        'This preview link is invalid or has expired. Open the preview again.',
      );
    }
  });

  it('edits and deletes a draft, and neither once it has gone out', async () => {
    const id = await draft('First words');
    const edited = await request(app())
      .put(`/api/admin/campaigns/${id}`)
      .set(asAdmin())
      .send({ subject: 'Better words', format: 'markdown', body: 'Now with *feeling*.' });
    expect(edited.status).toBe(200);
    expect(edited.body.campaign).toMatchObject({ id, subject: 'Better words', status: 'draft' });
    const preview = await request(app()).get(`/api/admin/campaigns/${id}/preview`).set(asAdmin());
    expect(preview.body.email.html).toContain('<p>Now with <em>feeling</em>.</p>');
    expect(preview.body.email.text).toMatch(/^Now with feeling\./);

    const invalid = await request(app())
      .put(`/api/admin/campaigns/${id}`)
      .set(asAdmin())
      .send({ subject: '', format: 'markdown', body: 'x' });
    expect(invalid.status).toBe(400);
    expect((await CampaignModel.findById(id))?.subject).toBe('Better words');

    const thrownAway = await draft('Thrown away');
    const deleted = await request(app())
      .delete(`/api/admin/campaigns/${thrownAway}`)
      .set(asAdmin());
    expect(deleted.status).toBe(204);
    expect(
      (await request(app()).get(`/api/admin/campaigns/${thrownAway}`).set(asAdmin())).status,
    ).toBe(404);
    expect(
      (await request(app()).delete(`/api/admin/campaigns/${thrownAway}`).set(asAdmin())).status,
    ).toBe(404);

    const sent = await request(app()).post(`/api/admin/campaigns/${id}/send`).set(asAdmin());
    expect(sent.status).toBe(200);
    const late = await request(app())
      .put(`/api/admin/campaigns/${id}`)
      .set(asAdmin())
      .send({ subject: 'Too late', format: 'markdown', body: 'x' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('Only a draft campaign can be edited: this one has gone out.');
    const undeletable = await request(app()).delete(`/api/admin/campaigns/${id}`).set(asAdmin());
    expect(undeletable.status).toBe(409);
    expect(undeletable.body.error).toBe(
      'Only a draft campaign can be deleted: this one has gone out.',
    );
    expect(await CampaignModel.findById(id)).toMatchObject({ subject: 'Better words' });
    // It goes out to whoever is subscribed when its batches are claimed: wait for the end, so
    // the subscribers the next tests add are not caught by it.
    await eventually(async () => {
      const view = await request(app()).get(`/api/admin/campaigns/${id}`).set(asAdmin());
      expect(view.body.campaign).toMatchObject({ status: 'sent' });
    });
  });

  it('sends a test to the signed-in operator alone, marked as a test, and counts nothing', async () => {
    const subscriber = testEmail('reader');
    await SubscriberModel.create({
      email: subscriber,
      status: 'confirmed',
      subscribedAt: new Date(),
      confirmedAt: new Date(),
    });
    const id = await draft('Spring tips');
    const preview = await request(app()).get(`/api/admin/campaigns/${id}/preview`).set(asAdmin());

    const tested = await request(app()).post(`/api/admin/campaigns/${id}/test`).set(asAdmin());
    expect(tested.status).toBe(202);
    expect(tested.body.message).toBe(
      `A test of “Spring tips” is on its way to ${admin.email}. Subscribers get nothing until you send it.`,
    );
    // The operator's mailbox also holds the welcome of their sign-up: the test is found by subject.
    const mail = await eventually(async () => {
      const tests = (await mailbox().list({ to: admin.email })).filter((found) =>
        found.Subject.startsWith('[Test]'),
      );
      expect(tests.map((found) => found.Subject)).toEqual(['[Test] Spring tips']);
      return mailbox().get(tests[0]?.ID ?? '');
    });
    expect(mail.Subject).toBe('[Test] Spring tips');
    expect(mail.To.map((to) => to.Address)).toEqual([admin.email]);
    // The same email as the preview showed, and as subscribers will get.
    expect(mail.Text.split('\n\n--\n\n')[0]).toBe(
      (preview.body.email.text as string).split('\n\n--\n\n')[0],
    );
    expect(mail.HTML).toContain('<h1>Winter prep</h1>');

    // The test arrived; the campaign is still an untouched draft, and no subscriber got it.
    const stored = await request(app()).get(`/api/admin/campaigns/${id}`).set(asAdmin());
    expect(stored.body.campaign).toMatchObject({
      status: 'draft',
      startedAt: null,
      progress: { total: 0, sent: 0 },
    });
    expect(await NewsletterDeliveryModel.countDocuments({ campaignId: id })).toBe(0);
    expect(await mailbox().list({ to: subscriber })).toEqual([]);
  });

  it('delivers the text part rendered from the Markdown to subscribers', async () => {
    const reader = testEmail('sent-reader');
    await SubscriberModel.updateMany({}, { $set: { status: 'unsubscribed' } });
    await SubscriberModel.create({
      email: reader,
      status: 'confirmed',
      subscribedAt: new Date(),
      confirmedAt: new Date(),
    });
    const id = await draft('Snow day');
    expect(
      (await request(app()).post(`/api/admin/campaigns/${id}/send`).set(asAdmin())).status,
    ).toBe(200);
    const [mail] = await waitForMail(reader);
    expect(mail?.Subject).toBe('Snow day');
    expect(mail?.Text).toContain(
      'Clear your eavestroughs before the snow: book a visit (https://homeservices.example/book).',
    );
    expect(mail?.Text).not.toMatch(/\*\*|^#|alert|<script/m);
    await eventually(async () => {
      const view = await request(app()).get(`/api/admin/campaigns/${id}`).set(asAdmin());
      expect(view.body.campaign).toMatchObject({ status: 'sent', progress: { sent: 1 } });
    });
  });

  it('lets a customer change, test or delete nothing', async () => {
    const id = await draft('Kept as it is');
    const asCustomer = { Authorization: `Bearer ${customer}` };
    const attempts = [
      request(app())
        .put(`/api/admin/campaigns/${id}`)
        .set(asCustomer)
        .send({ subject: 'Hijacked', format: 'markdown', body: 'x' }),
      request(app()).delete(`/api/admin/campaigns/${id}`).set(asCustomer),
      request(app()).post(`/api/admin/campaigns/${id}/test`).set(asCustomer),
      request(app()).get(`/api/admin/campaigns/${id}/preview`).set(asCustomer),
    ];
    for (const answer of await Promise.all(attempts)) expect(answer.status).toBe(403);
    expect(await CampaignModel.findById(id)).toMatchObject({
      subject: 'Kept as it is',
      status: 'draft',
    });
  });
});
