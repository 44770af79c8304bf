import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewsletterMessages } from '../src/domain/newsletter/newsletter-messages';
import { NewsletterLinks } from '../src/newsletter/newsletter-links';
import { SubscriberModel } from '../src/newsletter/subscriber-model';
import {
  startApiAndWorkers,
  type ApiHarness,
  type ProductHarness,
} from '../../tests/support/api-harness';
import { mailbox, waitForMail } from '../../tests/support/mailbox';
import { testEmail, testEnv } from '../../tests/support/test-env';
import { jobsSettled } from '../../tests/support/settled-jobs';

/** The subscriber id and token of a signed link in an email's text. */
function signedLinkIn(text: string, path: string): { subscriber: string; token: string } {
  const match = new RegExp(`${path}\\?subscriber=([a-f0-9]{24})&token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`no ${path} link in:\n${text}`);
  return { subscriber: match[1], token: match[2] };
}

describe('newsletter subscription: double opt-in and one-click unsubscribe', () => {
  let product: ProductHarness;
  let api: ApiHarness;

  beforeAll(async () => {
    product = await startApiAndWorkers(testEnv({ FORM_RATE_LIMIT_MAX: '1000' }));
    api = product.api;
  });
  afterAll(async () => {
    await product.close();
  });

  const subscribe = (body: unknown) =>
    request(api.app)
      .post('/api/subscribe')
      .send(body as object);

  it.each([
    [{ email: '' }],
    [{ email: 'not-an-email' }],
    [{}],
    [{ email: 42 }],
    [{ email: `${'a'.repeat(250)}@x.ca` }],
  ])('answers %j with 400 and docs/product.md’s message', async (body) => {
    const response = await subscribe(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Please enter a valid email.');
  });

  it('asks a new address to confirm, gives a repeat the same answer, and sends one email', async () => {
    const email = testEmail('reader');
    const first = await subscribe({ email: email.toUpperCase() });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ msg: NewsletterMessages.checkInbox });
    const again = await subscribe({ email });
    expect(again.body).toEqual(first.body);

    const [confirmation] = await waitForMail(email);
    expect(confirmation?.Subject).toMatch(/confirm/i);
    await jobsSettled(api.context.jobs);
    expect(await mailbox().list({ to: email })).toHaveLength(1);
    expect(await SubscriberModel.countDocuments({ email })).toBe(1);
    expect((await SubscriberModel.findOne({ email }))?.status).toBe('pending');
  });

  it('confirms through the signed link, refuses a tampered one, and says nothing about the list', async () => {
    const email = testEmail('confirmer');
    await subscribe({ email });
    const [mail] = await waitForMail(email);
    const link = signedLinkIn(mail?.Text ?? '', '/newsletter/confirm');

    const tampered = await request(api.app)
      .post('/api/newsletter/confirm')
      .send({
        ...link,
        token: `${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}`,
      });
    expect(tampered.status).toBe(403);
    expect(tampered.body.error).toBe(NewsletterMessages.linkInvalid);
    expect((await SubscriberModel.findById(link.subscriber))?.status).toBe('pending');

    const confirmed = await request(api.app).post('/api/newsletter/confirm').send(link);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(NewsletterMessages.confirmed);
    const subscriber = await SubscriberModel.findById(link.subscriber);
    expect(subscriber?.status).toBe('confirmed');
    expect(subscriber?.confirmedAt).toBeInstanceOf(Date);

    // An address already on the list gets the same answer, and no new email.
    const repeat = await subscribe({ email });
    expect(repeat.body).toEqual({ msg: NewsletterMessages.checkInbox });
    await jobsSettled(api.context.jobs);
    expect(await mailbox().list({ to: email })).toHaveLength(1);
  });

  it('unsubscribes through the link and through RFC 8058’s one-click POST, at once', async () => {
    const emails = [testEmail('leaver'), testEmail('one-click')];
    const subscribers = await SubscriberModel.insertMany(
      emails.map((email) => ({
        email,
        status: 'confirmed',
        subscribedAt: new Date(),
        confirmedAt: new Date(),
      })),
    );
    const newsletterLinks = new NewsletterLinks(
      product.api.context.config.LINK_SECRET,
      product.api.context.config.SITE_URL,
    );
    const [byPage, byClient] = subscribers.map((subscriber) => subscriber.id as string) as [
      string,
      string,
    ];

    // The site's page posts the link's fields as JSON.
    const page = signedLinkIn(
      newsletterLinks.unsubscribePageUrl(byPage),
      '/newsletter/unsubscribe',
    );
    const left = await request(api.app).post('/api/newsletter/unsubscribe').send(page);
    expect(left.status).toBe(200);
    expect(left.body.message).toBe(NewsletterMessages.unsubscribed);
    expect((await SubscriberModel.findById(byPage))?.status).toBe('unsubscribed');

    // A mail client posts List-Unsubscribe=One-Click to the header's URL.
    const oneClick = new URL(newsletterLinks.oneClickUrl(byClient));
    const clicked = await request(api.app)
      .post(`${oneClick.pathname}${oneClick.search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(clicked.status).toBe(200);
    const subscriber = await SubscriberModel.findById(byClient);
    expect(subscriber?.status).toBe('unsubscribed');
    expect(subscriber?.unsubscribedAt).toBeInstanceOf(Date);

    // Unsubscribing twice is still a success; a forged link is refused.
    expect((await request(api.app).post(`${oneClick.pathname}${oneClick.search}`)).status).toBe(
      200,
    );
    const forged = await request(api.app)
      .post('/api/newsletter/unsubscribe')
      .send({ subscriber: byPage, token: 'x'.repeat(43) });
    expect(forged.status).toBe(403);
  });

  it('takes back someone who left, with a new confirmation', async () => {
    const email = testEmail('returner');
    await SubscriberModel.create({
      email,
      status: 'unsubscribed',
      subscribedAt: new Date(),
      unsubscribedAt: new Date(),
    });
    expect((await subscribe({ email })).status).toBe(200);
    expect((await SubscriberModel.findOne({ email }))?.status).toBe('pending');
    await waitForMail(email);
  });
});
